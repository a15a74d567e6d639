// teams/{teamId}/memberKeys/{memberUid}: { fingerprint, keyVersion, check, confirmedBy, updatedAt },
// the fingerprint an owner or admin confirmed for a member, vouched for by an HMAC under the team
// key (docs/teams.md, "Member key records"). Any member reads; an owner or admin holding the key
// writes, in their own name, for a current member, at the team's key version; nobody deletes.
import { canViewMembers } from '@keyloft/contract/teamPermissions';
import { base64OfBytes } from '../../contract/userRepository.contract';
import { ADMIN, DENY_ALL, FULL, OTHER, OWNER, VIEW, allowOnly, type CollectionTable, type MalformedRow } from './table';
import { byRole, DELETING_TEAM, KEY_VERSION, sampleTeam, TEAM, teams } from './teamSeed';

const MINUTE = 60_000;
const RECORD = `teams/${TEAM}/memberKeys/${FULL}`;
const NEW_RECORD = `teams/${TEAM}/memberKeys/${VIEW}`;

const memberKey = (confirmedBy: string = OWNER, now = Date.now()) => ({
  fingerprint: 'ab'.repeat(32),
  keyVersion: KEY_VERSION,
  check: base64OfBytes(32, 0x63),
  confirmedBy,
  updatedAt: now,
});

const seed = () => ({
  ...teams(),
  [RECORD]: memberKey(OWNER, 1_000),
  [`teams/${DELETING_TEAM}/memberKeys/${FULL}`]: memberKey(OWNER, 1_000),
});

/** TEAM with the admin flagged as needing the key: they hold none to vouch with. */
const adminWithoutKey = () => {
  const team = sampleTeam(OWNER, 'Engineering', { [OWNER]: 'owner', [ADMIN]: 'admin', [FULL]: 'full', [VIEW]: 'view' });
  return {
    ...seed(),
    [`teams/${TEAM}`]: { ...team, members: { ...team.members, [ADMIN]: { ...team.members[ADMIN]!, needsTeamKey: true, encryptedTeamKey: null } } },
  };
};

function rows(op: 'create' | 'update'): MalformedRow[] {
  const path = op === 'create' ? NEW_RECORD : RECORD;
  return (
    [
      ['a fingerprint in upper case', { fingerprint: 'AB'.repeat(32) }],
      ['a fingerprint one digit short', { fingerprint: 'a'.repeat(63) }],
      ['a key version before the team’s', { keyVersion: KEY_VERSION - 1 }],
      ['a key version after the team’s', { keyVersion: KEY_VERSION + 1 }],
      ['a key version that is a string', { keyVersion: String(KEY_VERSION) }],
      ['a check one byte short', { check: base64OfBytes(31) }],
      ['a check that is not base64', { check: `${'x'.repeat(43)}!` }],
      ['another confirmer’s name', { confirmedBy: ADMIN }],
      ['an extra field', { publicKey: base64OfBytes(294) }],
      ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
    ] as const
  ).map(([what, change]): MalformedRow => ({ what, op, path, replace: true, valid: () => memberKey(), invalid: () => ({ ...memberKey(), ...change }) }));
}

export const memberKeysTable: CollectionTable = {
  collection: 'teams/{teamId}/memberKeys',
  seed,
  access: [
    { op: 'get', what: 'a member’s record', path: RECORD, expect: byRole(canViewMembers) },
    { op: 'get', what: 'a record of a deleting team', path: `teams/${DELETING_TEAM}/memberKeys/${FULL}`, expect: DENY_ALL },
    { op: 'list', what: 'the team’s records', path: `teams/${TEAM}/memberKeys`, expect: byRole(canViewMembers) },
    { op: 'create', what: 'a record in the owner’s name', path: NEW_RECORD, data: () => memberKey(OWNER), expect: allowOnly('owner') },
    { op: 'create', what: 'a record in the admin’s name', path: NEW_RECORD, data: () => memberKey(ADMIN), expect: allowOnly('admin') },
    { op: 'create', what: 'a record in the admin’s name, the admin needing the key', path: NEW_RECORD, seed: adminWithoutKey, data: () => memberKey(ADMIN), expect: DENY_ALL },
    { op: 'create', what: 'a record in the full member’s name', path: NEW_RECORD, data: () => memberKey(FULL), expect: DENY_ALL },
    { op: 'create', what: 'a record in the view member’s name', path: NEW_RECORD, data: () => memberKey(VIEW), expect: DENY_ALL },
    { op: 'create', what: 'a record for someone not in the team', path: `teams/${TEAM}/memberKeys/${OTHER}`, data: () => memberKey(OWNER), expect: DENY_ALL },
    { op: 'create', what: 'a record in a deleting team', path: `teams/${DELETING_TEAM}/memberKeys/${VIEW}`, data: () => memberKey(OWNER), expect: DENY_ALL },
    { op: 'update', what: 'a record, vouched again by the owner', path: RECORD, replace: true, data: () => memberKey(OWNER), expect: allowOnly('owner') },
    { op: 'update', what: 'a record, vouched again by the admin', path: RECORD, replace: true, data: () => memberKey(ADMIN), expect: allowOnly('admin') },
    { op: 'delete', what: 'a record', path: RECORD, expect: DENY_ALL },
  ],
  malformed: [...rows('create'), ...rows('update')],
};
