// publicKeys/{uid}: { publicKey, createdAt }. Any signed-in user reads one (teammates wrap the team
// key with it); its owner creates it once, with the publicKey of their own user record; nobody
// changes or deletes it (docs/teams.md).
import { base64OfBytes, sampleUserRecord, STORED_SIZES } from '../../contract/userRepository.contract';
import { ALLOW_OWNER_ONLY, ALLOW_SIGNED_IN, DENY_ALL, FULL, OTHER, OWNER, type CollectionTable, type MalformedRow } from './table';

const MINUTE = 60_000;
const KEY = `publicKeys/${OWNER}`;
const OWNER_KEY = base64OfBytes(STORED_SIZES.publicKey, 0x70);
const OTHER_KEY = base64OfBytes(STORED_SIZES.publicKey, 0x71);

const records = () => ({
  [`users/${OWNER}`]: { ...sampleUserRecord(), email: `${OWNER}@example.com`, publicKey: OWNER_KEY },
  [`users/${OTHER}`]: { ...sampleUserRecord(), email: `${OTHER}@example.com`, publicKey: OTHER_KEY },
});
const published = (now = Date.now()) => ({ publicKey: OWNER_KEY, createdAt: now });

function createRow(what: string, invalid: () => Record<string, unknown>): MalformedRow {
  return { what, op: 'create', path: KEY, seed: records, valid: () => published(), invalid };
}

export const publicKeysTable: CollectionTable = {
  collection: 'publicKeys',
  seed: () => ({ ...records(), [KEY]: published(), [`publicKeys/${OTHER}`]: { publicKey: OTHER_KEY, createdAt: 1_000 } }),
  access: [
    { op: 'get', what: 'the owner’s public key', path: KEY, expect: ALLOW_SIGNED_IN },
    { op: 'list', what: 'the whole collection', path: 'publicKeys', expect: DENY_ALL },
    { op: 'list', what: 'the keys equal to the owner’s', path: 'publicKeys', where: [['publicKey', '==', OWNER_KEY]], expect: DENY_ALL },
    { op: 'create', what: 'the owner’s public key, from their record', path: KEY, seed: records, data: () => published(), expect: ALLOW_OWNER_ONLY },
    {
      op: 'create',
      what: 'the key of a user with no record, by nobody',
      path: `publicKeys/${FULL}`,
      seed: records,
      data: () => published(),
      expect: DENY_ALL,
    },
    { op: 'update', what: 'the owner’s createdAt', path: KEY, data: () => ({ createdAt: Date.now() }), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s key, replaced with the same value', path: KEY, replace: true, data: () => published(), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s key, replaced with another', path: KEY, data: () => ({ publicKey: OTHER_KEY }), expect: DENY_ALL },
    { op: 'delete', what: 'the owner’s public key', path: KEY, expect: DENY_ALL },
  ],
  malformed: [
    createRow('a publicKey that differs from the user record', () => ({ ...published(), publicKey: OTHER_KEY })),
    createRow('a publicKey that is not base64', () => ({ ...published(), publicKey: 'not base64 !' })),
    createRow('a missing publicKey', () => ({ createdAt: Date.now() })),
    createRow('a missing createdAt', () => ({ publicKey: OWNER_KEY })),
    createRow('an extra field', () => ({ ...published(), fingerprint: 'abc' })),
    createRow('a createdAt that is a string', () => ({ ...published(), createdAt: String(Date.now()) })),
    createRow('a createdAt 11 minutes ahead', () => published(Date.now() + 11 * MINUTE)),
    createRow('a createdAt 11 minutes behind', () => published(Date.now() - 11 * MINUTE)),
  ],
};
