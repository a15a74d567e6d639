// passwords/{entryId} in format 2, sealed (docs/crypto.md, "Sealed entries"; docs/rules.md,
// "Sealed entries"): personal and team entries whose title, url, username, password and notes are
// in two sealed parts. Format 1 stays writable only until its vault (users/{uid}.entryFormat) or
// team (teams/{teamId}.entryFormat) is marked sealed, which is done once and never undone.
import { deleteField } from 'firebase/firestore';
import { canOnPasswords } from '@keyloft/contract/teamPermissions';
import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import { base64OfBytes } from '../../contract/userRepository.contract';
import { sampleEntry, sampleGroup, sampleSealedEntry, sampleSealedGroup } from '../../contract/vaultRepositories.contract';
import { liveTrial, userWith } from '../planSeed';
import { ALLOW_OWNER_ONLY, allowOnly, changed, DENY_ALL, IDENTITIES, OTHER, OWNER, FULL, type Actor, type AccessRow, type CollectionTable, type MalformedRow } from './table';
import { byRole, DELETING_TEAM, KEY_VERSION, ROLE_IN_TEAM, TEAM, teamEntry, teams } from './teamSeed';

const SEALED = `passwords/${OWNER}-sealed`;
const PLAIN = `passwords/${OWNER}-plain`;
const TEAM_SEALED = 'passwords/team-sealed';
const TEAM_PLAIN = 'passwords/team-plain';
// Format 3 (issue #44): an item of any kind, the same fields as format 2.
const ITEM = `passwords/${OWNER}-item`;
const TEAM_ITEM = 'passwords/team-item';
const PART_2 = base64OfBytes(48, 0x42);
/** Canonical base64 of `length` bytes, for parts too large for base64OfBytes' spread. */
const partOf = (length: number) => Buffer.alloc(length, 0x41).toString('base64');
const { entryOverviewSealedBytes: OVERVIEW_MAX, entryDetailsSealedBytes: DETAILS_MAX } = FIELD_LIMITS;

const sealed = (overrides = {}) => sampleSealedEntry(OWNER, overrides);
const teamSealed = (userId: string, overrides = {}) => sampleSealedEntry(userId, { teamId: TEAM, keyVersion: KEY_VERSION, ...overrides });

const unmarked = () => ({
  ...teams(),
  [`users/${OWNER}`]: userWith(liveTrial()),
  [`users/${OTHER}`]: userWith(liveTrial()),
  [SEALED]: sealed(),
  [PLAIN]: sampleEntry(OWNER, 'Alice’s bank'),
  [TEAM_SEALED]: teamSealed(FULL),
  [TEAM_PLAIN]: teamEntry(TEAM, FULL, 'Staging database'),
  [ITEM]: sealed({ format: 3 }),
  [TEAM_ITEM]: teamSealed(FULL, { format: 3 }),
  [`groups/${OWNER}-group`]: sampleGroup(OWNER, 'Alice’s'),
  [`groups/${OWNER}-sealed-group`]: sampleSealedGroup(OWNER),
  'groups/team-plain-group': sampleGroup(OWNER, 'Servers', { userId: null, teamId: TEAM }),
  'groups/team-sealed-group': sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION }),
});

/** The owner's vault and the team, both marked sealed: no format-1 write is left to either. */
const marked = () => {
  const seed = unmarked();
  return {
    ...seed,
    [`users/${OWNER}`]: { ...userWith(liveTrial()), entryFormat: 2 },
    [`teams/${TEAM}`]: { ...seed[`teams/${TEAM}`]!, entryFormat: 2 },
  };
};

const edit = () => ({ overview: PART_2, details: PART_2, updatedAt: Date.now(), revision: 2 });
/** The whole sealed document a sealing edit of a format-1 entry writes (the clear fields gone). */
const sealing = (userId: string, team: boolean) => () =>
  sampleSealedEntry(userId, { revision: 2, updatedAt: Date.now(), ...(team ? { teamId: TEAM, keyVersion: KEY_VERSION } : {}) });

/** A create by `actor` of an entry naming them: allowed exactly when their role may create. */
function teamCreate(actor: Exclude<Actor, 'signedOut'>) {
  return canOnPasswords(ROLE_IN_TEAM[actor], 'create') ? allowOnly(actor) : DENY_ALL;
}

const personalRows: readonly AccessRow[] = [
  { op: 'get', what: 'the owner’s sealed entry', path: SEALED, expect: ALLOW_OWNER_ONLY },
  {
    op: 'list',
    what: 'the owner’s personal entries, sealed and not',
    path: 'passwords',
    where: [
      ['userId', '==', OWNER],
      ['teamId', '==', null],
    ],
    expect: ALLOW_OWNER_ONLY,
  },
  { op: 'delete', what: 'the owner’s sealed entry', path: SEALED, expect: ALLOW_OWNER_ONLY },
  { op: 'create', what: 'a sealed entry of the owner’s', path: 'passwords/new', data: () => sealed(), expect: ALLOW_OWNER_ONLY },
  { op: 'create', what: 'a sealed entry of the owner’s in their group', path: 'passwords/new', data: () => sealed({ groupId: `${OWNER}-group` }), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s sealed entry, both parts replaced', path: SEALED, data: edit, expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s format-1 entry, sealed (clear fields removed)', path: PLAIN, replace: true, data: sealing(OWNER, false), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s sealed entry, turned back into format 1', path: SEALED, replace: true, data: () => sampleEntry(OWNER, 'Back in clear', { revision: 2 }), expect: DENY_ALL },
  { op: 'create', what: 'an item (format 3) of the owner’s', path: 'passwords/new', data: () => sealed({ format: 3 }), expect: ALLOW_OWNER_ONLY },
  { op: 'create', what: 'an item (format 3) of the owner’s in a vault marked sealed', path: 'passwords/new', seed: marked, data: () => sealed({ format: 3 }), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s format-2 entry, made an item (format 3)', path: SEALED, data: () => ({ ...edit(), format: 3 }), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s item, both parts replaced', path: ITEM, data: edit, expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s item, written back in format 2 (an older tab’s save)', path: ITEM, data: () => ({ ...edit(), format: 2 }), expect: DENY_ALL },
  { op: 'update', what: 'the owner’s item, turned back into format 1', path: ITEM, replace: true, data: () => sampleEntry(OWNER, 'Back in clear', { revision: 2 }), expect: DENY_ALL },
  { op: 'delete', what: 'the owner’s item', path: ITEM, expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s sealed entry with a clear title added', path: SEALED, data: () => ({ ...edit(), title: 'Visible' }), expect: DENY_ALL },
  { op: 'update', what: 'the owner’s record, marked sealed', path: `users/${OWNER}`, data: () => ({ entryFormat: 2 }), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s record, marked with another format', path: `users/${OWNER}`, data: () => ({ entryFormat: 3 }), expect: DENY_ALL },
  { op: 'update', what: 'the owner’s record, marked sealed with the format as text', path: `users/${OWNER}`, data: () => ({ entryFormat: '2' }), expect: DENY_ALL },
  // Marked: format 1 is refused for new entries and for edits; sealing and deleting go on.
  { op: 'create', what: 'a format-1 entry in a vault marked sealed', path: 'passwords/new', seed: marked, data: () => sampleEntry(OWNER, 'In clear'), expect: DENY_ALL },
  { op: 'create', what: 'a sealed entry in a vault marked sealed', path: 'passwords/new', seed: marked, data: () => sealed(), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'a format-1 entry’s title in a vault marked sealed', path: PLAIN, seed: marked, data: () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2 }), expect: DENY_ALL },
  { op: 'update', what: 'a format-1 entry, sealed, in a vault marked sealed', path: PLAIN, seed: marked, replace: true, data: sealing(OWNER, false), expect: ALLOW_OWNER_ONLY },
  { op: 'delete', what: 'a format-1 entry in a vault marked sealed', path: PLAIN, seed: marked, expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s record, unmarked', path: `users/${OWNER}`, seed: marked, data: () => ({ entryFormat: deleteField() }), expect: DENY_ALL },
  { op: 'update', what: 'the owner’s record, marked again', path: `users/${OWNER}`, seed: marked, data: () => ({ entryFormat: 2 }), expect: DENY_ALL },
];

const teamRows: readonly AccessRow[] = [
  { op: 'get', what: 'a sealed entry of the team', path: TEAM_SEALED, expect: byRole((role) => canOnPasswords(role, 'view')) },
  { op: 'list', what: 'the team’s entries, sealed and not', path: 'passwords', where: [['teamId', '==', TEAM]], expect: byRole((role) => canOnPasswords(role, 'view')) },
  { op: 'delete', what: 'a sealed entry of the team', path: TEAM_SEALED, expect: byRole((role) => canOnPasswords(role, 'delete')) },
  ...(['owner', 'admin', 'full', 'view'] as const).map((actor) => ({
    op: 'create' as const,
    what: `a sealed entry of the team by the ${actor} member`,
    path: 'passwords/new',
    data: () => teamSealed(IDENTITIES[actor].uid),
    expect: teamCreate(actor),
  })),
  { op: 'update', what: 'a sealed entry of the team, both parts replaced', path: TEAM_SEALED, data: edit, expect: byRole((role) => canOnPasswords(role, 'edit')) },
  { op: 'update', what: 'a format-1 entry of the team, sealed', path: TEAM_PLAIN, replace: true, data: sealing(FULL, true), expect: byRole((role) => canOnPasswords(role, 'edit')) },
  { op: 'create', what: 'an item (format 3) of the team by the full member', path: 'passwords/new', data: () => teamSealed(FULL, { format: 3 }), expect: allowOnly('full') },
  { op: 'update', what: 'a format-2 entry of the team, made an item (format 3)', path: TEAM_SEALED, data: () => ({ ...edit(), format: 3 }), expect: byRole((role) => canOnPasswords(role, 'edit')) },
  { op: 'update', what: 'an item of the team, both parts replaced', path: TEAM_ITEM, data: edit, expect: byRole((role) => canOnPasswords(role, 'edit')) },
  { op: 'update', what: 'an item of the team, written back in format 2 (an older tab’s save)', path: TEAM_ITEM, data: () => ({ ...edit(), format: 2 }), expect: DENY_ALL },
  { op: 'update', what: 'a sealed entry of the team, turned back into format 1', path: TEAM_SEALED, replace: true, data: () => teamEntry(TEAM, FULL, 'Back', { revision: 2 }), expect: DENY_ALL },
  { op: 'update', what: 'the team, marked sealed', path: `teams/${TEAM}`, data: () => ({ entryFormat: 2 }), expect: byRole((role) => canOnPasswords(role, 'edit')) },
  { op: 'update', what: 'the team, marked sealed with its name changed too', path: `teams/${TEAM}`, data: () => ({ entryFormat: 2, name: 'Renamed' }), expect: DENY_ALL },
  { op: 'update', what: 'a deleting team, marked sealed', path: `teams/${DELETING_TEAM}`, data: () => ({ entryFormat: 2 }), expect: DENY_ALL },
  { op: 'create', what: 'a format-1 entry of a team marked sealed, by the full member', path: 'passwords/new', seed: marked, data: () => teamEntry(TEAM, FULL, 'In clear'), expect: DENY_ALL },
  { op: 'create', what: 'a sealed entry of a team marked sealed, by the full member', path: 'passwords/new', seed: marked, data: () => teamSealed(FULL), expect: allowOnly('full') },
  { op: 'update', what: 'a format-1 entry’s title in a team marked sealed', path: TEAM_PLAIN, seed: marked, data: () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2 }), expect: DENY_ALL },
  { op: 'update', what: 'a format-1 entry, sealed, in a team marked sealed', path: TEAM_PLAIN, seed: marked, replace: true, data: sealing(FULL, true), expect: byRole((role) => canOnPasswords(role, 'edit')) },
  { op: 'update', what: 'a team marked sealed, unmarked', path: `teams/${TEAM}`, seed: marked, data: () => ({ entryFormat: deleteField() }), expect: DENY_ALL },
];

/** Groups follow the same format rules as entries (docs/rules.md, "Sealed entries"). */
const sealedGroup = (overrides = {}) => sampleSealedGroup(OWNER, overrides);
const teamSealedGroup = (overrides = {}) => sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION, ...overrides });
const renamed = () => ({ name: 'Renamed', updatedAt: Date.now(), revision: 2 });

const groupRows: readonly AccessRow[] = [
  { op: 'create', what: 'a sealed group of the owner’s', path: 'groups/new', data: () => sealedGroup(), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s sealed group, turned back into format 1', path: `groups/${OWNER}-sealed-group`, replace: true, data: () => sampleGroup(OWNER, 'Back', { revision: 2 }), expect: DENY_ALL },
  { op: 'create', what: 'a format-1 group in a vault marked sealed', path: 'groups/new', seed: marked, data: () => sampleGroup(OWNER, 'In clear'), expect: DENY_ALL },
  { op: 'create', what: 'a sealed group in a vault marked sealed', path: 'groups/new', seed: marked, data: () => sealedGroup(), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'a format-1 group’s name in a vault marked sealed', path: `groups/${OWNER}-group`, seed: marked, data: renamed, expect: DENY_ALL },
  { op: 'update', what: 'a format-1 group, sealed, in a vault marked sealed', path: `groups/${OWNER}-group`, seed: marked, replace: true, data: () => sealedGroup({ revision: 2, updatedAt: Date.now() }), expect: ALLOW_OWNER_ONLY },
  { op: 'create', what: 'a sealed group of the team by the full member', path: 'groups/new', data: () => teamSealedGroup(), expect: byRole((role) => canOnPasswords(role, 'create')) },
  { op: 'update', what: 'a sealed group of the team, turned back into format 1', path: 'groups/team-sealed-group', replace: true, data: () => sampleGroup(OWNER, 'Back', { userId: null, teamId: TEAM, revision: 2 }), expect: DENY_ALL },
  { op: 'create', what: 'a format-1 group of a team marked sealed', path: 'groups/new', seed: marked, data: () => sampleGroup(OWNER, 'In clear', { userId: null, teamId: TEAM }), expect: DENY_ALL },
  { op: 'create', what: 'a sealed group of a team marked sealed', path: 'groups/new', seed: marked, data: () => teamSealedGroup(), expect: byRole((role) => canOnPasswords(role, 'create')) },
  { op: 'update', what: 'a format-1 group’s name in a team marked sealed', path: 'groups/team-plain-group', seed: marked, data: renamed, expect: DENY_ALL },
  { op: 'update', what: 'a format-1 group of a team marked sealed, sealed', path: 'groups/team-plain-group', seed: marked, replace: true, data: () => teamSealedGroup({ revision: 2, updatedAt: Date.now() }), expect: byRole((role) => canOnPasswords(role, 'edit')) },
];

function createRow(what: string, change: Readonly<Record<string, unknown>>, base: () => Record<string, unknown> = () => ({ ...sealed() })): MalformedRow {
  return { what, op: 'create', path: 'passwords/new', valid: base, invalid: () => changed(base(), change) };
}

const malformed: readonly MalformedRow[] = [
  createRow('no overview', { overview: undefined }),
  createRow('no details', { details: undefined }),
  createRow('no format beside the parts', { format: undefined }),
  createRow('format 4', { format: 4 }),
  createRow('the format as text', { format: '2' }),
  createRow('a clear title beside the parts', { title: 'Alice’s bank' }),
  createRow('a clear url beside the parts', { url: 'https://bank.example.com' }),
  createRow('clear notes beside the parts', { notes: 'PIN 4321' }),
  createRow('a username field beside the parts', { username: PART_2 }),
  createRow('a password field beside the parts', { password: PART_2 }),
  createRow('an overview in plain text', { overview: 'Alice’s bank' }),
  // 12 + 2 + 16: the smallest part (a JSON object) sealed; one byte less is refused.
  createRow('an overview one byte short of the smallest sealed part', { overview: base64OfBytes(29) }, () => ({ ...sealed({ overview: base64OfBytes(30) }) })),
  createRow('details one byte short of the smallest sealed part', { details: base64OfBytes(29) }, () => ({ ...sealed({ details: base64OfBytes(30) }) })),
  createRow('an overview one byte over its bound', { overview: partOf(OVERVIEW_MAX + 1) }, () => ({ ...sealed({ overview: partOf(OVERVIEW_MAX) }) })),
  createRow('details one byte over their bound', { details: partOf(DETAILS_MAX + 1) }, () => ({ ...sealed({ details: partOf(DETAILS_MAX) }) })),
  createRow('encrypted false', { encrypted: false }),
  createRow('a keyVersion on a personal entry', { keyVersion: 2 }),
  createRow('an extra field', { masterPassword: 'x' }),
  createRow('a group that is not the owner’s', { groupId: 'no-such-group' }),
  createRow('revision 2', { revision: 2 }),
  { ...createRow('a team entry without keyVersion', { keyVersion: undefined }, () => ({ ...teamSealed(FULL) })), actor: 'full' },
  { ...createRow('a team entry at the previous key version', { keyVersion: KEY_VERSION - 1 }, () => ({ ...teamSealed(FULL) })), actor: 'full' },
  { ...createRow('a team entry with clear notes', { notes: 'PIN 4321' }, () => ({ ...teamSealed(FULL) })), actor: 'full' },
  ...(
    [
      ['a clear title added', { title: 'Visible' }],
      ['clear notes added', { notes: 'PIN 4321' }],
      ['format 1', { format: 1 }],
      ['an overview in plain text', { overview: 'Alice’s bank' }],
      ['the format removed', { format: deleteField() }],
    ] as const
  ).map(([what, change]): MalformedRow => ({ what: `a sealed entry edited with ${what}`, op: 'update', path: SEALED, valid: edit, invalid: () => ({ ...edit(), ...change }) })),
];

export const sealedPasswordsTable: CollectionTable = {
  collection: 'sealed passwords and groups',
  seed: unmarked,
  access: [...personalRows, ...teamRows, ...groupRows],
  malformed,
};
