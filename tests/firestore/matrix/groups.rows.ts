// groups/{groupId}: personal groups (SPEC.md §3), read and written by their owner only; a new one
// needs the owner's paid access, an existing one stays theirs (docs/rules.md, "Plan limits").
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { base64OfBytes } from '../../contract/userRepository.contract';
import { sampleGroup, sampleSealedGroup } from '../../contract/vaultRepositories.contract';
import { liveTrial, paidPlan, userWith } from '../planSeed';
import { LOST_ACCESS } from './passwords.rows';
import { ALLOW_OWNER_ONLY, changed, DENY_ALL, OTHER, OWNER, type AccessRow, type CollectionTable } from './table';

const MINUTE = 60_000;
const GROUP = `groups/${OWNER}-group`;
const group = () => sampleGroup(OWNER, 'Banking');
const LEGACY_GROUP = `groups/${OWNER}-legacy`;
/** A sealed (format 2) group of the owner's (docs/crypto.md, "Sealed groups"). */
const sealedGroup = () => sampleSealedGroup(OWNER);
/** The seeded clear group, sealed whole on its next revision. */
const sealedOver = () => sampleSealedGroup(OWNER, { updatedAt: 3_000, revision: 2 });

/** The groups with the owner on `subscription` (null: no user record); Bob on a live trial. */
const ownerOn = (subscription: (() => SubscriptionRecord) | null) => () => ({
  [GROUP]: group(),
  [`groups/${OTHER}-group`]: sampleGroup(OTHER, 'Bob’s'),
  ...(subscription === null ? {} : { [`users/${OWNER}`]: userWith(subscription()) }),
  [`users/${OTHER}`]: userWith(liveTrial()),
});

const planRows: readonly AccessRow[] = [
  { op: 'create', what: 'a group of the owner’s on an active paid plan', path: 'groups/new', data: group, seed: ownerOn(() => paidPlan('standard')), expect: ALLOW_OWNER_ONLY },
  ...LOST_ACCESS.flatMap(([plan, subscription]): AccessRow[] => [
    { op: 'create', what: `a group of the owner’s on ${plan}`, path: 'groups/new', data: group, seed: ownerOn(subscription), expect: DENY_ALL },
    { op: 'update', what: `the owner’s group’s name on ${plan}`, path: GROUP, data: () => ({ name: 'Renamed', updatedAt: 2_000, revision: 2 }), seed: ownerOn(subscription), expect: ALLOW_OWNER_ONLY },
    { op: 'delete', what: `the owner’s group on ${plan}`, path: GROUP, seed: ownerOn(subscription), expect: ALLOW_OWNER_ONLY },
  ]),
  { op: 'get', what: 'the owner’s group on an expired trial', path: GROUP, seed: ownerOn(LOST_ACCESS[0]?.[1] ?? null), expect: ALLOW_OWNER_ONLY },
];

export const groupsTable: CollectionTable = {
  collection: 'groups',
  // Both users on a live trial: the rows not about plans write as a new account would.
  seed: ownerOn(() => liveTrial()),
  access: [
    { op: 'get', what: 'the owner’s group', path: GROUP, expect: ALLOW_OWNER_ONLY },
    {
      op: 'list',
      what: 'the owner’s personal groups',
      path: 'groups',
      where: [
        ['userId', '==', OWNER],
        ['teamId', '==', null],
      ],
      expect: ALLOW_OWNER_ONLY,
    },
    { op: 'list', what: 'the whole collection', path: 'groups', expect: DENY_ALL },
    { op: 'create', what: 'a group of the owner’s', path: 'groups/new', data: group, expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the owner’s group’s name', path: GROUP, data: () => ({ name: 'Renamed', updatedAt: 2_000, revision: 2 }), expect: ALLOW_OWNER_ONLY },
    {
      op: 'update',
      what: 'the owner’s group, replaced whole',
      path: GROUP,
      replace: true,
      data: () => sampleGroup(OWNER, 'Replaced', { updatedAt: 3_000, revision: 2 }),
      expect: ALLOW_OWNER_ONLY,
    },
    { op: 'delete', what: 'the owner’s group', path: GROUP, expect: ALLOW_OWNER_ONLY },
    // Revisions (docs/rules.md): the seeded group is at 1; only 2 is taken.
    { op: 'update', what: 'the owner’s group, revision advanced by one', path: GROUP, data: () => ({ name: 'Next', updatedAt: 2_000, revision: 2 }), expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the owner’s group at an equal revision', path: GROUP, data: () => ({ name: 'Stale', updatedAt: 2_000, revision: 1 }), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s group at a skipped revision', path: GROUP, data: () => ({ name: 'Skipped', updatedAt: 2_000, revision: 3 }), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s group at a lower revision', path: GROUP, data: () => ({ name: 'Lower', updatedAt: 2_000, revision: 0 }), expect: DENY_ALL },
    { op: 'update', what: 'the owner’s group without touching the revision', path: GROUP, data: () => ({ name: 'Unrevised', updatedAt: 2_000 }), expect: DENY_ALL },
    {
      op: 'update',
      what: 'a group from before revisions, to revision 1',
      path: LEGACY_GROUP,
      seed: () => ({ ...groupsTable.seed(), [LEGACY_GROUP]: changed(group(), { revision: undefined }) }),
      data: () => ({ name: 'Now revised', updatedAt: 2_000, revision: 1 }),
      expect: ALLOW_OWNER_ONLY,
    },
    { op: 'create', what: 'a group of the owner’s at revision 2', path: 'groups/new', data: () => sampleGroup(OWNER, 'Two', { revision: 2 }), expect: DENY_ALL },
    { op: 'create', what: 'a sealed group of the owner’s', path: 'groups/new', data: sealedGroup, expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the owner’s group, sealed whole', path: GROUP, replace: true, data: sealedOver, expect: ALLOW_OWNER_ONLY },
    ...planRows,
  ],
  malformed: [
    ...(
      [
        ['a missing name', { name: undefined }],
        ['an empty name', { name: '' }],
        ['a name over 100 characters', { name: 'x'.repeat(101) }],
        ['a name that is a number', { name: 1 }],
        ['a description over 500 characters', { description: 'x'.repeat(501) }],
        ['a missing userId', { userId: undefined }],
        ['a missing teamId', { teamId: undefined }],
        ['a missing updatedAt', { updatedAt: undefined }],
        ['an extra field', { colour: 'red' }],
        ['a timestamp that is a string', { createdAt: '1000' }],
        ['a team group', { teamId: 'team-1' }],
        ['another user as owner', { userId: OTHER }],
        ['updatedAt before createdAt', { createdAt: 2_000, updatedAt: 1_000 }],
      ] as const
    ).map(([what, change]) => ({ what, op: 'create' as const, path: 'groups/new', valid: group, invalid: () => changed(group(), change) })),
    {
      what: 'a createdAt 11 minutes ahead',
      op: 'create',
      path: 'groups/new',
      valid: () => sampleGroup(OWNER, 'Now', { createdAt: Date.now(), updatedAt: Date.now() + 5 * MINUTE }),
      invalid: () => sampleGroup(OWNER, 'Now', { createdAt: Date.now() + 11 * MINUTE, updatedAt: Date.now() + 11 * MINUTE }),
    },
    ...(
      [
        ['handing it to another user', { userId: OTHER }],
        ['handing it to a team', { teamId: 'team-1' }],
        ['a changed createdAt', { createdAt: 1 }],
        ['updatedAt before createdAt', { updatedAt: 999 }],
        // An hour, not 11 minutes: the table is built when the file loads, before the cases run.
        ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
        ['an extra field', { colour: 'red' }],
      ] as const
    ).map(([what, change]) => ({
      what,
      op: 'update' as const,
      path: GROUP,
      valid: () => ({ name: 'Renamed', updatedAt: Date.now(), revision: 2 }),
      invalid: () => ({ name: 'Renamed', updatedAt: Date.now(), revision: 2, ...change }),
    })),
    // Sealed groups (issue #18): no clear name or description beside the part, sizes bounded.
    ...(
      [
        ['a sealed group with its name in clear', { name: 'Banking' }],
        ['a sealed group with its description in clear', { description: 'about it' }],
        ['a sealed group with a keyVersion', { keyVersion: 1 }],
        ['a sealed group without its part', { sealed: undefined }],
        ['a sealed group without its format', { format: undefined }],
        ['a sealed group of format 3', { format: 3 }],
        ['a sealed part under 59 bytes', { sealed: base64OfBytes(58) }],
        ['a sealed part over 4096 bytes', { sealed: base64OfBytes(4097) }],
      ] as const
    ).map(([what, change]) => ({ what, op: 'create' as const, path: 'groups/new', valid: sealedGroup, invalid: () => changed(sealedGroup(), change) })),
    {
      what: 'a group sealed whole keeping its clear name',
      op: 'update',
      path: GROUP,
      replace: true,
      valid: sealedOver,
      invalid: () => ({ ...sealedOver(), name: 'Banking' }),
    },
  ],
};
