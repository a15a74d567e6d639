// Issue #24: the rules of a team's activity log. An event is created only beside the entry, group or
// team-details write it records, in the same batch, with the id that write's revision (or its
// deletion, or the edit's time) gives; only owners and admins read the log; nobody updates or
// deletes an event. (The matrix checks that each write is refused without its event.)
import { deleteDoc, doc, getDoc, getDocs, collection, serverTimestamp, setDoc, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { writeEventId } from '../../src/domain/auditEvents';
import { sampleGroup } from '../contract/vaultRepositories.contract';
import { sampleTeam, teamEntry } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();
const TEAM = 'team-1';
const OTHER_TEAM = 'team-2';
const ENTRY = 'entry-1';
const GROUP = 'group-1';

beforeEach(async () => {
  await env().clearFirestore();
  for (const uid of ['ana', 'adam', 'bob', 'vic']) await seedLiveTrial(env(), uid);
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'teams', TEAM), sampleTeam('ana', 'Ops', { ana: 'owner', adam: 'admin', bob: 'full', vic: 'view' }));
    await setDoc(doc(db, 'teams', OTHER_TEAM), sampleTeam('bob', 'Bob’s', { bob: 'owner' }));
    await setDoc(doc(db, 'passwords', ENTRY), teamEntry(TEAM, 'ana', 'Prod DB'));
    await setDoc(doc(db, 'groups', GROUP), sampleGroup('ana', 'Servers', { userId: null, teamId: TEAM }));
    await setDoc(doc(db, 'teams', TEAM, 'events', 'seeded'), { kind: 'entry.created', teamId: TEAM, actor: { uid: 'ana', email: 'ana@example.com' }, at: 1, entryId: ENTRY });
  });
});

const event = (uid: string, kind: string, overrides: Record<string, unknown> = {}) => ({
  kind,
  teamId: TEAM,
  actor: { uid, email: `${uid}@example.com` },
  at: serverTimestamp(),
  entryId: ENTRY,
  ...(kind === 'entry.edited' ? { parts: ['overview'] } : {}),
  ...overrides,
});

/** Bob's edit of the entry (revision 1 → 2), with `eventId`'s event beside it when given. */
function editBatch(db: Firestore, eventId: string | null, data: Record<string, unknown> = event('bob', 'entry.edited')) {
  const batch = writeBatch(db);
  batch.update(doc(db, 'passwords', ENTRY), { title: 'Prod DB (primary)', updatedAt: Date.now(), revision: 2 });
  if (eventId !== null) batch.set(doc(db, 'teams', TEAM, 'events', eventId), data);
  return batch.commit();
}

describe('a team’s activity log: writing', () => {
  it('an edit’s event is created in the same batch, with the id of the revision it writes', async () => {
    await assertSucceeds(editBatch(firestoreAs(env(), 'bob'), writeEventId('entry', ENTRY, 2)));
  });

  it('refuses an event of the wrong id, actor, team or time, and one standing alone', async () => {
    const bob = firestoreAs(env(), 'bob');
    await assertFails(editBatch(bob, writeEventId('entry', ENTRY, 3)));
    await assertFails(editBatch(bob, writeEventId('entry', ENTRY, 2), event('ana', 'entry.edited')));
    await assertFails(editBatch(bob, writeEventId('entry', ENTRY, 2), event('bob', 'entry.edited', { teamId: 'team-2' })));
    await assertFails(editBatch(bob, writeEventId('entry', ENTRY, 2), event('bob', 'entry.edited', { at: Date.now() })));
    await assertFails(editBatch(bob, writeEventId('entry', ENTRY, 2), event('bob', 'entry.edited', { title: 'Prod DB' })));
    await assertFails(setDoc(doc(bob, 'teams', TEAM, 'events', writeEventId('entry', ENTRY, 2)), event('bob', 'entry.edited')));
  });

  it('an event holds its kind’s fields and no other; a move names the groups the entry really leaves and joins', async () => {
    const bob = firestoreAs(env(), 'bob');
    const id = writeEventId('entry', ENTRY, 2);
    await assertFails(editBatch(bob, id, event('bob', 'entry.edited', { parts: ['overview', 'title'] })));
    await assertFails(editBatch(bob, id, event('bob', 'entry.edited', { parts: ['notes', 'notes', 'notes', 'notes', 'notes'] })));
    await assertFails(editBatch(bob, id, event('bob', 'entry.edited', { parts: 'overview' })));
    await assertFails(editBatch(bob, id, { ...event('bob', 'entry.edited'), actor: { uid: 'bob', email: 'bob@example.com', name: 'Bob' } }));
    const { parts: _parts, ...withoutParts } = event('bob', 'entry.edited');
    await assertFails(editBatch(bob, id, { ...withoutParts, note: 'x' }));
    const move = (data: Record<string, unknown>) => {
      const batch = writeBatch(bob);
      batch.update(doc(bob, 'passwords', ENTRY), { groupId: GROUP, updatedAt: Date.now(), revision: 2 });
      batch.set(doc(bob, 'teams', TEAM, 'events', id), data);
      return batch.commit();
    };
    const moved = (fromGroupId: string | null, toGroupId: string | null) => ({ ...withoutParts, kind: 'entry.moved', fromGroupId, toGroupId });
    await assertFails(move(moved(null, 'group-2')));
    await assertFails(move(moved('group-2', GROUP)));
    await assertFails(move({ ...moved(null, GROUP), parts: ['overview'] }));
    await assertFails(move({ ...withoutParts, kind: 'entry.created' }));
    await assertSucceeds(move(moved(null, GROUP)));
  });

  it('a created entry’s event says created, and only beside its creation', async () => {
    const bob = firestoreAs(env(), 'bob');
    const create = (eventData: Record<string, unknown>) => {
      const batch = writeBatch(bob);
      batch.set(doc(bob, 'passwords', 'entry-2'), teamEntry(TEAM, 'bob', 'Staging DB'));
      batch.set(doc(bob, 'teams', TEAM, 'events', writeEventId('entry', 'entry-2', 1)), eventData);
      return batch.commit();
    };
    await assertFails(create(event('bob', 'entry.created', { entryId: 'entry-2', title: 'Staging DB' })));
    await assertFails(create(event('bob', 'entry.edited', { entryId: 'entry-2' })));
    await assertSucceeds(create(event('bob', 'entry.created', { entryId: 'entry-2' })));
  });

  it('a delete’s event is created beside the delete; a view-only member writes neither', async () => {
    const bob = firestoreAs(env(), 'bob');
    const batch = writeBatch(bob);
    batch.delete(doc(bob, 'passwords', ENTRY));
    batch.set(doc(bob, 'teams', TEAM, 'events', writeEventId('entry', ENTRY, 'deleted')), event('bob', 'entry.deleted'));
    await assertSucceeds(batch.commit());
    await assertFails(editBatch(firestoreAs(env(), 'vic'), writeEventId('entry', ENTRY, 2), event('vic', 'entry.edited')));
  });

  it('nobody updates or deletes an event', async () => {
    for (const uid of ['ana', 'adam', 'bob']) {
      const db = firestoreAs(env(), uid);
      await assertFails(updateDoc(doc(db, 'teams', TEAM, 'events', 'seeded'), { kind: 'entry.deleted' }));
      await assertFails(deleteDoc(doc(db, 'teams', TEAM, 'events', 'seeded')));
    }
  });
});

describe('a team’s activity log: groups, the team’s details, other teams', () => {
  const groupEvent = (uid: string, kind: string, groupId = GROUP) => ({
    kind,
    teamId: TEAM,
    actor: { uid, email: `${uid}@example.com` },
    at: serverTimestamp(),
    groupId,
  });

  it('a group’s rename and delete carry their events; an entry’s event cannot stand for a group’s', async () => {
    const bob = firestoreAs(env(), 'bob');
    const rename = (eventId: string, data: Record<string, unknown>) => {
      const batch = writeBatch(bob);
      batch.update(doc(bob, 'groups', GROUP), { name: 'Hosts', updatedAt: Date.now(), revision: 2 });
      batch.set(doc(bob, 'teams', TEAM, 'events', eventId), data);
      return batch.commit();
    };
    await assertFails(rename(writeEventId('entry', GROUP, 2), { ...groupEvent('bob', 'group.edited') }));
    await assertFails(rename(writeEventId('group', GROUP, 2), { ...groupEvent('bob', 'group.edited'), name: 'Hosts' }));
    await assertSucceeds(rename(writeEventId('group', GROUP, 2), groupEvent('bob', 'group.edited')));
    const remove = writeBatch(bob);
    remove.delete(doc(bob, 'groups', GROUP));
    remove.set(doc(bob, 'teams', TEAM, 'events', writeEventId('group', GROUP, 'deleted')), groupEvent('bob', 'group.deleted'));
    await assertSucceeds(remove.commit());
  });

  it('the owner’s rename carries a rename event named by its time; an admin cannot log one', async () => {
    const updatedAt = Date.now();
    const rename = (uid: string, eventId: string) => {
      const db = firestoreAs(env(), uid);
      const batch = writeBatch(db);
      batch.update(doc(db, 'teams', TEAM), { name: 'Operations', updatedAt });
      batch.set(doc(db, 'teams', TEAM, 'events', eventId), { kind: 'team.renamed', teamId: TEAM, actor: { uid, email: `${uid}@example.com` }, at: serverTimestamp() });
      return batch.commit();
    };
    await assertFails(rename('adam', `team-${updatedAt}-name`));
    await assertFails(rename('ana', `team-${updatedAt + 1}-name`));
    await assertFails(rename('ana', `team-${updatedAt}-description`));
    await assertSucceeds(rename('ana', `team-${updatedAt}-name`));
  });

  it('an event is written only in the team of the entry it names', async () => {
    const bob = firestoreAs(env(), 'bob');
    const batch = writeBatch(bob);
    batch.update(doc(bob, 'passwords', ENTRY), { title: 'Prod DB (primary)', updatedAt: Date.now(), revision: 2 });
    batch.set(doc(bob, 'teams', TEAM, 'events', writeEventId('entry', ENTRY, 2)), event('bob', 'entry.edited'));
    batch.set(doc(bob, 'teams', OTHER_TEAM, 'events', writeEventId('entry', ENTRY, 2)), event('bob', 'entry.edited', { teamId: OTHER_TEAM }));
    await assertFails(batch.commit());
  });
});

describe('a team’s activity log: reading', () => {
  it('owners and admins read it; full and view members do not', async () => {
    for (const uid of ['ana', 'adam']) {
      await assertSucceeds(getDoc(doc(firestoreAs(env(), uid), 'teams', TEAM, 'events', 'seeded')));
      await assertSucceeds(getDocs(collection(firestoreAs(env(), uid), 'teams', TEAM, 'events')));
    }
    for (const uid of ['bob', 'vic', 'eve']) {
      await assertFails(getDoc(doc(firestoreAs(env(), uid), 'teams', TEAM, 'events', 'seeded')));
      await assertFails(getDocs(collection(firestoreAs(env(), uid), 'teams', TEAM, 'events')));
    }
  });
});
