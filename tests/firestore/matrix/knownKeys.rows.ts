// knownKeys/{uid}: { sealed, updatedAt }, the owner's remembered teammate fingerprints sealed under
// their vault key. Only the owner reads, writes and deletes it; nobody lists (docs/teams.md).
import { base64OfBytes } from '../../contract/userRepository.contract';
import { ALLOW_OWNER_ONLY, DENY_ALL, OTHER, OWNER, allowOnly, changed, type CollectionTable, type MalformedRow } from './table';

const MINUTE = 60_000;
const KNOWN = `knownKeys/${OWNER}`;
const KIB = 1024;
/** IV + a small JSON map + GCM tag. */
const sealed = (fill = 0x73) => base64OfBytes(12 + 120 + 16, fill);
const known = (now = Date.now()) => ({ sealed: sealed(), updatedAt: now });
const nothing = () => ({ [`knownKeys/${OTHER}`]: known(1_000) });

function rows(op: 'create' | 'update'): MalformedRow[] {
  const spoiled = (
    [
      // 27 bytes: one short of IV (12) + tag (16).
      ['a sealed value one byte short of IV and tag', { sealed: base64OfBytes(27) }],
      ['a sealed value over 64 KiB', { sealed: base64OfBytes(64 * KIB + 1) }],
      ['a sealed value that is not base64', { sealed: `${'x'.repeat(40)}!` }],
      ['a sealed value in base64url', { sealed: '-_'.repeat(22) }],
      ['a sealed value that is a number', { sealed: 42 }],
      ['an extra field', { fingerprints: { bob: 'ab' } }],
      ['an updatedAt that is a string', { updatedAt: '1000' }],
      // An hour, not 11 minutes, for the update rows built when the file loads.
      ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
    ] as const
  ).map(([what, change]): MalformedRow => ({
    what,
    op,
    path: KNOWN,
    replace: op === 'update',
    seed: op === 'create' ? nothing : undefined,
    valid: () => known(),
    invalid: () => ({ ...known(), ...change }),
  }));
  return [
    ...spoiled,
    {
      what: 'a missing updatedAt',
      op,
      path: KNOWN,
      replace: op === 'update',
      seed: op === 'create' ? nothing : undefined,
      valid: () => known(),
      invalid: () => ({ sealed: sealed() }),
    },
  ];
}

export const knownKeysTable: CollectionTable = {
  collection: 'knownKeys',
  seed: () => ({ [KNOWN]: known(1_000), [`knownKeys/${OTHER}`]: known(1_000) }),
  access: [
    { op: 'get', what: 'the owner’s known keys', path: KNOWN, expect: ALLOW_OWNER_ONLY },
    { op: 'list', what: 'the whole collection', path: 'knownKeys', expect: DENY_ALL },
    { op: 'list', what: 'the documents updated at the owner’s time', path: 'knownKeys', where: [['updatedAt', '==', 1_000]], expect: DENY_ALL },
    { op: 'create', what: 'the owner’s known keys', path: KNOWN, seed: nothing, data: () => known(), expect: ALLOW_OWNER_ONLY },
    { op: 'create', what: 'the smallest sealed value (an empty map)', path: KNOWN, seed: nothing, data: () => ({ sealed: base64OfBytes(28), updatedAt: Date.now() }), expect: ALLOW_OWNER_ONLY },
    { op: 'create', what: 'a sealed value of 64 KiB', path: KNOWN, seed: nothing, data: () => ({ sealed: base64OfBytes(64 * KIB), updatedAt: Date.now() }), expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the owner’s known keys, resealed', path: KNOWN, data: () => ({ sealed: sealed(0x74), updatedAt: Date.now() }), expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the owner’s known keys, replaced whole', path: KNOWN, replace: true, data: () => known(), expect: ALLOW_OWNER_ONLY },
    { op: 'delete', what: 'the owner’s known keys', path: KNOWN, expect: ALLOW_OWNER_ONLY },
  ],
  malformed: [...rows('create'), ...rows('update')],
};

// knownKeys/{uid}/teammates/{teammateUid}: { sealed, updatedAt }, one remembered fingerprint (64 hex
// digits sealed: 12 + 64 + 16 bytes) per teammate. Only the owner reads, lists, writes and deletes.
const RECORD = `knownKeys/${OWNER}/teammates/carol`;
const NEW_RECORD = `knownKeys/${OWNER}/teammates/dave`;
const sealedFingerprint = (fill = 0x73) => base64OfBytes(12 + 64 + 16, fill);
const record = (now = Date.now()) => ({ sealed: sealedFingerprint(), updatedAt: now });
const records = () => ({ [RECORD]: record(1_000), [`knownKeys/${OTHER}/teammates/carol`]: record(1_000) });

function recordRows(op: 'create' | 'update'): MalformedRow[] {
  const path = op === 'create' ? NEW_RECORD : RECORD;
  return (
    [
      ['a sealed value one byte short of a sealed fingerprint', { sealed: base64OfBytes(91) }],
      ['a sealed value one byte over a sealed fingerprint', { sealed: base64OfBytes(93) }],
      ['a sealed value that is not base64', { sealed: `${'x'.repeat(123)}!` }],
      ['a sealed value that is a number', { sealed: 42 }],
      ['an extra field', { fingerprint: 'ab'.repeat(32) }],
      ['a missing updatedAt', { updatedAt: undefined }],
      ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
    ] as const
  ).map(([what, change]): MalformedRow => ({
    what,
    op,
    path,
    replace: op === 'update',
    valid: () => record(),
    invalid: () => changed(record(), change),
  }));
}

export const knownKeyRecordsTable: CollectionTable = {
  collection: 'knownKeys/{uid}/teammates',
  seed: records,
  access: [
    { op: 'get', what: 'the owner’s record of a teammate', path: RECORD, expect: ALLOW_OWNER_ONLY },
    { op: 'list', what: 'the owner’s records', path: `knownKeys/${OWNER}/teammates`, expect: ALLOW_OWNER_ONLY },
    { op: 'list', what: 'the other user’s records', path: `knownKeys/${OTHER}/teammates`, expect: allowOnly('other') },
    { op: 'create', what: 'a record of a new teammate', path: NEW_RECORD, data: () => record(), expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the record of a teammate, resealed', path: RECORD, data: () => ({ sealed: sealedFingerprint(0x74), updatedAt: Date.now() }), expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the record of a teammate, replaced whole', path: RECORD, replace: true, data: () => record(), expect: ALLOW_OWNER_ONLY },
    { op: 'delete', what: 'the record of a teammate', path: RECORD, expect: ALLOW_OWNER_ONLY },
  ],
  malformed: [...recordRows('create'), ...recordRows('update')],
};
