// passwords/{entryId} with teamId set: any member of the team reads; owner, admin and full write,
// at the team's current keyVersion; nothing on a deleting team (docs/teams.md).
import { deleteField } from 'firebase/firestore';
import { canOnPasswords } from '@keyloft/contract/teamPermissions';
import { sampleEntry, sampleGroup } from '../../contract/vaultRepositories.contract';
import { freePlan, liveTrial, userWith } from '../planSeed';
import { ADMIN, allowOnly, changed, DENY_ALL, FULL, IDENTITIES, OTHER, OWNER, VIEW, type Actor, type CollectionTable, type MalformedRow } from './table';
import { byRole, DELETING_TEAM, KEY_VERSION, OTHERS_TEAM, ROLE_IN_TEAM, TEAM, teamEntry, teams } from './teamSeed';

const MINUTE = 60_000;
const ENTRY = 'passwords/team-entry';
const OLD_ENTRY = 'passwords/team-entry-v1';
const DELETING_ENTRY = 'passwords/deleting-team-entry';
const TEAM_GROUP = 'team-group';
const OTHERS_TEAM_GROUP = 'team-2-group';
const CIPHER_2 = `${'B'.repeat(42)}A=`;

const entry = (overrides = {}) => teamEntry(TEAM, OWNER, 'Deploy key', overrides);

/** A create by `actor` of an entry naming them: allowed exactly when their role may create. */
function createdBy(actor: Exclude<Actor, 'signedOut'>) {
  return canOnPasswords(ROLE_IN_TEAM[actor], 'create') ? allowOnly(actor) : DENY_ALL;
}

function createRow(what: string, invalid: () => Record<string, unknown>, actor?: MalformedRow['actor']): MalformedRow {
  return { what, op: 'create', path: 'passwords/new', valid: () => entry(), invalid, actor };
}

function updateRow(what: string, change: Record<string, unknown>): MalformedRow {
  const valid = () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2 });
  return { what, op: 'update', path: ENTRY, valid, invalid: () => ({ ...valid(), ...change }) };
}

export const teamPasswordsTable: CollectionTable = {
  collection: 'team passwords',
  seed: () => ({
    ...teams(),
    [ENTRY]: teamEntry(TEAM, FULL, 'Staging database'),
    [OLD_ENTRY]: teamEntry(TEAM, ADMIN, 'Not yet re-encrypted', { keyVersion: KEY_VERSION - 1 }),
    [DELETING_ENTRY]: teamEntry(DELETING_TEAM, OWNER, 'Going away'),
    'passwords/bobs-team-entry': teamEntry(OTHERS_TEAM, OTHER, 'Bob’s shared'),
    [`passwords/${OWNER}-entry`]: sampleEntry(OWNER, 'Alice’s bank'),
    [`groups/${TEAM_GROUP}`]: sampleGroup(OWNER, 'Servers', { userId: null, teamId: TEAM }),
    [`groups/${OTHERS_TEAM_GROUP}`]: sampleGroup(OTHER, 'Bob’s servers', { userId: null, teamId: OTHERS_TEAM }),
    [`groups/${OWNER}-group`]: sampleGroup(OWNER, 'Alice’s'),
  }),
  access: [
    { op: 'get', what: 'an entry of the team', path: ENTRY, expect: byRole((role) => canOnPasswords(role, 'view')) },
    { op: 'get', what: 'an entry of the team still at the previous key version', path: OLD_ENTRY, expect: byRole((role) => canOnPasswords(role, 'view')) },
    { op: 'get', what: 'an entry of a deleting team', path: DELETING_ENTRY, expect: DENY_ALL },
    { op: 'list', what: 'the team’s entries', path: 'passwords', where: [['teamId', '==', TEAM]], expect: byRole((role) => canOnPasswords(role, 'view')) },
    { op: 'list', what: 'a deleting team’s entries', path: 'passwords', where: [['teamId', '==', DELETING_TEAM]], expect: DENY_ALL },
    { op: 'list', what: 'every team entry', path: 'passwords', where: [['teamId', '!=', null]], expect: DENY_ALL },
    { op: 'list', what: 'the entries a member created, in any team', path: 'passwords', where: [['userId', '==', FULL]], expect: DENY_ALL },
    ...(['owner', 'admin', 'full', 'view'] as const).map((actor) => ({
      op: 'create' as const,
      what: `an entry of the team by the ${actor} member`,
      path: 'passwords/new',
      data: () => teamEntry(TEAM, IDENTITIES[actor].uid, 'New'),
      expect: createdBy(actor),
    })),
    {
      op: 'create',
      what: 'an entry of the team in a team group, by the full member',
      path: 'passwords/new',
      data: () => teamEntry(TEAM, FULL, 'Grouped', { groupId: TEAM_GROUP }),
      expect: createdBy('full'),
    },
    // Plan limits do not reach team entries: a member on the free plan works in the team.
    {
      op: 'create',
      what: 'an entry of the team by the full member, on the free plan',
      path: 'passwords/new',
      data: () => teamEntry(TEAM, FULL, 'New'),
      seed: () => ({ ...teamPasswordsTable.seed(), [`users/${FULL}`]: userWith(freePlan()) }),
      expect: createdBy('full'),
    },
    { op: 'create', what: 'an entry of a deleting team, by its owner', path: 'passwords/new', data: () => teamEntry(DELETING_TEAM, OWNER, 'New'), expect: DENY_ALL },
    { op: 'update', what: 'the entry’s title', path: ENTRY, data: () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2 }), expect: byRole((role) => canOnPasswords(role, 'edit')) },
    { op: 'update', what: 'the entry, into a team group', path: ENTRY, data: () => ({ groupId: TEAM_GROUP, revision: 2 }), expect: byRole((role) => canOnPasswords(role, 'edit')) },
    {
      op: 'update',
      what: 'the entry, replaced whole',
      path: ENTRY,
      replace: true,
      data: () => teamEntry(TEAM, FULL, 'Replaced', { updatedAt: 3_000, revision: 2 }),
      expect: byRole((role) => canOnPasswords(role, 'edit')),
    },
    {
      op: 'update',
      what: 'an entry re-encrypted to the current key version',
      path: OLD_ENTRY,
      data: () => ({ username: CIPHER_2, password: CIPHER_2, keyVersion: KEY_VERSION, updatedAt: Date.now(), revision: 2 }),
      expect: byRole((role) => canOnPasswords(role, 'edit')),
    },
    // Issue #24: a rotation's re-sealing is logged as the rotation, so it needs no event of its own;
    // anything else it changed would.
    {
      op: 'update',
      what: 'an entry re-encrypted to the current key version, without an event',
      path: OLD_ENTRY,
      noEvent: true,
      data: () => ({ username: CIPHER_2, password: CIPHER_2, keyVersion: KEY_VERSION, updatedAt: Date.now(), revision: 2 }),
      expect: byRole((role) => canOnPasswords(role, 'edit')),
    },
    {
      op: 'update',
      what: 'an entry re-encrypted and moved into a group, without an event',
      path: OLD_ENTRY,
      noEvent: true,
      data: () => ({ username: CIPHER_2, password: CIPHER_2, keyVersion: KEY_VERSION, groupId: TEAM_GROUP, updatedAt: Date.now(), revision: 2 }),
      expect: DENY_ALL,
    },
    { op: 'create', what: 'an entry of the team, without its event', path: 'passwords/new', noEvent: true, data: () => teamEntry(TEAM, OWNER, 'Unlogged'), expect: DENY_ALL },
    { op: 'update', what: 'the entry’s title, without its event', path: ENTRY, noEvent: true, data: () => ({ title: 'Unlogged', updatedAt: Date.now(), revision: 2 }), expect: DENY_ALL },
    { op: 'delete', what: 'an entry of the team, without its event', path: ENTRY, noEvent: true, expect: DENY_ALL },
    { op: 'update', what: 'an entry of a deleting team', path: DELETING_ENTRY, data: () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2 }), expect: DENY_ALL },
    { op: 'delete', what: 'an entry of the team', path: ENTRY, expect: byRole((role) => canOnPasswords(role, 'delete')) },
    // Revisions (docs/rules.md): the seeded entry is at 1; a writer's update must write 2.
    ...(
      [
        ['an equal revision', 1],
        ['a skipped revision', 3],
        ['a lower revision', 0],
      ] as const
    ).map(([what, revision]) => ({
      op: 'update' as const,
      what: `the entry at ${what}`,
      path: ENTRY,
      data: () => ({ title: 'Stale', updatedAt: Date.now(), revision }),
      expect: DENY_ALL,
    })),
    { op: 'update', what: 'the entry, revision advanced by one', path: ENTRY, data: () => ({ title: 'Next', updatedAt: Date.now(), revision: 2 }), expect: byRole((role) => canOnPasswords(role, 'edit')) },
    { op: 'update', what: 'the entry without touching the revision', path: ENTRY, data: () => ({ title: 'Unrevised', updatedAt: Date.now() }), expect: DENY_ALL },
    {
      op: 'create',
      what: 'an entry of the team at revision 2, by its owner',
      path: 'passwords/new',
      data: () => teamEntry(TEAM, OWNER, 'Two', { revision: 2 }),
      expect: DENY_ALL,
    },
    { op: 'delete', what: 'an entry of a deleting team', path: DELETING_ENTRY, expect: DENY_ALL },
  ],
  malformed: [
    ...(
      [
        ['the previous keyVersion', { keyVersion: KEY_VERSION - 1 }],
        ['a keyVersion ahead of the team’s', { keyVersion: KEY_VERSION + 1 }],
        ['no keyVersion', { keyVersion: undefined }],
        ['a keyVersion that is a string', { keyVersion: String(KEY_VERSION) }],
        ['a group of another team (one the writer may write)', { groupId: OTHERS_TEAM_GROUP }],
        ['a personal group', { groupId: `${OWNER}-group` }],
        ['a group that does not exist', { groupId: 'no-such-group' }],
        ['another member as its creator', { userId: ADMIN }],
        ['a deleting team', { teamId: DELETING_TEAM }],
        ['a team that does not exist', { teamId: 'no-such-team' }],
        ['a teamId that is a number', { teamId: 7 }],
        ['an extra field', { masterPassword: 'x' }],
        ['a plaintext password', { password: 'hunter2 is my password' }],
        ['a too-short username ciphertext', { username: 'QUJD' }],
        ['an empty title', { title: '' }],
        ['encrypted false', { encrypted: false }],
        ['updatedAt before createdAt', { createdAt: 2_000, updatedAt: 1_000 }],
      ] as const
    ).map(([what, change]) => createRow(what, () => changed(entry(), change))),
    createRow('a createdAt 11 minutes ahead', () => ({ ...entry({ createdAt: Date.now() + 11 * MINUTE, updatedAt: Date.now() + 11 * MINUTE }) })),
    {
      what: 'a view member writing (valid: their personal entry)',
      op: 'create',
      path: 'passwords/new',
      actor: 'view',
      // The valid write is a new personal entry, which needs the writer's paid access.
      seed: () => ({ ...teamPasswordsTable.seed(), [`users/${VIEW}`]: userWith(liveTrial()) }),
      valid: () => sampleEntry(VIEW, 'Mine'),
      invalid: () => teamEntry(TEAM, VIEW, 'Mine'),
    },
    {
      what: 'a non-member writing (valid: an entry of their own team)',
      op: 'create',
      path: 'passwords/new',
      actor: 'other',
      valid: () => teamEntry(OTHERS_TEAM, OTHER, 'Mine'),
      invalid: () => teamEntry(TEAM, OTHER, 'Mine'),
    },
    ...(
      [
        ['a changed teamId (to a team the writer may write)', { teamId: OTHERS_TEAM }],
        ['teamId null (made personal)', { teamId: null, keyVersion: deleteField() }],
        ['a changed userId', { userId: OWNER }],
        ['a changed createdAt', { createdAt: 1 }],
        ['the previous keyVersion', { keyVersion: KEY_VERSION - 1 }],
        ['a keyVersion ahead of the team’s', { keyVersion: KEY_VERSION + 1 }],
        ['keyVersion removed', { keyVersion: deleteField() }],
        ['a group of another team', { groupId: OTHERS_TEAM_GROUP }],
        ['a personal group', { groupId: `${OWNER}-group` }],
        ['a plaintext password', { password: 'hunter2' }],
        ['an extra field', { masterPassword: 'x' }],
        // An hour, not 11 minutes: the table is built when the file loads, before the cases run.
        ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
      ] as const
    ).map(([what, change]) => updateRow(what, change)),
    {
      what: 'a re-encryption still at the previous key version',
      op: 'update',
      path: OLD_ENTRY,
      actor: 'admin',
      valid: () => ({ username: CIPHER_2, password: CIPHER_2, keyVersion: KEY_VERSION, updatedAt: Date.now(), revision: 2 }),
      invalid: () => ({ username: CIPHER_2, password: CIPHER_2, keyVersion: KEY_VERSION - 1, updatedAt: Date.now(), revision: 2 }),
    },
    {
      what: 'a view member moving their personal entry into the team',
      op: 'update',
      path: ENTRY,
      actor: 'view',
      seed: () => ({ ...teamPasswordsTable.seed(), [ENTRY]: sampleEntry(VIEW, 'Mine') }),
      valid: () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2 }),
      invalid: () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2, teamId: TEAM, keyVersion: KEY_VERSION }),
    },
  ],
};
