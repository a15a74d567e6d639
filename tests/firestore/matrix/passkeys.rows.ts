// users/{uid}/passkeys/{credentialId}: { credentialId, name, wrappedVaultKey, prfSalt, createdAt,
// lastUsedAt }, one passkey that unlocks the owner's vault (docs/crypto.md, "Unlock with a
// passkey"). Only the owner reads, lists, adds and removes them; an unlock sets lastUsedAt alone.
import { base64OfBytes, sampleUserRecord } from '../../contract/userRepository.contract';
import { ALLOW_OWNER_ONLY, DENY_ALL, OTHER, OWNER, allowOnly, changed, type CollectionTable, type MalformedRow } from './table';

const MINUTE = 60_000;
/** base64url credential ids, as the settings store them (16 random bytes: 22 characters). */
const CREDENTIAL = 'AAECAwQFBgcICQoLDA0ODw';
const NEW_CREDENTIAL = 'qrvM3e7_ABEiM0RVZneImQ';
const SHORT = 'AAECAwQFBgcICQoLDA0OD';
const NOT_BASE64URL = 'AAECAwQFBgcICQoLDA0OD+w';
const PASSKEY = `users/${OWNER}/passkeys/${CREDENTIAL}`;
const NEW_PASSKEY = `users/${OWNER}/passkeys/${NEW_CREDENTIAL}`;

/** IV + the 32-byte vault key + GCM tag. */
const wrapped = (fill = 0x77) => base64OfBytes(12 + 32 + 16, fill);
const passkey = (credentialId: string, now = Date.now()) => ({
  credentialId,
  name: 'Laptop',
  wrappedVaultKey: wrapped(),
  prfSalt: base64OfBytes(32, 0x50),
  createdAt: now,
  lastUsedAt: null,
});
const users = () => ({
  [`users/${OWNER}`]: { ...sampleUserRecord(), email: `${OWNER}@example.com` },
  [`users/${OTHER}`]: { ...sampleUserRecord(), email: `${OTHER}@example.com` },
});
const seed = () => ({
  ...users(),
  [PASSKEY]: passkey(CREDENTIAL, 1_000),
  [`users/${OTHER}/passkeys/${CREDENTIAL}`]: passkey(CREDENTIAL, 1_000),
});

function createRow(what: string, change: Readonly<Record<string, unknown>>): MalformedRow {
  return { what, op: 'create', path: NEW_PASSKEY, valid: () => passkey(NEW_CREDENTIAL), invalid: () => changed(passkey(NEW_CREDENTIAL), change) };
}

function updateRow(what: string, invalid: () => Record<string, unknown>): MalformedRow {
  return { what, op: 'update', path: PASSKEY, valid: () => ({ lastUsedAt: Date.now() }), invalid };
}

export const passkeysTable: CollectionTable = {
  collection: 'users/{uid}/passkeys',
  seed,
  access: [
    { op: 'get', what: 'the owner’s passkey', path: PASSKEY, expect: ALLOW_OWNER_ONLY },
    { op: 'list', what: 'the owner’s passkeys', path: `users/${OWNER}/passkeys`, expect: ALLOW_OWNER_ONLY },
    { op: 'list', what: 'the other user’s passkeys', path: `users/${OTHER}/passkeys`, expect: allowOnly('other') },
    { op: 'create', what: 'a new passkey of the owner', path: NEW_PASSKEY, data: () => passkey(NEW_CREDENTIAL), expect: ALLOW_OWNER_ONLY },
    {
      op: 'create',
      what: 'a passkey of a user with no record',
      path: `users/${OWNER}/passkeys/${NEW_CREDENTIAL}`,
      seed: () => ({ [`users/${OTHER}`]: { ...sampleUserRecord(), email: `${OTHER}@example.com` } }),
      data: () => passkey(NEW_CREDENTIAL),
      expect: DENY_ALL,
    },
    {
      op: 'create',
      what: 'a passkey whose id is too short for a credential id (15 bytes)',
      path: `users/${OWNER}/passkeys/${SHORT}`,
      data: () => passkey(SHORT),
      expect: DENY_ALL,
    },
    {
      op: 'create',
      what: 'a passkey whose id is not base64url',
      path: `users/${OWNER}/passkeys/${NOT_BASE64URL}`,
      data: () => passkey(NOT_BASE64URL),
      expect: DENY_ALL,
    },
    { op: 'update', what: 'the owner’s passkey, used now', path: PASSKEY, data: () => ({ lastUsedAt: Date.now() }), expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the owner’s passkey, renamed', path: PASSKEY, data: () => ({ name: 'Phone' }), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s passkey, its wrap replaced', path: PASSKEY, data: () => ({ wrappedVaultKey: wrapped(0x78) }), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s passkey, replaced whole', path: PASSKEY, replace: true, data: () => passkey(CREDENTIAL), expect: DENY_ALL },
    { op: 'delete', what: 'the owner’s passkey', path: PASSKEY, expect: ALLOW_OWNER_ONLY },
  ],
  malformed: [
    createRow('a credentialId other than the document id', { credentialId: CREDENTIAL }),
    createRow('an empty name', { name: '' }),
    createRow('a name of 65 characters', { name: 'x'.repeat(65) }),
    createRow('a name with a space in front', { name: ' Laptop' }),
    createRow('a name with a zero-width space', { name: 'Lap\u200Btop' }),
    createRow('a wrap one byte short', { wrappedVaultKey: base64OfBytes(59) }),
    createRow('a wrap one byte over', { wrappedVaultKey: base64OfBytes(61) }),
    createRow('a wrap that is not base64', { wrappedVaultKey: `${'x'.repeat(79)}!` }),
    createRow('a PRF input of 16 bytes', { prfSalt: base64OfBytes(16) }),
    createRow('a missing PRF input', { prfSalt: undefined }),
    createRow('a lastUsedAt already set', { lastUsedAt: Date.now() }),
    createRow('a createdAt 11 minutes behind', { createdAt: Date.now() - 11 * MINUTE }),
    createRow('an extra field', { publicKey: base64OfBytes(64) }),
    updateRow('a lastUsedAt an hour ahead', () => ({ lastUsedAt: Date.now() + 60 * MINUTE })),
    updateRow('a lastUsedAt that is a string', () => ({ lastUsedAt: String(Date.now()) })),
    updateRow('a lastUsedAt with a new name', () => ({ lastUsedAt: Date.now(), name: 'Phone' })),
  ],
};
