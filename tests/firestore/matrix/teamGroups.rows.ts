// groups/{groupId} with teamId set and userId null: any member of the team reads; owner, admin and
// full write; nothing on a deleting team (docs/teams.md).
import { canOnPasswords } from '@keyloft/contract/teamPermissions';
import { sampleGroup, sampleSealedGroup } from '../../contract/vaultRepositories.contract';
import { liveTrial, userWith } from '../planSeed';
import { changed, DENY_ALL, OWNER, VIEW, type CollectionTable, type MalformedRow } from './table';
import { byRole, DELETING_TEAM, KEY_VERSION, OTHERS_TEAM, TEAM, teams } from './teamSeed';

const MINUTE = 60_000;
const GROUP = 'groups/team-group';
const DELETING_GROUP = 'groups/deleting-team-group';
const teamGroup = (teamId = TEAM, name = 'Servers') => sampleGroup(OWNER, name, { userId: null, teamId });
const readers = byRole((role) => canOnPasswords(role, 'view'));
/** A sealed (format 2) team group, bound to the team's current key version (docs/crypto.md, "Sealed groups"). */
const sealedTeamGroup = () => sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION });
/** The seeded clear team group, sealed whole on its next revision. */
const sealedOver = () => sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION, updatedAt: Date.now(), revision: 2 });

function createRow(what: string, change: Record<string, unknown> | (() => Record<string, unknown>)): MalformedRow {
  return {
    what,
    op: 'create',
    path: 'groups/new',
    valid: () => teamGroup(),
    invalid: () => {
      const changes = typeof change === 'function' ? change() : change;
      return changed(teamGroup(), changes);
    },
  };
}

function updateRow(what: string, change: Record<string, unknown>): MalformedRow {
  const valid = () => ({ name: 'Renamed', updatedAt: Date.now(), revision: 2 });
  return { what, op: 'update', path: GROUP, valid, invalid: () => ({ ...valid(), ...change }) };
}

export const teamGroupsTable: CollectionTable = {
  collection: 'team groups',
  seed: () => ({
    ...teams(),
    [GROUP]: teamGroup(),
    [DELETING_GROUP]: teamGroup(DELETING_TEAM, 'Going away'),
    'groups/team-2-group': teamGroup(OTHERS_TEAM, 'Bob’s servers'),
    [`groups/${OWNER}-group`]: sampleGroup(OWNER, 'Alice’s'),
  }),
  access: [
    { op: 'get', what: 'a group of the team', path: GROUP, expect: readers },
    { op: 'get', what: 'a group of a deleting team', path: DELETING_GROUP, expect: DENY_ALL },
    { op: 'list', what: 'the team’s groups', path: 'groups', where: [['teamId', '==', TEAM]], expect: readers },
    { op: 'list', what: 'a deleting team’s groups', path: 'groups', where: [['teamId', '==', DELETING_TEAM]], expect: DENY_ALL },
    { op: 'list', what: 'every team group', path: 'groups', where: [['userId', '==', null]], expect: DENY_ALL },
    { op: 'create', what: 'a group of the team', path: 'groups/new', data: () => teamGroup(), expect: byRole((role) => canOnPasswords(role, 'create')) },
    { op: 'create', what: 'a group of a deleting team', path: 'groups/new', data: () => teamGroup(DELETING_TEAM), expect: DENY_ALL },
    { op: 'update', what: 'the group’s name', path: GROUP, data: () => ({ name: 'Renamed', updatedAt: Date.now(), revision: 2 }), expect: byRole((role) => canOnPasswords(role, 'edit')) },
    {
      op: 'update',
      what: 'the group, replaced whole',
      path: GROUP,
      replace: true,
      data: () => ({ ...teamGroup(TEAM, 'Replaced'), updatedAt: 3_000, revision: 2 }),
      expect: byRole((role) => canOnPasswords(role, 'edit')),
    },
    { op: 'update', what: 'a group of a deleting team', path: DELETING_GROUP, data: () => ({ name: 'Renamed', updatedAt: Date.now(), revision: 2 }), expect: DENY_ALL },
    { op: 'delete', what: 'a group of the team', path: GROUP, expect: byRole((role) => canOnPasswords(role, 'delete')) },
    // Issue #24: a team group's write is refused without its activity-log event.
    { op: 'create', what: 'a group of the team, without its event', path: 'groups/new', noEvent: true, data: () => teamGroup(), expect: DENY_ALL },
    { op: 'update', what: 'the group’s name, without its event', path: GROUP, noEvent: true, data: () => ({ name: 'Unlogged', updatedAt: Date.now(), revision: 2 }), expect: DENY_ALL },
    { op: 'delete', what: 'a group of the team, without its event', path: GROUP, noEvent: true, expect: DENY_ALL },
    // Revisions (docs/rules.md): the seeded group is at 1; a writer's rename must write 2.
    ...(
      [
        ['an equal revision', 1],
        ['a skipped revision', 3],
        ['a lower revision', 0],
      ] as const
    ).map(([what, revision]) => ({
      op: 'update' as const,
      what: `the group at ${what}`,
      path: GROUP,
      data: () => ({ name: 'Stale', updatedAt: Date.now(), revision }),
      expect: DENY_ALL,
    })),
    { op: 'update', what: 'the group, revision advanced by one', path: GROUP, data: () => ({ name: 'Next', updatedAt: Date.now(), revision: 2 }), expect: byRole((role) => canOnPasswords(role, 'edit')) },
    { op: 'update', what: 'the group without touching the revision', path: GROUP, data: () => ({ name: 'Unrevised', updatedAt: Date.now() }), expect: DENY_ALL },
    { op: 'create', what: 'a group of the team at revision 2', path: 'groups/new', data: () => ({ ...teamGroup(TEAM, 'Two'), revision: 2 }), expect: DENY_ALL },
    { op: 'delete', what: 'a group of a deleting team', path: DELETING_GROUP, expect: DENY_ALL },
    { op: 'create', what: 'a sealed group of the team', path: 'groups/new', data: sealedTeamGroup, expect: byRole((role) => canOnPasswords(role, 'create')) },
    { op: 'update', what: 'the group, sealed whole', path: GROUP, replace: true, data: sealedOver, expect: byRole((role) => canOnPasswords(role, 'edit')) },
  ],
  malformed: [
    ...(
      [
        ['a userId as well as a teamId', { userId: OWNER }],
        ['a deleting team', { teamId: DELETING_TEAM }],
        ['a team that does not exist', { teamId: 'no-such-team' }],
        ['a teamId that is a number', { teamId: 7 }],
        ['a missing name', { name: undefined }],
        ['an empty name', { name: '' }],
        ['a name over 100 characters', { name: 'x'.repeat(101) }],
        ['a description over 500 characters', { description: 'x'.repeat(501) }],
        ['an extra field', { colour: 'red' }],
        ['a timestamp that is a string', { createdAt: '1000' }],
        ['updatedAt before createdAt', { createdAt: 2_000, updatedAt: 1_000 }],
      ] as const
    ).map(([what, change]) => createRow(what, change)),
    createRow('a createdAt 11 minutes ahead', () => ({ createdAt: Date.now() + 11 * MINUTE, updatedAt: Date.now() + 11 * MINUTE })),
    {
      what: 'a view member writing (valid: their personal group)',
      op: 'create',
      path: 'groups/new',
      actor: 'view',
      // The valid write is a new personal group, which needs the writer's paid access.
      seed: () => ({ ...teamGroupsTable.seed(), [`users/${VIEW}`]: userWith(liveTrial()) }),
      valid: () => sampleGroup(VIEW, 'Mine'),
      invalid: () => teamGroup(),
    },
    {
      what: 'a non-member writing (valid: a group of their own team)',
      op: 'create',
      path: 'groups/new',
      actor: 'other',
      valid: () => teamGroup(OTHERS_TEAM),
      invalid: () => teamGroup(),
    },
    ...(
      [
        ['a changed teamId (to a team the writer may write)', { teamId: OTHERS_TEAM }],
        ['teamId null (made personal)', { teamId: null, userId: OWNER }],
        ['a userId set', { userId: OWNER }],
        ['a changed createdAt', { createdAt: 1 }],
        ['an extra field', { colour: 'red' }],
        // An hour, not 11 minutes: the table is built when the file loads, before the cases run.
        ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
      ] as const
    ).map(([what, change]) => updateRow(what, change)),
    // Sealed team groups (issue #18): at the team's current key version, nothing in clear.
    ...(
      [
        ['a sealed group without a keyVersion', { keyVersion: undefined }],
        ['a sealed group at the previous keyVersion', { keyVersion: KEY_VERSION - 1 }],
        ['a sealed group at a future keyVersion', { keyVersion: KEY_VERSION + 1 }],
        ['a sealed group with its name in clear', { name: 'Servers' }],
      ] as const
    ).map(([what, change]): MalformedRow => ({ what, op: 'create', path: 'groups/new', valid: sealedTeamGroup, invalid: () => changed(sealedTeamGroup(), change) })),
    {
      what: 'a group sealed whole at the previous keyVersion',
      op: 'update',
      path: GROUP,
      replace: true,
      valid: sealedOver,
      invalid: () => ({ ...sealedOver(), keyVersion: KEY_VERSION - 1 }),
    },
    {
      what: 'a personal group handed to the team',
      op: 'update',
      path: `groups/${OWNER}-group`,
      valid: () => ({ name: 'Renamed', updatedAt: Date.now(), revision: 2 }),
      invalid: () => ({ name: 'Renamed', updatedAt: Date.now(), revision: 2, userId: null, teamId: TEAM }),
    },
  ],
};
