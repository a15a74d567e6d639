// Issue #41 item 2 (docs/teams.md, "The removal window"), on the emulators through the rules and
// the deployed callables: an admin removes a member, and a member leaves by itself, while the owner
// is signed out; the remaining members keep saving; every entry saved after the departure opens
// with the new key and with no key the departed member held (every stored part tried, under the
// binding of either version); the owner later signs in and the team ends on one key with nothing
// lost. And a malicious admin who wraps junk for the owner cannot lock the owner out for good.
import { beforeAll, describe, expect, it } from 'vitest';
import { generateTeamKey, sealPreviousTeamKey, teamKeyCheck, type TeamKey } from '../../../src/crypto';
import { openEntryDetails, openEntryOverview } from '../../../src/crypto/entryParts';
import type { StoredPasswordEntry, WithId } from '../../../src/data/vault/storedEntries';
import { checkOwnTeamKey } from '../../../src/features/teams/keyUpkeep';
import { rotateIfNeeded } from '../../../src/features/teams/rotation';
import { openTeamKey, wrapFor } from '../../../src/features/teams/teamKeys';
import { grantKey, prepareGrant, removeMember } from '../../../src/features/teams/teamService';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import { loadEntries, openDetails, savePassword } from '../../../src/features/vault/vaultService';
import { decryptText, entryFieldContext, unwrapTeamKey } from '../../../src/crypto';
import { wrappedKey } from './support';
import { person, readThroughEmulatorHiccups, teamOf, teamVault, type Person } from './people';

const draft = (title: string, password: string): ValidPasswordDraft => ({ title, url: null, notes: null, username: 'ops', password, groupId: null });

async function save(member: Person, teamId: string, title: string, password: string): Promise<string> {
  return (await savePassword(await teamVault(member, teamId), draft(title, password))).id;
}

/** Every password of the team as `member`'s vault opens it (current key, or the previous one during a rotation). */
async function passwordsSeenBy(member: Person, teamId: string): Promise<string[]> {
  const deps = await teamVault(member, teamId);
  const entries = await readThroughEmulatorHiccups(() => loadEntries(deps));
  return (await Promise.all(entries.map(async (entry) => (await openDetails(deps, entry)).password))).sort();
}

async function stored(member: Person, teamId: string): Promise<WithId<StoredPasswordEntry>[]> {
  return readThroughEmulatorHiccups(() => member.deps.passwords.listTeam(teamId));
}

/**
 * Whether `key` opens any stored part of the entry: the sealed overview and details (format 2)
 * under the binding of every key version up to the entry's, and the sealed fields of format 1.
 */
async function anyPartOpens(key: TeamKey, { id, data }: WithId<StoredPasswordEntry>): Promise<boolean> {
  const attempts: Promise<unknown>[] = [];
  for (let keyVersion = 1; keyVersion <= (data.keyVersion ?? 1); keyVersion += 1) {
    const binding = { entryId: id, keyVersion, format: 2 };
    if (data.format === 2) attempts.push(openEntryOverview(key, binding, data.overview), openEntryDetails(key, binding, data.details));
  }
  if (data.format !== 2) {
    for (const field of ['username', 'password'] as const) {
      const sealed = data[field];
      if (typeof sealed === 'string') attempts.push(decryptText(key, sealed, entryFieldContext(id, field)));
    }
  }
  const results = await Promise.allSettled(attempts);
  expect(attempts.length).toBeGreaterThan(0);
  return results.some((result) => result.status === 'fulfilled');
}

/** The key `member` holds now, as their browser opens it (the departed member's, taken before they go). */
async function keyOf(member: Person, teamId: string): Promise<TeamKey> {
  return openTeamKey((await member.deps.teams.get(teamId))!, teamId, member.uid, member.keys);
}

let owner: Person;
let ada: Person;
let cid: Person;
let dan: Person;
let eve: Person;
beforeAll(async () => {
  [owner, ada, cid, dan, eve] = await Promise.all([person('rw-owner'), person('rw-ada'), person('rw-cid'), person('rw-dan'), person('rw-eve')]);
}, 60_000);

describe('the removal window', () => {
  it('nothing saved after a removal or a leave is sealed with a key the departed member held, with the owner signed out; the owner ends it on one key', async () => {
    const teamId = await teamOf(owner, [ada, cid, dan, eve], 'full');
    await owner.deps.functions.changeMemberRole({ teamId, userId: ada.uid, role: 'admin' });
    const before = [await save(owner, teamId, 'Before 1', 'b1'), await save(cid, teamId, 'Before 2', 'b2')];
    expect(before).toHaveLength(2);
    const dansKey = await keyOf(dan, teamId);

    // The owner signs out. The admin removes dan; the admin's browser rotates at once.
    expect(await removeMember(ada.deps, teamId, dan.uid).then(() => rotateIfNeeded(ada.deps, teamId))).toBe('awaiting-owner');
    expect(await ada.deps.teams.get(teamId)).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: { version: 1 } });
    const afterRemoval = [await save(cid, teamId, 'After removal 1', 'r1'), await save(ada, teamId, 'After removal 2', 'r2')];
    // The entries from before wait for the owner: still at version 1, readable to everyone.
    expect((await stored(cid, teamId)).filter((entry) => entry.data.keyVersion === 1)).toHaveLength(2);
    for (const member of [ada, cid]) expect(await passwordsSeenBy(member, teamId)).toEqual(['b1', 'b2', 'r1', 'r2']);

    // The owner signs in: their browser confirms the new key, re-encrypts and finishes.
    expect(await checkOwnTeamKey(owner.deps, teamId)).toBe('confirmed');
    expect(await rotateIfNeeded(owner.deps, teamId)).toBe('done');
    expect(await owner.deps.teams.get(teamId)).toMatchObject({ keyVersion: 2, previousKey: null, rotationNeeded: false });

    // eve leaves by herself while the owner and the admin are away: saves wait for the rotation,
    // which the Full member's browser runs at once.
    const evesKey = await keyOf(eve, teamId);
    await eve.deps.functions.leaveTeam({ teamId });
    await expect(save(cid, teamId, 'In the window', 'w')).rejects.toThrow();
    expect((await stored(cid, teamId)).map((entry) => entry.data.title ?? 'sealed')).toHaveLength(4);
    expect(await rotateIfNeeded(cid.deps, teamId)).toBe('awaiting-owner');
    expect(await cid.deps.teams.get(teamId)).toMatchObject({ keyVersion: 3, rotationNeeded: false });
    const afterLeave = [await save(cid, teamId, 'After leave 1', 'l1'), await save(ada, teamId, 'After leave 2', 'l2')];

    // Every entry saved after each departure opens with the current key and with none the departed held.
    const current = await keyOf(cid, teamId);
    const all = await stored(cid, teamId);
    for (const [saved, departedKeys] of [
      [afterRemoval, [dansKey]],
      [afterLeave, [dansKey, evesKey]],
    ] as const) {
      for (const id of saved) {
        const entry = all.find((candidate) => candidate.id === id)!;
        expect(entry.data.keyVersion).toBe(id === afterRemoval[0] || id === afterRemoval[1] ? 2 : 3);
        for (const key of departedKeys) expect(await anyPartOpens(key, entry)).toBe(false);
      }
    }
    for (const id of afterLeave) expect(await anyPartOpens(current, all.find((candidate) => candidate.id === id)!)).toBe(true);

    // The owner comes back: one key, nothing lost.
    expect(await rotateIfNeeded(owner.deps, teamId)).toBe('done');
    expect(await owner.deps.teams.get(teamId)).toMatchObject({ keyVersion: 3, previousKey: null, rotationNeeded: false });
    expect((await stored(owner, teamId)).every((entry) => entry.data.keyVersion === 3)).toBe(true);
    for (const member of [owner, ada, cid]) expect(await passwordsSeenBy(member, teamId)).toEqual(['b1', 'b2', 'l1', 'l2', 'r1', 'r2']);
  }, 180_000);

  it('a malicious admin who wraps junk for the owner cannot lock the owner out for good', async () => {
    const [mal, kim, leo] = await Promise.all([person('rw-mal'), person('rw-kim'), person('rw-leo')]);
    const teamId = await teamOf(owner, [mal, kim, leo], 'full');
    await owner.deps.functions.changeMemberRole({ teamId, userId: mal.uid, role: 'admin' });
    await save(owner, teamId, 'Before', 'b1');

    // The owner signs out; the admin removes leo and rotates with junk for the owner.
    await mal.deps.functions.removeTeamMember({ teamId, userId: leo.uid });
    const team = (await mal.deps.teams.get(teamId))!;
    const current = await keyOf(mal, teamId);
    const next = await generateTeamKey();
    const wraps: Record<string, string> = {};
    for (const uid of team.memberIds) {
      wraps[uid] = uid === owner.uid ? wrappedKey() : await wrapFor(next, (await mal.deps.publicKeys.get(uid))!, teamId, 2);
    }
    await mal.deps.functions.rotateTeamKey({
      teamId,
      fromVersion: 1,
      wraps,
      sealedPreviousKey: await sealPreviousTeamKey(current, next, { teamId, keyVersion: 1 }),
      keyCheck: await teamKeyCheck(next, { teamId, keyVersion: 2 }),
    });
    await save(kim, teamId, 'After', 'a1');
    // Nothing from before is re-sealed or dropped while the owner holds only the old key.
    expect(await rotateIfNeeded(mal.deps, teamId)).toBe('awaiting-owner');
    await expect(mal.deps.functions.finishKeyRotation({ teamId, keyVersion: 2 })).rejects.toThrow(
      'The previous team key is kept until the team owner confirms the new one',
    );
    const old = (await stored(mal, teamId)).find((entry) => entry.data.keyVersion === 1)!;
    await expect(
      mal.deps.passwords.update(old.id, { format: 2, overview: old.data.overview!, details: old.data.details!, keyVersion: 2, remove: [] }, Date.now(), old.data.revision),
    ).rejects.toMatchObject({ name: 'WriteRefusedError' });

    // The owner signs in: the junk is found and reported; the owner's old wrap still opens everything from before.
    expect(await rotateIfNeeded(owner.deps, teamId)).toBe('awaiting-owner');
    const flagged = (await owner.deps.teams.get(teamId))!;
    expect(flagged.members[owner.uid]).toMatchObject({ needsTeamKey: true, previousTeamKey: { keyVersion: 1 } });
    const ownersOld = await unwrapTeamKey(flagged.members[owner.uid]!.previousTeamKey!.encryptedTeamKey, owner.keys.privateKey, { teamId, keyVersion: 1 });
    expect(await anyPartOpens(ownersOld, (await stored(kim, teamId)).find((entry) => entry.id === old.id)!)).toBe(true);

    // Any member holding the new key gives it back; the owner's browser then finishes the rotation.
    await grantKey(kim.deps, teamId, await prepareGrant(kim.deps, teamId, owner.uid));
    expect(await rotateIfNeeded(owner.deps, teamId)).toBe('done');
    expect(await owner.deps.teams.get(teamId)).toMatchObject({ keyVersion: 2, previousKey: null });
    expect(await passwordsSeenBy(owner, teamId)).toEqual(['a1', 'b1']);
  }, 180_000);
});
