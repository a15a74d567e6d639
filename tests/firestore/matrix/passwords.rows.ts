// passwords/{entryId}: personal entries (SPEC.md §3), read and written by their owner only; a new
// one needs the owner's paid access, an existing one stays readable, editable and deletable
// (docs/rules.md, "Plan limits").
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { sampleEntry, sampleGroup } from '../../contract/vaultRepositories.contract';
import { expiredTrial, freePlan, liveTrial, paidPlan, userWith } from '../planSeed';
import { ALLOW_OWNER_ONLY, changed, DENY_ALL, OTHER, OWNER, type AccessRow, type CollectionTable } from './table';

const MINUTE = 60_000;
const ENTRY = `passwords/${OWNER}-entry`;
const entry = () => sampleEntry(OWNER, 'Alice’s bank');

const documents = () => ({
  [ENTRY]: entry(),
  [`passwords/${OTHER}-entry`]: sampleEntry(OTHER, 'Bob’s bank'),
  [`groups/${OWNER}-group`]: sampleGroup(OWNER, 'Alice’s'),
  [`groups/${OTHER}-group`]: sampleGroup(OTHER, 'Bob’s'),
  'groups/team-group': sampleGroup(OWNER, 'Team', { userId: null, teamId: 'team-1' }),
});

/** The documents with the owner on `subscription` (null: no user record); Bob on a live trial. */
const ownerOn = (subscription: (() => SubscriptionRecord) | null) => () => ({
  ...documents(),
  ...(subscription === null ? {} : { [`users/${OWNER}`]: userWith(subscription()) }),
  [`users/${OTHER}`]: userWith(liveTrial()),
});

export const LOST_ACCESS: readonly (readonly [string, (() => SubscriptionRecord) | null])[] = [
  ['an expired trial', () => expiredTrial()],
  // A free-trial-only subscription counts its trial alone, whatever its status says, and ends at
  // the earlier of trialEnd and currentPeriodEnd (src/domain/subscription.ts).
  ['an expired trial whose status says active', () => ({ ...expiredTrial(), status: 'active' })],
  ['a trial whose period ended before its trialEnd', () => ({ ...liveTrial(), currentPeriodEnd: Date.now() - 60_000 })],
  ['the free plan', () => freePlan()],
  ['a cancelled paid plan', () => paidPlan('standard', 'canceled')],
  ['an unpaid paid plan', () => paidPlan('pro', 'unpaid')],
  ['no user record (the fallback, free)', null],
];

/**
 * Revisions (docs/rules.md, "Revisions"): the seeded entry is at revision 1; an update writes 2,
 * and an equal, skipped or lower one is refused. One stored before revisions reads as 0.
 */
const LEGACY = `passwords/${OWNER}-legacy`;
const revisionRows: readonly AccessRow[] = [
  { op: 'update', what: 'the owner’s entry, revision advanced by one', path: ENTRY, data: () => ({ title: 'Next', updatedAt: 2_000, revision: 2 }), expect: ALLOW_OWNER_ONLY },
  { op: 'update', what: 'the owner’s entry at an equal revision', path: ENTRY, data: () => ({ title: 'Stale', updatedAt: 2_000, revision: 1 }), expect: DENY_ALL },
  { op: 'update', what: 'the owner’s entry at a skipped revision', path: ENTRY, data: () => ({ title: 'Skipped', updatedAt: 2_000, revision: 3 }), expect: DENY_ALL },
  { op: 'update', what: 'the owner’s entry at a lower revision', path: ENTRY, data: () => ({ title: 'Lower', updatedAt: 2_000, revision: 0 }), expect: DENY_ALL },
  { op: 'update', what: 'the owner’s entry without touching the revision', path: ENTRY, data: () => ({ title: 'Unrevised', updatedAt: 2_000 }), expect: DENY_ALL },
  {
    op: 'update',
    what: 'an entry from before revisions, to revision 1',
    path: LEGACY,
    seed: () => ({ ...passwordsTable.seed(), [LEGACY]: changed(entry(), { revision: undefined }) }),
    data: () => ({ title: 'Now revised', updatedAt: 2_000, revision: 1 }),
    expect: ALLOW_OWNER_ONLY,
  },
  {
    op: 'update',
    what: 'an entry from before revisions, to revision 2',
    path: LEGACY,
    seed: () => ({ ...passwordsTable.seed(), [LEGACY]: changed(entry(), { revision: undefined }) }),
    data: () => ({ title: 'Skipped', updatedAt: 2_000, revision: 2 }),
    expect: DENY_ALL,
  },
  { op: 'create', what: 'an entry of the owner’s at revision 2', path: 'passwords/new', data: () => sampleEntry(OWNER, 'Two', { revision: 2 }), expect: DENY_ALL },
];

/** Plan limits: creating needs paid access; what exists stays the owner's to read, edit and delete. */
const planRows: readonly AccessRow[] = [
  { op: 'create', what: 'an entry of the owner’s on an active paid plan', path: 'passwords/new', data: entry, seed: ownerOn(() => paidPlan('standard')), expect: ALLOW_OWNER_ONLY },
  { op: 'create', what: 'an entry of the owner’s on a past-due paid plan', path: 'passwords/new', data: entry, seed: ownerOn(() => paidPlan('pro', 'past_due')), expect: ALLOW_OWNER_ONLY },
  ...LOST_ACCESS.flatMap(([plan, subscription]): AccessRow[] => [
    { op: 'create', what: `an entry of the owner’s on ${plan}`, path: 'passwords/new', data: entry, seed: ownerOn(subscription), expect: DENY_ALL },
    {
      op: 'create',
      what: `an entry of the owner’s in their group on ${plan}`,
      path: 'passwords/new',
      data: () => sampleEntry(OWNER, 'Grouped', { groupId: `${OWNER}-group` }),
      seed: ownerOn(subscription),
      expect: DENY_ALL,
    },
  ]),
  { op: 'get', what: 'the owner’s entry on the free plan', path: ENTRY, seed: ownerOn(() => freePlan()), expect: ALLOW_OWNER_ONLY },
  {
    op: 'list',
    what: 'the owner’s personal entries on the free plan (export)',
    path: 'passwords',
    where: [
      ['userId', '==', OWNER],
      ['teamId', '==', null],
    ],
    seed: ownerOn(() => freePlan()),
    expect: ALLOW_OWNER_ONLY,
  },
  ...LOST_ACCESS.flatMap(([plan, subscription]): AccessRow[] => [
    { op: 'update', what: `the owner’s entry’s title on ${plan}`, path: ENTRY, data: () => ({ title: 'Renamed', updatedAt: 2_000, revision: 2 }), seed: ownerOn(subscription), expect: ALLOW_OWNER_ONLY },
    { op: 'delete', what: `the owner’s entry on ${plan}`, path: ENTRY, seed: ownerOn(subscription), expect: ALLOW_OWNER_ONLY },
  ]),
];

export const passwordsTable: CollectionTable = {
  collection: 'passwords',
  // Both users on a live trial: the rows not about plans write as a new account would.
  seed: ownerOn(() => liveTrial()),
  access: [
    { op: 'get', what: 'the owner’s entry', path: ENTRY, expect: ALLOW_OWNER_ONLY },
    {
      op: 'list',
      what: 'the owner’s personal entries',
      path: 'passwords',
      where: [
        ['userId', '==', OWNER],
        ['teamId', '==', null],
      ],
      expect: ALLOW_OWNER_ONLY,
    },
    { op: 'list', what: 'the whole collection', path: 'passwords', expect: DENY_ALL },
    { op: 'create', what: 'an entry of the owner’s', path: 'passwords/new', data: entry, expect: ALLOW_OWNER_ONLY },
    {
      op: 'create',
      what: 'an entry of the owner’s in their group',
      path: 'passwords/new',
      data: () => sampleEntry(OWNER, 'Grouped', { groupId: `${OWNER}-group` }),
      expect: ALLOW_OWNER_ONLY,
    },
    { op: 'update', what: 'the owner’s entry’s title', path: ENTRY, data: () => ({ title: 'Renamed', updatedAt: 2_000, revision: 2 }), expect: ALLOW_OWNER_ONLY },
    { op: 'update', what: 'the owner’s entry, into their group', path: ENTRY, data: () => ({ groupId: `${OWNER}-group`, revision: 2 }), expect: ALLOW_OWNER_ONLY },
    {
      op: 'update',
      what: 'the owner’s entry, replaced whole',
      path: ENTRY,
      replace: true,
      data: () => sampleEntry(OWNER, 'Replaced', { updatedAt: 3_000, revision: 2 }),
      expect: ALLOW_OWNER_ONLY,
    },
    { op: 'delete', what: 'the owner’s entry', path: ENTRY, expect: ALLOW_OWNER_ONLY },
    ...revisionRows,
    ...planRows,
  ],
  malformed: [
    ...(
      [
        ['a missing title', { title: undefined }],
        ['an empty title', { title: '' }],
        ['a missing username', { username: undefined }],
        ['a missing password', { password: undefined }],
        ['a missing groupId', { groupId: undefined }],
        ['a missing teamId', { teamId: undefined }],
        ['a missing createdAt', { createdAt: undefined }],
        ['an extra field', { masterPassword: 'x' }],
        // Personal entries are under the vault key, which has no versions (docs/rules.md).
        ['a keyVersion', { keyVersion: 2 }],
        ['a plaintext password', { password: 'hunter2 is my password' }],
        ['a too-short password ciphertext', { password: 'AAAA' }],
        // 36 characters: 27 bytes, one short of IV (12) + tag (16).
        ['a password ciphertext one byte short of IV and tag', { password: `${'A'.repeat(35)}=` }],
        ['a too-short username ciphertext', { username: 'QUJD' }],
        ['padding inside the base64', { password: `${'A'.repeat(20)}==${'A'.repeat(18)}` }],
        ['base64url instead of base64', { password: '-_'.repeat(22) }],
        ['encrypted false', { encrypted: false }],
        ['a title that is a number', { title: 42 }],
        ['a timestamp that is a string', { updatedAt: '1000' }],
        ['a groupId that is a number', { groupId: 7 }],
        ['a huge note', { notes: 'x'.repeat(10_001) }],
        ['an empty url', { url: '' }],
        ['a team entry', { teamId: 'team-1' }],
        ['another user as owner', { userId: OTHER }],
        ['another user’s group', { groupId: `${OTHER}-group` }],
        ['a team’s group', { groupId: 'team-group' }],
        ['a group that does not exist', { groupId: 'no-such-group' }],
        ['updatedAt before createdAt', { createdAt: 2_000, updatedAt: 1_000 }],
        ['no revision', { revision: undefined }],
        ['revision 0', { revision: 0 }],
        ['revision 2', { revision: 2 }],
        ['a revision that is a string', { revision: '1' }],
      ] as const
    ).map(([what, change]) => ({ what, op: 'create' as const, path: 'passwords/new', valid: entry, invalid: () => changed(entry(), change) })),
    {
      what: 'a createdAt 11 minutes ahead',
      op: 'create',
      path: 'passwords/new',
      valid: () => sampleEntry(OWNER, 'Now', { createdAt: Date.now(), updatedAt: Date.now() + 5 * MINUTE }),
      invalid: () => sampleEntry(OWNER, 'Now', { createdAt: Date.now() + 11 * MINUTE, updatedAt: Date.now() + 11 * MINUTE }),
    },
    ...(
      [
        ['handing it to another user', { userId: OTHER }],
        ['handing it to a team', { teamId: 'team-1' }],
        ['a changed createdAt', { createdAt: 1 }],
        ['updatedAt before createdAt', { updatedAt: 999 }],
        // An hour, not 11 minutes: the table is built when the file loads, before the cases run.
        ['an updatedAt an hour ahead', { updatedAt: Date.now() + 60 * MINUTE }],
        ['moving it to another user’s group', { groupId: `${OTHER}-group` }],
        ['moving it to a team’s group', { groupId: 'team-group' }],
        ['a plaintext password', { password: 'hunter2' }],
        ['a too-short username ciphertext', { username: 'AAAA' }],
        ['an extra field', { masterPassword: 'x' }],
        ['a keyVersion', { keyVersion: 2 }],
        ['an equal revision', { revision: 1 }],
        ['a skipped revision', { revision: 3 }],
        ['a lower revision', { revision: 0 }],
        ['a revision that is a string', { revision: '2' }],
      ] as const
    ).map(([what, change]) => ({
      what,
      op: 'update' as const,
      path: ENTRY,
      valid: () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2 }),
      invalid: () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2, ...change }),
    })),
  ],
};
