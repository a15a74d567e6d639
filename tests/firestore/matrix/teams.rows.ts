// teams/{teamId}: members read their own teams (found by memberIds, never a deleting one); the
// owner edits name, description and updatedAt; everything else is the callables' (docs/teams.md).
import { deleteField } from 'firebase/firestore';
import { canViewMembers, isOwner } from '@keyloft/contract/teamPermissions';
import { ADMIN, allowOnly, DENY_ALL, FULL, OTHER, OWNER, VIEW, type CollectionTable, type MalformedRow } from './table';
import { byRole, DELETING_TEAM, OTHERS_TEAM, sampleTeam, TEAM, teams } from './teamSeed';

const MINUTE = 60_000;
const TEAM_PATH = `teams/${TEAM}`;
const DELETING_PATH = `teams/${DELETING_TEAM}`;

/** The membership query of `uid`: what TeamRepository.listForMember runs (without its orderBy). */
function membersOf(uid: string) {
  return [
    ['memberIds', 'array-contains', uid],
    ['deleting', '==', false],
  ] as const;
}

const rename = () => ({ name: 'Renamed', updatedAt: Date.now() });

function updateRow(what: string, invalid: () => Record<string, unknown>): MalformedRow {
  return { what, op: 'update', path: TEAM_PATH, valid: rename, invalid };
}

export const teamsTable: CollectionTable = {
  collection: 'teams',
  seed: teams,
  access: [
    { op: 'get', what: 'the owner’s team', path: TEAM_PATH, expect: byRole(canViewMembers) },
    { op: 'get', what: 'the other user’s team (the owner is a full member)', path: `teams/${OTHERS_TEAM}`, expect: { ...DENY_ALL, owner: 'allow', other: 'allow' } },
    { op: 'get', what: 'a deleting team', path: DELETING_PATH, expect: DENY_ALL },
    { op: 'list', what: 'the owner’s teams', path: 'teams', where: membersOf(OWNER), expect: allowOnly('owner') },
    { op: 'list', what: 'the admin’s teams', path: 'teams', where: membersOf(ADMIN), expect: allowOnly('admin') },
    { op: 'list', what: 'the full member’s teams', path: 'teams', where: membersOf(FULL), expect: allowOnly('full') },
    { op: 'list', what: 'the view member’s teams', path: 'teams', where: membersOf(VIEW), expect: allowOnly('view') },
    { op: 'list', what: 'the other user’s teams', path: 'teams', where: membersOf(OTHER), expect: allowOnly('other') },
    {
      op: 'list',
      what: 'the owner’s teams without the deleting filter',
      path: 'teams',
      where: [['memberIds', 'array-contains', OWNER]],
      expect: DENY_ALL,
    },
    {
      op: 'list',
      what: 'the owner’s deleting teams',
      path: 'teams',
      where: [
        ['memberIds', 'array-contains', OWNER],
        ['deleting', '==', true],
      ],
      expect: DENY_ALL,
    },
    { op: 'list', what: 'the teams the owner owns (the plan limit counts them server-side)', path: 'teams', where: [['ownerId', '==', OWNER]], expect: DENY_ALL },
    { op: 'list', what: 'the whole collection', path: 'teams', expect: DENY_ALL },
    { op: 'create', what: 'a team (createTeam does it)', path: 'teams/new', data: () => sampleTeam(OWNER, 'New', { [OWNER]: 'owner' }), expect: DENY_ALL },
    { op: 'update', what: 'the team’s name', path: TEAM_PATH, data: rename, expect: byRole(isOwner) },
    // Issue #24: the owner's edit is refused without the event of each part it changes.
    { op: 'update', what: 'the team’s name, without its event', path: TEAM_PATH, noEvent: true, data: rename, expect: DENY_ALL },
    { op: 'update', what: 'the team’s description, without its event', path: TEAM_PATH, noEvent: true, data: () => ({ description: 'Ops', updatedAt: Date.now() }), expect: DENY_ALL },
    { op: 'update', what: 'the team’s description', path: TEAM_PATH, data: () => ({ description: 'Ops', updatedAt: Date.now() }), expect: byRole(isOwner) },
    { op: 'update', what: 'the team’s description, removed', path: TEAM_PATH, data: () => ({ description: deleteField(), updatedAt: Date.now() }), expect: byRole(isOwner) },
    {
      op: 'update',
      what: 'the team, replaced whole with a new name',
      path: TEAM_PATH,
      replace: true,
      data: () => ({ ...teams()[TEAM_PATH], name: 'Renamed', updatedAt: Date.now() }),
      expect: byRole(isOwner),
    },
    { op: 'update', what: 'the other user’s team’s name (its owner)', path: `teams/${OTHERS_TEAM}`, data: rename, expect: allowOnly('other') },
    { op: 'update', what: 'a deleting team’s name', path: DELETING_PATH, data: rename, expect: DENY_ALL },
    // Dots and colons are fine where no link can form (the owner's allow for the link-like denies below).
    { op: 'update', what: 'the team’s name, with a version number and a colon', path: TEAM_PATH, data: () => ({ name: 'Ops: v2.0, St. Louis', updatedAt: Date.now() }), expect: byRole(isOwner) },
    { op: 'delete', what: 'the owner’s team (deleteTeam does it)', path: TEAM_PATH, expect: DENY_ALL },
  ],
  malformed: [
    ...(
      [
        ['a new keyVersion', { keyVersion: 3 }],
        ['a member added to memberIds', { memberIds: [OWNER, ADMIN, FULL, VIEW, OTHER] }],
        ['a member added to members', { [`members.${OTHER}`]: { userId: OTHER, role: 'admin', joinedAt: 1, email: null, encryptedTeamKey: null, needsTeamKey: true } }],
        ['a member’s role raised', { [`members.${VIEW}.role`]: 'admin' }],
        ['a member’s wrapped key replaced', { [`members.${VIEW}.encryptedTeamKey`]: null }],
        ['a new ownerId', { ownerId: ADMIN }],
        ['deleting set', { deleting: true }],
        ['rotationNeeded cleared', { rotationNeeded: true }],
        ['a previousKey', { previousKey: { version: 1, sealed: `${'A'.repeat(38)}==` } }],
        ['a changed createdAt', { createdAt: 1 }],
        ['an extra field', { colour: 'red' }],
        ['an empty name', { name: '' }],
        ['a name over 100 characters', { name: 'x'.repeat(101) }],
        ['a name that is a number', { name: 42 }],
        ['a name with surrounding spaces', { name: ' Renamed ' }],
        // Link-like names (src/domain/teamName.ts): the rules refuse what the form and createTeam do.
        ['a name with a URL', { name: 'Security notice: re-verify at https://evil.example/login' }],
        ['a name with "www."', { name: 'Visit WWW.example' }],
        ['a name with a domain', { name: 'Support at login.COM' }],
        ['a name with a domain after a line break', { name: 'Ops\nevil.example' }],
        ['a name with a full-width dot domain', { name: 'evil\uFF0Ecom' }],
        ['an empty description', { description: '' }],
        ['a description over 500 characters', { description: 'x'.repeat(501) }],
        ['an updatedAt that is a string', { updatedAt: '2000' }],
        ['updatedAt before createdAt', { updatedAt: 999 }],
        // An hour, not 11 minutes: the table is built when the file loads, before the cases run.
        ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
      ] as const
    ).map(([what, change]) => updateRow(what, () => ({ ...rename(), ...change }))),
    {
      what: 'the whole document replaced with a changed memberIds',
      op: 'update',
      path: TEAM_PATH,
      replace: true,
      // A rename moves updatedAt: its activity-log event is named by it (issue #24).
      valid: () => ({ ...teams()[TEAM_PATH], name: 'Renamed', updatedAt: Date.now() }),
      invalid: () => ({ ...teams()[TEAM_PATH], name: 'Renamed', updatedAt: Date.now(), memberIds: [OWNER] }),
    },
  ],
};
