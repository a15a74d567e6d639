// Issue #24 (being built): the rules of a team's activity log. An event is created only beside the
// entry write it records, in the same batch, with the id that write's revision (or its deletion)
// gives; only owners and admins read the log; nobody updates or deletes an event.
import { deleteDoc, doc, getDoc, getDocs, collection, serverTimestamp, setDoc, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { writeEventId } from '../../src/domain/auditEvents';
import { sampleTeam, teamEntry } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();
const TEAM = 'team-1';
const ENTRY = 'entry-1';

beforeEach(async () => {
  await env().clearFirestore();
  for (const uid of ['ana', 'adam', 'bob', 'vic']) await seedLiveTrial(env(), uid);
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'teams', TEAM), sampleTeam('ana', 'Ops', { ana: 'owner', adam: 'admin', bob: 'full', vic: 'view' }));
    await setDoc(doc(db, 'passwords', ENTRY), teamEntry(TEAM, 'ana', 'Prod DB'));
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
