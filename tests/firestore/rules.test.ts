// Rules tests (firestore tier): run only under `firebase emulators:exec --only firestore`.
// Pattern (ENGINEERING.md §6): wipe, seed with rules disabled, then an allow and a matching deny.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { newTrialSubscription } from '../../src/domain/trial';
import { sampleUserRecord } from '../contract/userRepository.contract';
import { sampleEntry, sampleGroup } from '../contract/vaultRepositories.contract';
import { tokenFor, useRulesEnvironment } from './rulesEnvironment';

const environment = useRulesEnvironment();
let env: RulesTestEnvironment;

beforeEach(async () => {
  env = environment();
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'users/alice'), sampleUserRecord());
    await setDoc(doc(db, 'anything/else'), { value: 1 });
    await setDoc(doc(db, 'passwords/alice-entry'), sampleEntry('alice', 'Alice’s bank'));
    await setDoc(doc(db, 'groups/alice-group'), sampleGroup('alice', 'Banking'));
  });
});

const closed = ['teams', 'invitations', 'anything'];

describe('deny by default', () => {
  it.each(closed)('a signed-out visitor can neither read, list nor write %s', async (name) => {
    const db = env.unauthenticatedContext().firestore();
    await assertFails(getDoc(doc(db, `${name}/x`)));
    await assertFails(getDocs(collection(db, name)));
    await assertFails(setDoc(doc(db, `${name}/x`), { a: 1 }));
  });

  it.each(closed)('a signed-in user can neither read, list nor write %s yet', async (name) => {
    const db = env.authenticatedContext('bob').firestore();
    await assertFails(getDoc(doc(db, `${name}/x`)));
    await assertFails(getDocs(collection(db, name)));
    await assertFails(setDoc(doc(db, `${name}/bob`), { a: 1 }));
  });
});

describe('users/{uid}', () => {
  it('its owner reads it; another user and a visitor do not', async () => {
    await assertSucceeds(getDoc(doc(env.authenticatedContext('alice').firestore(), 'users/alice')));
    await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'users/alice')));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'users/alice')));
  });

  it('nobody lists users', async () => {
    await assertFails(getDocs(collection(env.authenticatedContext('alice').firestore(), 'users')));
  });

  it('a user creates their own record with the trial; not someone else’s', async () => {
    await assertSucceeds(
      setDoc(doc(env.authenticatedContext('bob', tokenFor('bob', { email: 'ana@example.com' })).firestore(), 'users/bob'), sampleUserRecord()),
    );
    await assertFails(setDoc(doc(env.authenticatedContext('carol').firestore(), 'users/dave'), sampleUserRecord()));
    await assertFails(setDoc(doc(env.unauthenticatedContext().firestore(), 'users/erin'), sampleUserRecord()));
  });

  it('a new record cannot give itself a paid subscription or a long trial', async () => {
    const db = env.authenticatedContext('bob').firestore();
    const now = Date.now();
    await assertFails(
      setDoc(doc(db, 'users/bob'), {
        ...sampleUserRecord(now),
        subscription: { ...newTrialSubscription(now), status: 'active', isFreeTrialOnly: false },
      }),
    );
    await assertFails(
      setDoc(doc(db, 'users/bob'), {
        ...sampleUserRecord(now),
        subscription: { ...newTrialSubscription(now), currentPeriodEnd: now + 365 * 86_400_000, trialEnd: now + 365 * 86_400_000 },
      }),
    );
  });

  it('malformed records are refused', async () => {
    const db = env.authenticatedContext('bob').firestore();
    await assertFails(setDoc(doc(db, 'users/bob'), { ...sampleUserRecord(), kdf: { algorithm: 'PBKDF2-SHA256', iterations: 1000 } }));
    await assertFails(setDoc(doc(db, 'users/bob'), { ...sampleUserRecord(), publicKey: 'not base64 !' }));
    await assertFails(setDoc(doc(db, 'users/bob'), { ...sampleUserRecord(), teamIds: ['someone-elses-team'] }));
    await assertFails(setDoc(doc(db, 'users/bob'), { ...sampleUserRecord(), masterPasswordHash: 'abc' }));
  });

  it('a record is not changed or deleted from the client yet, not even by its owner', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(updateDoc(doc(alice, 'users/alice'), { email: 'x@example.com' }));
    await assertFails(setDoc(doc(alice, 'users/alice'), sampleUserRecord()));
    await assertFails(deleteDoc(doc(alice, 'users/alice')));
  });
});

describe.each([
  ['passwords', 'alice-entry', () => sampleEntry('alice', 'Alice’s bank'), { title: 'Renamed' }],
  ['groups', 'alice-group', () => sampleGroup('alice', 'Banking'), { name: 'Renamed' }],
] as const)('%s (personal)', (collectionName, seededId, sample, change) => {
  const path = `${collectionName}/${seededId}`;
  const ownQuery = (db: ReturnType<ReturnType<RulesTestEnvironment['authenticatedContext']>['firestore']>, uid: string) =>
    query(collection(db, collectionName), where('userId', '==', uid), where('teamId', '==', null));

  it('its owner reads and lists it; another user and a visitor do not', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertSucceeds(getDoc(doc(alice, path)));
    await assertSucceeds(getDocs(ownQuery(alice, 'alice')));
    const bob = env.authenticatedContext('bob').firestore();
    await assertFails(getDoc(doc(bob, path)));
    await assertFails(getDocs(ownQuery(bob, 'alice')));
    await assertFails(getDocs(collection(bob, collectionName)));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), path)));
  });

  it('its owner creates, updates and deletes; others do not', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    const bob = env.authenticatedContext('bob').firestore();
    await assertSucceeds(setDoc(doc(alice, `${collectionName}/new-one`), sample()));
    await assertFails(setDoc(doc(bob, `${collectionName}/forged`), sample()));
    await assertFails(setDoc(doc(env.unauthenticatedContext().firestore(), `${collectionName}/anon`), sample()));
    await assertFails(updateDoc(doc(bob, path), change));
    await assertFails(deleteDoc(doc(bob, path)));
    await assertSucceeds(updateDoc(doc(alice, path), { ...change, updatedAt: 2_000 }));
    await assertSucceeds(deleteDoc(doc(alice, path)));
  });

  it('an owner cannot hand the document to someone else or to a team, or rewrite its creation time', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(updateDoc(doc(alice, path), { userId: 'bob' }));
    await assertFails(updateDoc(doc(alice, path), { teamId: 'team-1' }));
    await assertFails(updateDoc(doc(alice, path), { createdAt: 1 }));
  });
});

describe('passwords: malformed entries are refused', () => {
  it.each([
    ['a plaintext password', { password: 'hunter2 is my password' }],
    ['no title', { title: '' }],
    ['encrypted false', { encrypted: false }],
    ['an extra field', { masterPassword: 'x' }],
    ['a huge note', { notes: 'x'.repeat(10_001) }],
    ['a team entry', { teamId: 'team-1' }],
  ])('%s', async (_label, override) => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(setDoc(doc(alice, 'passwords/bad'), { ...sampleEntry('alice', 'Bad'), ...override }));
  });
});
