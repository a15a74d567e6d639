// users/{uid}: the owner reads their record and creates it once, at sign-up; a client makes two
// updates, each a named rule: its own pendingTeamKeys entries with updatedAt (docs/invitations.md),
// and its own master-key fields at a master-password change (docs/master-password.md). Other
// updates open with the issues that need them (billing).
import { deleteField } from 'firebase/firestore';
import { MAX_PENDING_TEAM_KEYS } from '@keyloft/contract/invitations';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { INVITATION_SIZES, SAMPLE_TEAM_KEY_WRAP } from '../../contract/invitationRepository.contract';
import { base64OfBytes, SAMPLE_ARGON2ID, sampleMasterKeyFields, sampleUserRecord, STORED_SIZES } from '../../contract/userRepository.contract';
import { ALLOW_OWNER_ONLY, allowOnly, changed, DENY_ALL, IDENTITIES, OTHER, OWNER, type CollectionTable, type MalformedRow } from './table';

const MINUTE = 60_000;
const DAY = 86_400_000;
const RECORD = `users/${OWNER}`;
/** The owner's record as sign-up writes it, stamped now. */
const record = (now = Date.now()) => ({ ...sampleUserRecord(now), email: IDENTITIES.owner.claims.email ?? null });
const nothing = () => ({});
const SHORTEST_SEALED = `${'A'.repeat(38)}==`;

/** The owner's record holding `count` pending team keys, invite0 to invite{count-1}. */
const withPendingKeys = (count: number) => () => ({
  [RECORD]: { ...record(), pendingTeamKeys: Object.fromEntries(Array.from({ length: count }, (_, index) => [`invite${String(index)}`, SAMPLE_TEAM_KEY_WRAP])) },
});
const pendingKey = (key = 'inviteA', value: unknown = SAMPLE_TEAM_KEY_WRAP) => ({ [`pendingTeamKeys.${key}`]: value, updatedAt: Date.now() });

function pendingKeyRow(what: string, invalid: () => Readonly<Record<string, unknown>>): MalformedRow {
  return { what, op: 'update', path: RECORD, valid: () => pendingKey(), invalid };
}

/** A master-password change as the client writes it: new salt, wrap and check value, KDF, updatedAt now. */
const masterKeyChange = () => ({ ...sampleMasterKeyFields(Date.now()) });

function masterKeyRow(what: string, invalid: () => Readonly<Record<string, unknown>>): MalformedRow {
  return { what: `a master-password change with ${what}`, op: 'update', path: RECORD, valid: masterKeyChange, invalid };
}

/** The change without some of its fields (that field left as it was). */
const masterKeyChangeWithout = (field: string) => () => changed(masterKeyChange(), { [field]: undefined });

function createRow(what: string, invalid: () => Readonly<Record<string, unknown>>): MalformedRow {
  return { what, op: 'create', path: RECORD, seed: nothing, valid: () => record(), invalid };
}

const missing = ['email', 'encryptionSalt', 'kdf', 'publicKey', 'encryptedPrivateKey', 'wrappedVaultKey', 'masterPasswordTest',
  'authProvider', 'createdAt', 'updatedAt', 'teamIds', 'pendingTeamKeys', 'subscription'] as const;

export const usersTable: CollectionTable = {
  collection: 'users',
  seed: () => ({ [RECORD]: record() }),
  access: [
    { op: 'get', what: 'the owner’s record', path: RECORD, expect: ALLOW_OWNER_ONLY },
    { op: 'list', what: 'the whole collection', path: 'users', expect: DENY_ALL },
    { op: 'list', what: 'the records with the owner’s email', path: 'users', where: [['email', '==', 'alice@example.com']], expect: DENY_ALL },
    { op: 'create', what: 'the owner’s record at sign-up', path: RECORD, seed: nothing, data: () => record(), expect: ALLOW_OWNER_ONLY },
    // A vault made since issue #18 is born marked sealed (docs/rules.md, "Sealed entries").
    {
      op: 'create',
      what: 'the owner’s record at sign-up, marked sealed',
      path: RECORD,
      seed: nothing,
      data: () => ({ ...record(), entryFormat: 2 }),
      expect: ALLOW_OWNER_ONLY,
    },
    // New accounts derive their master key with Argon2id; older code still signs up with PBKDF2 (above).
    {
      op: 'create',
      what: 'the owner’s record at sign-up, on Argon2id',
      path: RECORD,
      seed: nothing,
      data: () => ({ ...record(), kdf: { ...SAMPLE_ARGON2ID }, entryFormat: 2 }),
      expect: ALLOW_OWNER_ONLY,
    },
    { op: 'update', what: 'the owner’s email', path: RECORD, data: () => ({ email: 'x@example.com' }), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s updatedAt', path: RECORD, data: () => ({ updatedAt: Date.now() }), expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'a pending team key of the owner’s, with updatedAt', path: RECORD, data: () => pendingKey(), expect: ALLOW_OWNER_ONLY },
    {
      op: 'update',
      what: 'a pending team key of the owner’s, removed',
      path: RECORD,
      seed: withPendingKeys(1),
      data: () => ({ 'pendingTeamKeys.invite0': deleteField(), updatedAt: Date.now() }),
      expect: ALLOW_OWNER_ONLY,
    },
    {
      op: 'update',
      what: 'a pending team key of the other user’s',
      path: `users/${OTHER}`,
      seed: () => ({ [`users/${OTHER}`]: { ...record(), email: IDENTITIES.other.claims.email ?? null } }),
      data: () => pendingKey(),
      expect: allowOnly('other'),
    },
    // The seed is on PBKDF2 and the change on Argon2id: the move at the next unlock is this same write.
    { op: 'update', what: 'the owner’s master-key fields (a master-password change, or the move to Argon2id)', path: RECORD, data: masterKeyChange, expect: ALLOW_OWNER_ONLY },
    {
      op: 'update',
      what: 'the owner’s master-key fields back to PBKDF2 (a tab running code from before Argon2id)',
      path: RECORD,
      data: () => ({ ...masterKeyChange(), kdf: { algorithm: 'PBKDF2-SHA256', iterations: 600_000 } }),
      expect: ALLOW_OWNER_ONLY,
    },
    {
      op: 'update',
      what: 'the other user’s master-key fields',
      path: `users/${OTHER}`,
      seed: () => ({ [`users/${OTHER}`]: { ...record(), email: IDENTITIES.other.claims.email ?? null } }),
      data: masterKeyChange,
      expect: allowOnly('other'),
    },
    { op: 'update', what: 'the owner’s teamIds (acceptInvitation adds a team)', path: RECORD, data: () => ({ teamIds: ['team-1'], updatedAt: Date.now() }), expect: DENY_ALL },
    {
      op: 'update',
      what: 'the owner’s subscription',
      path: RECORD,
      data: () => ({ 'subscription.status': 'active', 'subscription.isFreeTrialOnly': false, updatedAt: Date.now() }),
      expect: DENY_ALL,
    },
    {
      op: 'update',
      what: 'the owner’s Stripe customer id (the billing callables’ alone)',
      path: RECORD,
      data: () => ({ 'subscription.customerId': 'cus_someone_else', updatedAt: Date.now() }),
      expect: DENY_ALL,
    },
    { op: 'update', what: 'the owner’s record, replaced whole', path: RECORD, replace: true, data: () => record(), expect: DENY_ALL },
    { op: 'delete', what: 'the owner’s record', path: RECORD, expect: DENY_ALL },
  ],
  malformed: [
    ...missing.map((field) => createRow(`a missing ${field}`, () => changed(record(), { [field]: undefined }))),
    ...(
      [
        ['an extra field', { masterPasswordHash: 'abc' }],
        ['an email that is a number', { email: 42 }],
        ['another person’s email', { email: 'ana@example.com' }],
        ['the email not lower-cased', { email: 'Alice@Example.com' }],
        ['email null with an address in the token', { email: null }],
        ['an authProvider other than the token’s', { authProvider: 'google' }],
        ['an authProvider outside the list', { authProvider: 'facebook' }],
        ['too few iterations', { kdf: { algorithm: 'PBKDF2-SHA256', iterations: 1000 } }],
        ['iterations as a string', { kdf: { algorithm: 'PBKDF2-SHA256', iterations: '600000' } }],
        ['another KDF', { kdf: { algorithm: 'MD5', iterations: 600_000 } }],
        ['an extra KDF field', { kdf: { algorithm: 'PBKDF2-SHA256', iterations: 600_000, memory: 1 } }],
        ['Argon2id with less than 64 MiB', { kdf: { ...SAMPLE_ARGON2ID, memoryKiB: 65_535 } }],
        ['a publicKey that is not base64', { publicKey: 'not base64 !' }],
        ['a too-short publicKey', { publicKey: 'AAAA' }],
        ['a publicKey shorter than RSA-2048', { publicKey: base64OfBytes(STORED_SIZES.publicKey - 4) }],
        ['a salt under 16 bytes', { encryptionSalt: base64OfBytes(15) }],
        ['a salt over 64 bytes', { encryptionSalt: base64OfBytes(65) }],
        ['a too-short encryptedPrivateKey', { encryptedPrivateKey: SHORTEST_SEALED }],
        ['a wrappedVaultKey one byte short', { wrappedVaultKey: base64OfBytes(STORED_SIZES.wrappedVaultKey - 1) }],
        ['a too-short masterPasswordTest', { masterPasswordTest: SHORTEST_SEALED }],
        ['teamIds already set', { teamIds: ['someone-elses-team'] }],
        ['teamIds that is a string', { teamIds: 'team-1' }],
        ['pendingTeamKeys already set', { pendingTeamKeys: { invite: SHORTEST_SEALED } }],
        ['marked with format 1', { entryFormat: 1 }],
        ['marked sealed with the format as text', { entryFormat: '2' }],
      ] as const
    ).map(([what, change]) => createRow(what, () => changed(record(), change))),
    pendingKeyRow('a wrap of 255 bytes', () => pendingKey('inviteA', base64OfBytes(INVITATION_SIZES.encryptedTeamKey - 1))),
    pendingKeyRow('a wrap of 257 bytes', () => pendingKey('inviteA', base64OfBytes(INVITATION_SIZES.encryptedTeamKey + 1))),
    pendingKeyRow('an AES-GCM wrap (the secret’s, 60 bytes)', () => pendingKey('inviteA', base64OfBytes(60))),
    pendingKeyRow('a wrap in the base64url alphabet', () => pendingKey('inviteA', SAMPLE_TEAM_KEY_WRAP.replace('a', '-'))),
    pendingKeyRow('a wrap that is not base64', () => pendingKey('inviteA', `!${SAMPLE_TEAM_KEY_WRAP.slice(1)}`)),
    pendingKeyRow('a wrap that is a number', () => pendingKey('inviteA', 42)),
    pendingKeyRow('a wrap that is null', () => pendingKey('inviteA', null)),
    pendingKeyRow('a wrap inside a map', () => pendingKey('inviteA', { wrap: SAMPLE_TEAM_KEY_WRAP })),
    pendingKeyRow('a key nested one level down', () => pendingKey('inviteA.nested')),
    pendingKeyRow('a key with a space', () => pendingKey('invite A')),
    pendingKeyRow('a key of 129 characters', () => pendingKey('i'.repeat(129))),
    pendingKeyRow('pendingTeamKeys a string', () => ({ pendingTeamKeys: SAMPLE_TEAM_KEY_WRAP, updatedAt: Date.now() })),
    pendingKeyRow('pendingTeamKeys removed', () => ({ pendingTeamKeys: deleteField(), updatedAt: Date.now() })),
    pendingKeyRow('an updatedAt an hour ahead', () => ({ ...pendingKey(), updatedAt: Date.now() + 60 * MINUTE })),
    pendingKeyRow('an updatedAt an hour behind', () => ({ ...pendingKey(), updatedAt: Date.now() - 60 * MINUTE })),
    pendingKeyRow('an updatedAt that is a string', () => ({ ...pendingKey(), updatedAt: String(Date.now()) })),
    ...(
      [
        ['another email', { email: 'mallory@example.com' }],
        ['another publicKey', { publicKey: base64OfBytes(STORED_SIZES.publicKey, 0x21) }],
        ['another encryptedPrivateKey', { encryptedPrivateKey: base64OfBytes(STORED_SIZES.encryptedPrivateKey, 0x21) }],
        ['another wrappedVaultKey', { wrappedVaultKey: base64OfBytes(STORED_SIZES.wrappedVaultKey, 0x21) }],
        ['another salt', { encryptionSalt: base64OfBytes(STORED_SIZES.encryptionSalt, 0x21) }],
        ['fewer iterations', { 'kdf.iterations': 100_000 }],
        ['another authProvider', { authProvider: 'google' }],
        ['a team in teamIds', { teamIds: ['team-1'] }],
        ['a paid subscription', { 'subscription.status': 'active' }],
        ['a changed createdAt', { createdAt: 1 }],
        ['an extra field', { masterPasswordHash: 'abc' }],
      ] as const
    ).map(([what, change]) => pendingKeyRow(`a pending team key and ${what}`, () => ({ ...pendingKey(), ...change }))),
    ...(
      [
        ['another email', { email: 'mallory@example.com' }],
        ['another publicKey', { publicKey: base64OfBytes(STORED_SIZES.publicKey, 0x21) }],
        ['another encryptedPrivateKey', { encryptedPrivateKey: base64OfBytes(STORED_SIZES.encryptedPrivateKey, 0x21) }],
        ['a team in teamIds', { teamIds: ['team-1'] }],
        ['a pending team key', { 'pendingTeamKeys.inviteA': SAMPLE_TEAM_KEY_WRAP }],
        ['a paid subscription', { 'subscription.status': 'active' }],
        ['another authProvider', { authProvider: 'google' }],
        ['a changed createdAt', { createdAt: 1 }],
        ['an extra field', { masterPasswordHash: 'abc' }],
        ['99,999 iterations', { kdf: { algorithm: 'PBKDF2-SHA256', iterations: 99_999 } }],
        ['10,000,001 iterations', { kdf: { algorithm: 'PBKDF2-SHA256', iterations: 10_000_001 } }],
        ['iterations as a string', { kdf: { algorithm: 'PBKDF2-SHA256', iterations: '600000' } }],
        ['another KDF', { kdf: { algorithm: 'MD5', iterations: 600_000 } }],
        ['an extra KDF field', { kdf: { algorithm: 'PBKDF2-SHA256', iterations: 600_000, memory: 1 } }],
        ['the KDF removed', { kdf: deleteField() }],
        ['Argon2id with 2 passes', { kdf: { ...SAMPLE_ARGON2ID, iterations: 2 } }],
        ['Argon2id with 11 passes', { kdf: { ...SAMPLE_ARGON2ID, iterations: 11 } }],
        ['Argon2id with 63 MiB', { kdf: { ...SAMPLE_ARGON2ID, memoryKiB: 64_512 } }],
        ['Argon2id with over 1 GiB', { kdf: { ...SAMPLE_ARGON2ID, memoryKiB: 1_048_577 } }],
        ['Argon2id with 0 lanes', { kdf: { ...SAMPLE_ARGON2ID, parallelism: 0 } }],
        ['Argon2id with 17 lanes', { kdf: { ...SAMPLE_ARGON2ID, parallelism: 17 } }],
        ['Argon2id without its memory', { kdf: { algorithm: 'Argon2id', iterations: 3, parallelism: 4 } }],
        ['Argon2id with memory as a string', { kdf: { ...SAMPLE_ARGON2ID, memoryKiB: '65536' } }],
        ['Argon2id with an extra field', { kdf: { ...SAMPLE_ARGON2ID, version: 19 } }],
        ['Argon2d', { kdf: { ...SAMPLE_ARGON2ID, algorithm: 'Argon2d' } }],
        ['a salt under 16 bytes', { encryptionSalt: base64OfBytes(15) }],
        ['a salt over 64 bytes', { encryptionSalt: base64OfBytes(65) }],
        ['a salt that is not base64', { encryptionSalt: `!${base64OfBytes(STORED_SIZES.encryptionSalt).slice(1)}` }],
        ['a wrappedVaultKey one byte short', { wrappedVaultKey: base64OfBytes(STORED_SIZES.wrappedVaultKey - 1) }],
        ['a wrappedVaultKey over 96 bytes', { wrappedVaultKey: base64OfBytes(97) }],
        ['a too-short masterPasswordTest', { masterPasswordTest: SHORTEST_SEALED }],
        ['a masterPasswordTest that is a number', { masterPasswordTest: 42 }],
        ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
        ['an updatedAt an hour behind', { updatedAt: Date.now() - 60 * MINUTE }],
      ] as const
    ).map(([what, change]) => masterKeyRow(what, () => ({ ...masterKeyChange(), ...change }))),
    // All three change together: a record with a new check value and an old wrap would lock its owner out.
    masterKeyRow('the salt left as it was', masterKeyChangeWithout('encryptionSalt')),
    masterKeyRow('the wrappedVaultKey left as it was', masterKeyChangeWithout('wrappedVaultKey')),
    masterKeyRow('the masterPasswordTest left as it was', masterKeyChangeWithout('masterPasswordTest')),
    masterKeyRow('updatedAt left as it was', masterKeyChangeWithout('updatedAt')),
    {
      what: `a pending team key beyond ${String(MAX_PENDING_TEAM_KEYS)} (the ${String(MAX_PENDING_TEAM_KEYS)}th replaced instead)`,
      op: 'update',
      path: RECORD,
      seed: withPendingKeys(MAX_PENDING_TEAM_KEYS),
      valid: () => pendingKey('invite0', base64OfBytes(INVITATION_SIZES.encryptedTeamKey, 0x21)),
      invalid: () => pendingKey(`invite${String(MAX_PENDING_TEAM_KEYS)}`),
    },
    {
      what: `two pending team keys where one fits (${String(MAX_PENDING_TEAM_KEYS - 1)} held)`,
      op: 'update',
      path: RECORD,
      seed: withPendingKeys(MAX_PENDING_TEAM_KEYS - 1),
      valid: () => pendingKey('inviteA'),
      invalid: () => ({ ...pendingKey('inviteA'), 'pendingTeamKeys.inviteB': SAMPLE_TEAM_KEY_WRAP }),
    },
    createRow('a createdAt that is a string', () => {
      const now = Date.now();
      return { ...record(now), createdAt: String(now) };
    }),
    createRow('a paid subscription', () => {
      const now = Date.now();
      return { ...record(now), subscription: { ...newTrialSubscription(now), status: 'active', isFreeTrialOnly: false } };
    }),
    createRow('a year-long trial', () => {
      const now = Date.now();
      return { ...record(now), subscription: { ...newTrialSubscription(now), currentPeriodEnd: now + 365 * DAY, trialEnd: now + 365 * DAY } };
    }),
    createRow('a subscription with a customer', () => {
      const now = Date.now();
      return { ...record(now), subscription: { ...newTrialSubscription(now), customerId: 'cus_123' } };
    }),
    createRow('an extra subscription field', () => {
      const now = Date.now();
      return { ...record(now), subscription: { ...newTrialSubscription(now), priceId: 'x' } };
    }),
    createRow('a clock 11 minutes fast', () => record(Date.now() + 11 * MINUTE)),
    createRow('a clock 11 minutes slow', () => record(Date.now() - 11 * MINUTE)),
    createRow('updatedAt after createdAt', () => {
      const now = Date.now();
      return { ...record(now), updatedAt: now + 1 };
    }),
    createRow('createdAt other than the trial’s start', () => {
      const now = Date.now();
      return { ...record(now), createdAt: now - 1, updatedAt: now - 1 };
    }),
  ],
};
