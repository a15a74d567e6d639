// Issue #24: a deleted team's log stays readable to its former owner (docs/audit-log.md, "A deleted
// team's log"). deleteTeam leaves teams/{teamId}/events and writes teamLogs/{teamId} naming the
// owner; once the team document is gone, that owner alone reads the events, and nobody writes them.
import { collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { sampleTeam } from './matrix/teamSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();
const GONE = 'team-deleted';
const LIVE = 'team-live';

const event = (teamId: string) => ({ kind: 'team.created', teamId, actor: { uid: 'ana', email: 'ana@example.com' }, at: new Date(1_000) });

beforeEach(async () => {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    // Ana deleted GONE (adam was its admin); its events stay beside her teamLogs document.
    await setDoc(doc(db, 'teams', GONE, 'events', 'e1'), event(GONE));
    await setDoc(doc(db, 'teamLogs', GONE), { teamId: GONE, ownerUid: 'ana', deletedAt: new Date(2_000) });
    // LIVE still exists, owned by ana; a teamLogs document naming bob (a full member) must not let him in.
    await setDoc(doc(db, 'teams', LIVE), sampleTeam('ana', 'Ops', { ana: 'owner', bob: 'full' }));
    await setDoc(doc(db, 'teams', LIVE, 'events', 'e1'), event(LIVE));
    await setDoc(doc(db, 'teamLogs', LIVE), { teamId: LIVE, ownerUid: 'bob', deletedAt: new Date(2_000) });
    // A team deleted before logs were kept: no teamLogs document.
    await setDoc(doc(db, 'teams', 'team-unlogged', 'events', 'e1'), event('team-unlogged'));
  });
});

const eventsAs = (uid: string, teamId: string) => collection(firestoreAs(env(), uid), 'teams', teamId, 'events');

describe('a deleted team’s log: reading', () => {
  it('its former owner gets and lists its events, a page at a time as the viewer does', async () => {
    await assertSucceeds(getDoc(doc(eventsAs('ana', GONE), 'e1')));
    await assertSucceeds(getDocs(eventsAs('ana', GONE)));
    await assertSucceeds(getDocs(query(eventsAs('ana', GONE), orderBy('at', 'desc'), limit(50))));
  });

  it('its former admin, anyone else and a signed-out caller read none of it', async () => {
    for (const uid of ['adam', 'eve']) {
      await assertFails(getDoc(doc(eventsAs(uid, GONE), 'e1')));
      await assertFails(getDocs(eventsAs(uid, GONE)));
    }
    const signedOut = env().unauthenticatedContext().firestore() as unknown as Firestore;
    await assertFails(getDocs(collection(signedOut, 'teams', GONE, 'events')));
  });

  it('a teamLogs document counts only once the team is gone: it lets no member of a live team read its log', async () => {
    await assertFails(getDocs(eventsAs('bob', LIVE)));
    await assertFails(getDoc(doc(eventsAs('bob', LIVE), 'e1')));
    // The live team's owner still reads it as its owner.
    await assertSucceeds(getDocs(eventsAs('ana', LIVE)));
  });

  it('a deleted team without a teamLogs document is nobody’s to read', async () => {
    await assertFails(getDocs(eventsAs('ana', 'team-unlogged')));
  });

  it('the teamLogs document: its former owner gets it; nobody else gets or lists one', async () => {
    await assertSucceeds(getDoc(doc(firestoreAs(env(), 'ana'), 'teamLogs', GONE)));
    await assertFails(getDoc(doc(firestoreAs(env(), 'adam'), 'teamLogs', GONE)));
    await assertFails(getDocs(collection(firestoreAs(env(), 'ana'), 'teamLogs')));
  });
});

describe('a deleted team’s log: writing', () => {
  it('its former owner neither adds to, changes nor deletes its events, nor writes a teamLogs document', async () => {
    const ana = firestoreAs(env(), 'ana');
    await assertFails(setDoc(doc(ana, 'teams', GONE, 'events', 'e2'), { ...event(GONE), at: serverTimestamp() }));
    await assertFails(setDoc(doc(ana, 'teams', GONE, 'events', 'e1'), { ...event(GONE), kind: 'team.renamed' }));
    await assertFails(deleteDoc(doc(ana, 'teams', GONE, 'events', 'e1')));
    await assertFails(setDoc(doc(ana, 'teamLogs', 'team-other'), { teamId: 'team-other', ownerUid: 'ana', deletedAt: serverTimestamp() }));
    await assertFails(deleteDoc(doc(ana, 'teamLogs', GONE)));
  });
});
