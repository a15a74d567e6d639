// users/{uid}: the owner reads their record and creates it once, at sign-up; nothing else from a
// client. Updates open with the issues that need them (master password change, teams, billing).
import { newTrialSubscription } from '../../../src/domain/trial';
import { base64OfBytes, sampleUserRecord, STORED_SIZES } from '../../contract/userRepository.contract';
import { ALLOW_OWNER_ONLY, changed, DENY_ALL, IDENTITIES, OWNER, type CollectionTable, type MalformedRow } from './table';

const MINUTE = 60_000;
const DAY = 86_400_000;
const RECORD = `users/${OWNER}`;
/** The owner's record as sign-up writes it, stamped now. */
const record = (now = Date.now()) => ({ ...sampleUserRecord(now), email: IDENTITIES.owner.claims.email ?? null });
const nothing = () => ({});
const SHORTEST_SEALED = `${'A'.repeat(38)}==`;

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
    { op: 'update', what: 'the owner’s email', path: RECORD, data: () => ({ email: 'x@example.com' }), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s updatedAt', path: RECORD, data: () => ({ updatedAt: Date.now() }), expect: DENY_ALL },
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
      ] as const
    ).map(([what, change]) => createRow(what, () => changed(record(), change))),
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
