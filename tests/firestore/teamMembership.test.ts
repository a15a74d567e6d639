// Membership queries read only the caller's teams (ENGINEERING.md §3): with 30 teams the user is not
// in and 2 they are, the membership query returns exactly their 2, and every query the rules
// cannot prove is limited to the caller's teams is refused, whatever it would have returned.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, orderBy, query, setDoc, where, type Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleEntry } from '../contract/vaultRepositories.contract';
import { sampleTeam, teamEntry } from './matrix/teamSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const environment = useRulesEnvironment();
const ME = 'mia';
const FOREIGN = Array.from({ length: 30 }, (_, index) => `foreign-${String(index).padStart(2, '0')}`);

/** What TeamRepository.listForMember runs. */
function membershipQuery(db: Firestore, uid: string) {
  return query(collection(db, 'teams'), where('memberIds', 'array-contains', uid), where('deleting', '==', false), orderBy('name'));
}

beforeEach(async () => {
  const env = environment();
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (const [index, teamId] of FOREIGN.entries()) {
      // Names that sort around and between Mia's, owned by several people, some with many members.
      const owner = `owner-${String(index % 5)}`;
      await setDoc(doc(db, 'teams', teamId), sampleTeam(owner, `Team ${String.fromCharCode(65 + (index % 26))}${String(index)}`, { [owner]: 'owner', [`member-${String(index)}`]: 'full' }));
      await setDoc(doc(db, 'passwords', `${teamId}-entry`), teamEntry(teamId, owner, 'Theirs'));
    }
    await setDoc(doc(db, 'teams/mine-b'), sampleTeam('boss', 'Zebra squad', { boss: 'owner', [ME]: 'view' }));
    await setDoc(doc(db, 'teams/mine-a'), sampleTeam(ME, 'Alpha', { [ME]: 'owner', 'owner-1': 'admin' }));
    await setDoc(doc(db, 'teams/mine-gone'), sampleTeam(ME, 'Being deleted', { [ME]: 'owner' }, { deleting: true }));
    await setDoc(doc(db, 'passwords/mine-a-entry'), teamEntry('mine-a', ME, 'Ours'));
    await setDoc(doc(db, 'passwords/mia-entry'), sampleEntry(ME, 'Mine'));
  });
});

describe('membership queries read only the caller’s teams', () => {
  it('the membership query returns exactly the caller’s two teams, by name', async () => {
    const result = await assertSucceeds(getDocs(membershipQuery(firestoreAs(environment(), ME), ME)));
    expect(result.docs.map((team) => team.id)).toEqual(['mine-a', 'mine-b']);
  });

  it('with the rules off the collection holds all 33 (so the 2 are the query’s doing)', async () => {
    await environment().withSecurityRulesDisabled(async (context) => {
      const all = await getDocs(collection(context.firestore() as unknown as Firestore, 'teams'));
      expect(all.size).toBe(33);
    });
  });

  it('the unconstrained list of teams is denied, also ordered or limited to live teams', async () => {
    const db = firestoreAs(environment(), ME);
    await assertFails(getDocs(collection(db, 'teams')));
    await assertFails(getDocs(query(collection(db, 'teams'), orderBy('name'))));
    await assertFails(getDocs(query(collection(db, 'teams'), where('deleting', '==', false))));
  });

  it('another user’s membership query is denied, even one whose teams the caller shares', async () => {
    const db = firestoreAs(environment(), ME);
    await assertFails(getDocs(membershipQuery(db, 'owner-1')));
    await assertFails(getDocs(membershipQuery(db, 'boss')));
  });

  it('a membership query that does not rule out deleting teams is denied', async () => {
    const db = firestoreAs(environment(), ME);
    await assertFails(getDocs(query(collection(db, 'teams'), where('memberIds', 'array-contains', ME), orderBy('name'))));
  });

  it('queries by owner are denied: counting owned teams is the server’s', async () => {
    const db = firestoreAs(environment(), ME);
    await assertFails(getDocs(query(collection(db, 'teams'), where('ownerId', '==', ME), where('deleting', '==', false))));
  });

  it('a foreign team cannot be read by id, nor its entries listed', async () => {
    const db = firestoreAs(environment(), ME);
    await assertFails(getDoc(doc(db, 'teams', FOREIGN[0] ?? '')));
    await assertFails(getDocs(query(collection(db, 'passwords'), where('teamId', '==', FOREIGN[0] ?? ''), orderBy('title'))));
    const ours = await assertSucceeds(getDocs(query(collection(db, 'passwords'), where('teamId', '==', 'mine-a'), orderBy('title'))));
    expect(ours.docs.map((entry) => entry.id)).toEqual(['mine-a-entry']);
  });

  it('a signed-out visitor runs no team query at all', async () => {
    const db = environment().unauthenticatedContext().firestore() as unknown as Firestore;
    await assertFails(getDocs(membershipQuery(db, ME)));
    await assertFails(getDocs(collection(db, 'teams')));
  });
});
