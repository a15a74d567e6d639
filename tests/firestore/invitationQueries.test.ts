// The two invitation lists read only what the caller may see (docs/invitations.md, "Rules"): with
// 30 invitations to other people in other teams, the invitee's query returns exactly their pending
// invitations and a manager's team query exactly that team's, newest first; every query the rules
// cannot prove (no status, another address, the whole collection, a team the caller does not
// manage) is refused, whatever it would have returned.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, orderBy, query, where, writeBatch, type DocumentReference, type Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFirestoreInvitationRepository } from '../../src/data/firestore/firestoreInvitationRepository';
import { sampleInvitation, sampleSecretInvitation } from '../contract/invitationRepository.contract';
import { sampleTeam } from './matrix/teamSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const environment = useRulesEnvironment();
const ME = 'mia';
const MY_EMAIL = 'mia@example.com';
/** Mia's team: she owns it; ada is its admin, fred full, vic view; olga is in none of it. */
const TEAM = 'team-mia';
const FOREIGN = Array.from({ length: 30 }, (_, index) => `foreign-${String(index).padStart(2, '0')}`);
const HOUR = 3_600_000;
const now = Date.now();

function pendingQuery(db: Firestore, field: 'email' | 'teamId', value: string) {
  return query(collection(db, 'invitations'), where(field, '==', value), where('status', '==', 'pending'), orderBy('createdAt', 'desc'));
}

const ids = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((document) => document.id);

beforeEach(async () => {
  const env = environment();
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    // One batch, one round trip: 66 sequential writes outlast the hook's timeout on a busy emulator.
    const batch = writeBatch(db);
    const put = (ref: DocumentReference, data: object) => batch.set(ref, data);
    put(doc(db, 'teams', TEAM), sampleTeam(ME, 'Mia’s team', { [ME]: 'owner', ada: 'admin', fred: 'full', vic: 'view' }));
    for (const [index, teamId] of FOREIGN.entries()) {
      const owner = `owner-${String(index % 5)}`;
      put(doc(db, 'teams', teamId), sampleTeam(owner, `Team ${String(index)}`, { [owner]: 'owner', ada: 'full' }));
      // Invitations to other people, some created after Mia's so ordering alone would pull them in.
      put(
        doc(db, 'invitations', `${teamId}-invite`),
        sampleInvitation({ teamId, email: `person-${String(index)}@example.com`, userId: `person-${String(index)}`, invitedBy: owner }, now - index * 60_000),
      );
    }
    put(doc(db, 'invitations/mine-old'), sampleInvitation({ teamId: 'foreign-03', email: MY_EMAIL, userId: ME, invitedBy: 'owner-3' }, now - 3 * HOUR));
    put(doc(db, 'invitations/mine-new'), sampleInvitation({ teamId: 'foreign-07', email: MY_EMAIL, userId: ME, invitedBy: 'owner-2' }, now - HOUR));
    put(
      doc(db, 'invitations/mine-answered'),
      sampleInvitation({ teamId: 'foreign-09', email: MY_EMAIL, userId: ME, invitedBy: 'owner-4', status: 'declined', respondedAt: now }, now),
    );
    put(doc(db, 'invitations/team-zoe'), sampleSecretInvitation({ teamId: TEAM, invitedBy: ME }, now - 2 * HOUR));
    put(doc(db, 'invitations/team-bob'), sampleInvitation({ teamId: TEAM, invitedBy: ME }, now - 30 * 60_000));
    put(doc(db, 'invitations/team-answered'), sampleInvitation({ teamId: TEAM, invitedBy: ME, status: 'accepted', respondedAt: now }, now));
    await batch.commit();
  });
});

describe('the invitee’s query reads only their pending invitations', () => {
  it('returns exactly the caller’s two pending invitations, newest first', async () => {
    const result = await assertSucceeds(getDocs(pendingQuery(firestoreAs(environment(), ME), 'email', MY_EMAIL)));
    expect(ids(result)).toEqual(['mine-new', 'mine-old']);
  });

  it('through the repository too', async () => {
    const invitations = createFirestoreInvitationRepository(firestoreAs(environment(), ME));
    expect((await invitations.listPendingForEmail(MY_EMAIL)).map((invitation) => invitation.id)).toEqual(['mine-new', 'mine-old']);
  });

  it('with the rules off the collection holds all 36 (so the 2 are the query’s doing)', async () => {
    await environment().withSecurityRulesDisabled(async (context) => {
      expect((await getDocs(collection(context.firestore() as unknown as Firestore, 'invitations'))).size).toBe(36);
    });
  });

  it('matches the token’s address lower-cased', async () => {
    const db = firestoreAs(environment(), ME, { email: 'Mia@Example.COM' });
    expect(ids(await assertSucceeds(getDocs(pendingQuery(db, 'email', MY_EMAIL))))).toEqual(['mine-new', 'mine-old']);
    await assertSucceeds(getDoc(doc(db, 'invitations/mine-new')));
    // The stored address is lower-cased, so the token's spelling finds nothing and is refused.
    await assertFails(getDocs(pendingQuery(db, 'email', 'Mia@Example.COM')));
  });

  it('the unconstrained list is denied, also ordered or limited to pending ones', async () => {
    const db = firestoreAs(environment(), ME);
    await assertFails(getDocs(collection(db, 'invitations')));
    await assertFails(getDocs(query(collection(db, 'invitations'), orderBy('createdAt', 'desc'))));
    await assertFails(getDocs(query(collection(db, 'invitations'), where('status', '==', 'pending'), orderBy('createdAt', 'desc'))));
  });

  it('the caller’s query without the status filter is denied, and an answered invitation is no longer the invitee’s to read', async () => {
    const db = firestoreAs(environment(), ME);
    await assertFails(getDocs(query(collection(db, 'invitations'), where('email', '==', MY_EMAIL), orderBy('createdAt', 'desc'))));
    await assertFails(getDoc(doc(db, 'invitations/mine-answered')));
  });

  it('an unverified token at the address lists and reads nothing (issue #16: someone who registered the address first)', async () => {
    const squatter = firestoreAs(environment(), 'squatter', { email: MY_EMAIL, verified: false });
    await assertFails(getDocs(pendingQuery(squatter, 'email', MY_EMAIL)));
    await assertFails(getDoc(doc(squatter, 'invitations/mine-new')));
  });

  it('another address’s query is denied, and so is a token without an address', async () => {
    await assertFails(getDocs(pendingQuery(firestoreAs(environment(), ME), 'email', 'person-1@example.com')));
    const noEmail = firestoreAs(environment(), ME, { provider: 'github.com' });
    await assertFails(getDocs(pendingQuery(noEmail, 'email', MY_EMAIL)));
    await assertFails(getDoc(doc(noEmail, 'invitations/mine-new')));
  });

  it('another person’s invitation cannot be read by id; the repository says null', async () => {
    const db = firestoreAs(environment(), ME);
    await assertFails(getDoc(doc(db, 'invitations/foreign-00-invite')));
    expect(await createFirestoreInvitationRepository(db).get('foreign-00-invite')).toBeNull();
    expect((await createFirestoreInvitationRepository(db).get('mine-old'))?.data.teamId).toBe('foreign-03');
  });

  it('a signed-out visitor lists nothing', async () => {
    const db = environment().unauthenticatedContext().firestore() as unknown as Firestore;
    await assertFails(getDocs(pendingQuery(db, 'email', MY_EMAIL)));
  });
});

describe('the team query is the owner’s and the admins’', () => {
  it.each([ME, 'ada'])('%s gets the team’s two pending invitations, newest first', async (uid) => {
    const result = await assertSucceeds(getDocs(pendingQuery(firestoreAs(environment(), uid), 'teamId', TEAM)));
    expect(ids(result)).toEqual(['team-bob', 'team-zoe']);
  });

  it.each(['fred', 'vic', 'olga'])('%s (full, view, not a member) is denied', async (uid) => {
    await assertFails(getDocs(pendingQuery(firestoreAs(environment(), uid), 'teamId', TEAM)));
  });

  it('a team the caller is only a full member of is denied', async () => {
    await assertFails(getDocs(pendingQuery(firestoreAs(environment(), 'ada'), 'teamId', 'foreign-00')));
  });

  it('the team query without the status filter is denied', async () => {
    await assertFails(getDocs(query(collection(firestoreAs(environment(), ME), 'invitations'), where('teamId', '==', TEAM), orderBy('createdAt', 'desc'))));
  });

  it('a signed-out visitor is denied', async () => {
    const db = environment().unauthenticatedContext().firestore() as unknown as Firestore;
    await assertFails(getDocs(pendingQuery(db, 'teamId', TEAM)));
  });
});
