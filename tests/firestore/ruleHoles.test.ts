// Rule holes found in review, one named test each (firestore tier). Each failed on the rules
// before the fix that closed it; docs/rules.md explains the decisions.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, updateDoc } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { sampleUserRecord } from '../contract/userRepository.contract';
import { sampleEntry, sampleGroup } from '../contract/vaultRepositories.contract';
import { seedLiveTrial } from './planSeed';
import { tokenFor, useRulesEnvironment, type TokenClaims } from './rulesEnvironment';

const environment = useRulesEnvironment();
let env: RulesTestEnvironment;

const MINUTE = 60_000;

/** A signed-in user's Firestore with the given token claims (no email unless given). */
function as(uid: string, claims: TokenClaims = {}) {
  return env.authenticatedContext(uid, tokenFor(uid, claims)).firestore();
}

function record(now: number, overrides: Record<string, unknown> = {}) {
  return { ...sampleUserRecord(now), email: 'bob@example.com', ...overrides };
}

beforeEach(async () => {
  env = environment();
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'groups/alice-group'), sampleGroup('alice', 'Alice’s'));
    await setDoc(doc(db, 'groups/bob-group'), sampleGroup('bob', 'Bob’s'));
    await setDoc(doc(db, 'groups/team-group'), sampleGroup('bob', 'Team', { teamId: 'team-1' }));
    await setDoc(doc(db, 'passwords/bob-entry'), sampleEntry('bob', 'Bob’s bank'));
  });
});

describe('hole: a user record could claim another person’s email', () => {
  it('the email must be the token’s email, lower-cased', async () => {
    const now = Date.now();
    await assertFails(setDoc(doc(as('bob', { email: 'bob@example.com' }), 'users/bob'), record(now, { email: 'ana@example.com' })));
    await assertSucceeds(setDoc(doc(as('bob', { email: 'Bob@Example.com' }), 'users/bob'), record(now)));
  });

  it('a token without an email stores email null, and cannot claim one', async () => {
    const now = Date.now();
    await assertFails(setDoc(doc(as('bob'), 'users/bob'), record(now)));
    await assertSucceeds(setDoc(doc(as('bob'), 'users/bob'), record(now, { email: null })));
  });

  it('a token with an email cannot store email null', async () => {
    await assertFails(setDoc(doc(as('bob', { email: 'bob@example.com' }), 'users/bob'), record(Date.now(), { email: null })));
  });

  it.each([
    ['password', 'password'],
    ['google.com', 'google'],
    ['microsoft.com', 'microsoft'],
    ['github.com', 'github'],
    ['custom', 'unknown'],
    ['anonymous', 'unknown'],
  ])('authProvider follows the token’s sign-in provider: %s is %s', async (provider, name) => {
    const now = Date.now();
    const db = as('bob', { email: 'bob@example.com', provider });
    for (const other of ['password', 'google', 'microsoft', 'github', 'unknown'].filter((value) => value !== name)) {
      await assertFails(setDoc(doc(db, 'users/bob'), record(now, { authProvider: other })));
    }
    await assertSucceeds(setDoc(doc(db, 'users/bob'), record(now, { authProvider: name })));
  });
});

describe('hole: sign-up failed when the browser clock ran more than 60 s fast', () => {
  it.each([
    ['5 minutes fast', 5 * MINUTE],
    ['5 minutes slow', -5 * MINUTE],
  ])('a clock %s is accepted', async (_label, offset) => {
    await assertSucceeds(setDoc(doc(as('bob', { email: 'bob@example.com' }), 'users/bob'), record(Date.now() + offset)));
  });

  it.each([
    ['11 minutes fast', 11 * MINUTE],
    ['11 minutes slow', -11 * MINUTE],
  ])('a clock %s is refused', async (_label, offset) => {
    await assertFails(setDoc(doc(as('bob', { email: 'bob@example.com' }), 'users/bob'), record(Date.now() + offset)));
  });
});

describe('hole: ciphertext fields accepted a few base64 characters', () => {
  // 40 characters ending in '==' are the shortest base64 of IV (12) + GCM tag (16) = 28 bytes.
  const SHORTEST_SEALED = `${'A'.repeat(38)}==`;
  const ONE_BYTE_SHORT = `${'A'.repeat(35)}=`;

  it.each(['username', 'password'])('an entry’s %s must hold at least an IV and a tag', async (name) => {
    await seedLiveTrial(env, 'bob'); // new personal entries need paid access (docs/rules.md, "Plan limits")
    const db = as('bob');
    await assertFails(setDoc(doc(db, 'passwords/short'), sampleEntry('bob', 'Short', { [name]: 'AAAA' })));
    await assertFails(setDoc(doc(db, 'passwords/short'), sampleEntry('bob', 'Short', { [name]: ONE_BYTE_SHORT })));
    await assertFails(setDoc(doc(db, 'passwords/short'), sampleEntry('bob', 'Short', { [name]: 'A'.repeat(39) })));
    await assertSucceeds(setDoc(doc(db, 'passwords/short'), sampleEntry('bob', 'Short', { [name]: SHORTEST_SEALED })));
  });

  it.each([
    ['encryptionSalt', 'AAAA'],
    ['publicKey', 'AAAA'],
    ['publicKey', 'A'.repeat(388)],
    ['encryptedPrivateKey', 'AAAA'],
    ['encryptedPrivateKey', SHORTEST_SEALED],
    ['wrappedVaultKey', 'AAAA'],
    ['wrappedVaultKey', SHORTEST_SEALED],
    ['masterPasswordTest', 'AAAA'],
    ['masterPasswordTest', SHORTEST_SEALED],
  ])('a user record’s %s of %s is too short for what it stores', async (name, value) => {
    const db = as('bob', { email: 'bob@example.com' });
    const now = Date.now();
    await assertFails(setDoc(doc(db, 'users/bob'), record(now, { [name]: value })));
    await assertSucceeds(setDoc(doc(db, 'users/bob'), record(now)));
  });

  it.each([
    ['passwords', () => sampleEntry('bob', 'Later')],
    ['groups', () => sampleGroup('bob', 'Later')],
  ] as const)('%s: updatedAt may not precede createdAt, nor either be far in the future', async (name, sample) => {
    await seedLiveTrial(env, 'bob'); // new personal entries and groups need paid access
    const db = as('bob');
    const now = Date.now();
    await assertFails(setDoc(doc(db, `${name}/t`), { ...sample(), createdAt: 2_000, updatedAt: 1_000 }));
    await assertFails(setDoc(doc(db, `${name}/t`), { ...sample(), createdAt: now + 11 * MINUTE, updatedAt: now + 11 * MINUTE }));
    await assertFails(setDoc(doc(db, `${name}/t`), { ...sample(), createdAt: now, updatedAt: now + 11 * MINUTE }));
    await assertSucceeds(setDoc(doc(db, `${name}/t`), { ...sample(), createdAt: now, updatedAt: now + 5 * MINUTE }));
    // Each update advances the revision (docs/rules.md, "Revisions"), so only the times are wrong.
    await assertFails(updateDoc(doc(db, `${name}/t`), { updatedAt: now - 1, revision: 2 }));
    await assertFails(updateDoc(doc(db, `${name}/t`), { updatedAt: now + 11 * MINUTE, revision: 2 }));
    await assertSucceeds(updateDoc(doc(db, `${name}/t`), { updatedAt: now + MINUTE, revision: 2 }));
  });

  it('a user record’s updatedAt is its createdAt, not in the future', async () => {
    const db = as('bob', { email: 'bob@example.com' });
    const now = Date.now();
    await assertFails(setDoc(doc(db, 'users/bob'), record(now, { updatedAt: now + 11 * MINUTE })));
    await assertFails(setDoc(doc(db, 'users/bob'), { ...record(now), subscription: { ...newTrialSubscription(now), updatedAt: now + 1 } }));
    await assertSucceeds(setDoc(doc(db, 'users/bob'), record(now)));
  });
});

describe('hole: an entry’s groupId could name another user’s group', () => {
  // Bob writes new personal entries, which need his paid access (docs/rules.md, "Plan limits").
  beforeEach(async () => {
    await seedLiveTrial(env, 'bob');
  });

  it.each([
    ['another user’s group', 'alice-group'],
    ['a team group', 'team-group'],
    ['a group that does not exist', 'no-such-group'],
  ])('an entry cannot be created in %s', async (_label, groupId) => {
    const db = as('bob');
    await assertFails(setDoc(doc(db, 'passwords/new'), sampleEntry('bob', 'New', { groupId })));
    await assertSucceeds(setDoc(doc(db, 'passwords/new'), sampleEntry('bob', 'New', { groupId: 'bob-group' })));
  });

  it('an entry cannot be moved into another user’s group, only into the writer’s own or none', async () => {
    const db = as('bob');
    // Each move advances the revision (docs/rules.md, "Revisions"), so only the group is wrong.
    await assertFails(updateDoc(doc(db, 'passwords/bob-entry'), { groupId: 'alice-group', revision: 2 }));
    await assertFails(updateDoc(doc(db, 'passwords/bob-entry'), { groupId: 'team-group', revision: 2 }));
    await assertSucceeds(updateDoc(doc(db, 'passwords/bob-entry'), { groupId: 'bob-group', revision: 2 }));
    await assertSucceeds(updateDoc(doc(db, 'passwords/bob-entry'), { groupId: null, revision: 3 }));
  });
});
