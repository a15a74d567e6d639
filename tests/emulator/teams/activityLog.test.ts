// Issue #24 on the emulators, through the rules, each person on their own signed-in SDK: a team
// entry's or group's write from the browser carries exactly its activity-log event (who, what,
// server time, never a value), twenty members saving at once all land with theirs (no shared
// document to contend on), and a change that fails leaves no event.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTeamsApi } from '../../../src/features/teams/teamService';
import {
  createGroup,
  deleteGroup,
  deletePassword,
  loadGroups,
  PasswordConflictError,
  savePassword,
  updateGroup,
  type TeamVaultDeps,
} from '../../../src/features/vault/vaultService';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { person, teamOf, teamVault, type Person } from './people';
import { db } from './support';

const draft = (title: string, groupId: string | null = null) => ({ title, url: null, notes: null, username: `${title}-user`, password: `${title}-secret`, groupId });

interface StoredEvent {
  readonly id: string;
  readonly data: Record<string, unknown>;
}

async function eventsOf(teamId: string): Promise<StoredEvent[]> {
  const snapshot = await db().collection('teams').doc(teamId).collection('events').get();
  return snapshot.docs.map((document) => ({ id: document.id, data: document.data() }));
}

/** The events `action` added to the team's log (the callables' own, such as team.created, are left out by taking only what is new). */
async function eventsOfAction(teamId: string, action: () => Promise<unknown>): Promise<StoredEvent[]> {
  const before = new Set((await eventsOf(teamId)).map((event) => event.id));
  await action();
  return (await eventsOf(teamId)).filter((event) => !before.has(event.id));
}

/** An event as the log holds it, its time checked and set aside. */
function shapeOf(event: StoredEvent, started: number): Record<string, unknown> {
  const { at, ...rest } = event.data;
  expect(at).toBeInstanceOf(Timestamp);
  const ms = (at as Timestamp).toMillis();
  expect(ms).toBeGreaterThanOrEqual(started - 5_000);
  expect(ms).toBeLessThanOrEqual(Date.now() + 5_000);
  return { id: event.id, ...rest };
}

/** No value the user typed appears anywhere in the events. */
function expectNoValues(events: readonly StoredEvent[], values: readonly string[]): void {
  const text = JSON.stringify(events.map((event) => event.data));
  for (const value of values) expect(text).not.toContain(value);
}

let owner: Person;
let full: Person;
let viewer: Person;
beforeAll(async () => {
  [owner, full, viewer] = await Promise.all([person('log-owner'), person('log-full'), person('log-view')]);
}, 90_000);

describe('a team’s activity log on the emulators', () => {
  it('each entry and group action through the vault service records exactly its event, naming no value', async () => {
    const teamId = await teamOf(owner, [full], 'full');
    const vault: TeamVaultDeps = await teamVault(full, teamId);
    const actor = { uid: full.uid, email: full.email };
    const started = Date.now();
    let entry: PasswordEntry | undefined;

    const created = await eventsOfAction(teamId, async () => {
      entry = await savePassword(vault, draft('Production DB'));
    });
    expect(created.map((event) => shapeOf(event, started))).toEqual([
      { id: `entry-${entry!.id}-r1`, kind: 'entry.created', teamId, actor, entryId: entry!.id },
    ]);

    const edited = await eventsOfAction(teamId, async () => {
      entry = await savePassword(vault, { ...draft('Production DB'), password: 'rotated-secret', notes: 'rotated on Friday' }, entry);
    });
    expect(edited.map((event) => shapeOf(event, started))).toEqual([
      { id: `entry-${entry!.id}-r2`, kind: 'entry.edited', teamId, actor, entryId: entry!.id, parts: ['password', 'notes'] },
    ]);

    let groupId = '';
    const groupCreated = await eventsOfAction(teamId, async () => {
      groupId = (await createGroup(vault, { name: 'Databases', description: '' })).id;
    });
    expect(groupCreated.map((event) => shapeOf(event, started))).toEqual([{ id: `group-${groupId}-r1`, kind: 'group.created', teamId, actor, groupId }]);

    const moved = await eventsOfAction(teamId, async () => {
      entry = await savePassword(vault, { ...draft('Production DB', groupId), password: 'rotated-secret', notes: 'rotated on Friday' }, entry);
    });
    expect(moved.map((event) => shapeOf(event, started))).toEqual([
      { id: `entry-${entry!.id}-r3`, kind: 'entry.moved', teamId, actor, entryId: entry!.id, fromGroupId: null, toGroupId: groupId },
    ]);

    const [stored] = (await loadGroups(vault)).filter((each) => each.id === groupId);
    const renamed = await eventsOfAction(teamId, () => updateGroup(vault, stored!, { name: 'Data stores', description: '' }));
    expect(renamed.map((event) => shapeOf(event, started))).toEqual([{ id: `group-${groupId}-r2`, kind: 'group.edited', teamId, actor, groupId }]);

    // Deleting the group moves its entry out first (the entry's event), then deletes it (the group's).
    const [current] = (await loadGroups(vault)).filter((each) => each.id === groupId);
    const groupDeleted = await eventsOfAction(teamId, () => deleteGroup(vault, current!));
    expect(groupDeleted.map((event) => shapeOf(event, started)).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual([
      { id: `entry-${entry!.id}-r4`, kind: 'entry.moved', teamId, actor, entryId: entry!.id, fromGroupId: groupId, toGroupId: null },
      { id: `group-${groupId}-deleted`, kind: 'group.deleted', teamId, actor, groupId },
    ]);

    const deleted = await eventsOfAction(teamId, () => deletePassword(vault, { id: entry!.id, revision: 4 }));
    expect(deleted.map((event) => shapeOf(event, started))).toEqual([{ id: `entry-${entry!.id}-deleted`, kind: 'entry.deleted', teamId, actor, entryId: entry!.id }]);

    expectNoValues(await eventsOf(teamId), ['Production DB', 'Production DB-user', 'Production DB-secret', 'rotated-secret', 'rotated on Friday', 'Databases', 'Data stores']);
  }, 120_000);

  it('the owner’s rename and new description each record their event', async () => {
    const teamId = await teamOf(owner, [full], 'full');
    const teams = createTeamsApi(owner.deps);
    const started = Date.now();
    const actor = { uid: owner.uid, email: owner.email };
    const events = await eventsOfAction(teamId, () => teams.update(teamId, { name: 'Platform', description: 'Runs the servers' }));
    expect(events.map((event) => shapeOf(event, started)).map(({ id: _id, ...rest }) => rest).sort((a, b) => String(a.kind).localeCompare(String(b.kind)))).toEqual([
      { kind: 'team.descriptionChanged', teamId, actor },
      { kind: 'team.renamed', teamId, actor },
    ]);
    expectNoValues(events, ['Platform', 'Runs the servers']);
  }, 60_000);

  it('a change that fails leaves no event: a View Only member’s save, and the loser of two saves on one revision', async () => {
    const teamId = await teamOf(owner, [full, viewer], 'full');
    await db().collection('teams').doc(teamId).update({ [`members.${viewer.uid}.role`]: 'view' });
    const ownerVault = await teamVault(owner, teamId);
    const entry = await savePassword(ownerVault, draft('Shared'));
    const viewerVault = await teamVault(viewer, teamId);
    const refused = await eventsOfAction(teamId, () => savePassword(viewerVault, draft('Not allowed')).catch(() => undefined));
    expect(refused).toEqual([]);

    const fullVault = await teamVault(full, teamId);
    const race = await eventsOfAction(teamId, async () => {
      await savePassword(fullVault, { ...draft('Shared'), password: 'first' }, entry);
      await expect(savePassword(ownerVault, { ...draft('Shared'), password: 'second' }, entry)).rejects.toBeInstanceOf(PasswordConflictError);
    });
    expect(race.map((event) => [event.id, (event.data.actor as { uid: string }).uid])).toEqual([[`entry-${entry.id}-r2`, full.uid]]);
  }, 90_000);

  it('twenty members saving entries of one team at once all succeed, each with its own event', async () => {
    const others = await Promise.all(Array.from({ length: 19 }, (_, index) => person(`log-crowd-${index}`)));
    const teamId = await teamOf(owner, others, 'full');
    const members = [owner, ...others];
    const vaults = await Promise.all(members.map((member) => teamVault(member, teamId)));
    const saved = await Promise.all(vaults.map((vault, index) => savePassword(vault, draft(`Crowd ${index}`))));
    const edited = await Promise.all(vaults.map((vault, index) => savePassword(vault, { ...draft(`Crowd ${index}`), password: `changed ${index}` }, saved[index])));
    expect(edited.map((entry) => entry.revision)).toEqual(members.map(() => 2));
    const events = await eventsOf(teamId);
    const entryEvents = events.filter((event) => String(event.data.kind).startsWith('entry.'));
    expect(entryEvents).toHaveLength(40);
    for (const [index, member] of members.entries()) {
      const id = saved[index]!.id;
      const mine = entryEvents.filter((event) => event.data.entryId === id);
      expect(mine.map((event) => [event.id, event.data.kind, (event.data.actor as { uid: string }).uid])).toEqual([
        [`entry-${id}-r1`, 'entry.created', member.uid],
        [`entry-${id}-r2`, 'entry.edited', member.uid],
      ]);
    }
  }, 300_000);
});
