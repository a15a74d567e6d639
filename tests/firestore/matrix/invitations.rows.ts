// invitations/{inviteId} (docs/invitations.md, "Rules"): the invitee (by the token's address) and
// the team's owner and admins read; lists only by the two pending queries; the inviter, still the
// owner, attaches the key once; owners and admins cancel pending ones; nobody creates (the callable).
// The other user (bob) is the invitee of most seeded invitations, so every row has both outcomes.
import { isOwner } from '@keyloft/contract/teamPermissions';
import { base64OfBytes } from '../../contract/userRepository.contract';
import {
  base64UrlOfBytes,
  INVITATION_SIZES,
  SAMPLE_PROOF_HASH,
  SAMPLE_SECRET_WRAP,
  SAMPLE_TEAM_KEY_WRAP,
  sampleInvitation,
  sampleSecretInvitation,
} from '../../contract/invitationRepository.contract';
import { ADMIN, allowOnly, DENY_ALL, IDENTITIES, OTHER, OWNER, type Actor, type CollectionTable, type MalformedRow, type Outcome } from './table';
import { byRole, DELETING_TEAM, KEY_VERSION, OTHERS_TEAM, TEAM, teams } from './teamSeed';

const DAY = 86_400_000;
const BOB = IDENTITIES.other.claims.email ?? '';
const ALICE = IDENTITIES.owner.claims.email ?? '';

/** Owners and admins manage a team's invitations (SPEC.md §6). */
const MANAGERS = byRole((role) => role === 'owner' || role === 'admin');
const managersAnd = (actor: Actor): Readonly<Record<Actor, Outcome>> => ({ ...MANAGERS, [actor]: 'allow' });

const path = (id: string) => `invitations/${id}`;
/** To bob (an account) in the owner's team, by the owner, no key yet. */
const TO_BOB = path('to-bob');
/** To zoe (no account, no actor) in the owner's team. */
const TO_ZOE = path('to-zoe');
/** To bob, already accepted. */
const ANSWERED = path('to-bob-answered');
/** To bob, pending but past its expiry. */
const EXPIRED = path('to-bob-expired');
/** To bob, from the deleting team. */
const GONE = path('to-bob-gone');
/** To the owner (alice), in bob's team, by bob. */
const TO_ALICE = path('to-alice');
/** To zoe in the owner's team, invited by the admin: an inviter who is not (or no longer) the owner. */
const BY_ADMIN = path('to-zoe-by-admin');
/** To bob, with the key already attached. */
const KEYED = path('to-bob-keyed');
/** To frank (the former invitee): open, and accepted, declined, past expiry or marked expired. */
const TO_FRANK = path('to-frank');
const FRANK_ACCEPTED = path('to-frank-accepted');
const FRANK_DECLINED = path('to-frank-declined');
const FRANK_PAST_EXPIRY = path('to-frank-past-expiry');
const FRANK_EXPIRED = path('to-frank-expired');
const FRANK = IDENTITIES.former.claims.email ?? '';

function invitations(): Readonly<Record<string, object>> {
  const now = Date.now();
  return {
    [TO_BOB]: sampleInvitation({ teamId: TEAM }, now - 1_000),
    [TO_ZOE]: sampleSecretInvitation({ teamId: TEAM }, now - 2_000),
    [ANSWERED]: sampleInvitation({ teamId: TEAM, status: 'accepted', respondedAt: now }, now - 3_000),
    [EXPIRED]: sampleInvitation({ teamId: TEAM }, now - 8 * DAY),
    [GONE]: sampleInvitation({ teamId: DELETING_TEAM, teamName: 'Going away' }, now - 4_000),
    [TO_ALICE]: sampleInvitation({ teamId: OTHERS_TEAM, teamName: 'Bob’s team', email: ALICE, userId: OWNER, invitedBy: OTHER, invitedByEmail: BOB }, now),
    [BY_ADMIN]: sampleSecretInvitation({ teamId: TEAM, invitedBy: ADMIN, invitedByEmail: 'carol@example.com' }, now - 5_000),
    [KEYED]: sampleInvitation({ teamId: TEAM, keyVersion: KEY_VERSION, encryptedTeamKey: SAMPLE_TEAM_KEY_WRAP }, now - 6_000),
    [TO_FRANK]: sampleSecretInvitation({ teamId: TEAM, email: FRANK, ...secretKey() }, now - 7_000),
    [FRANK_ACCEPTED]: sampleSecretInvitation({ teamId: TEAM, email: FRANK, status: 'accepted', respondedAt: now, keyVersion: KEY_VERSION, proofHash: SAMPLE_PROOF_HASH }, now - 8_000),
    [FRANK_DECLINED]: sampleSecretInvitation({ teamId: TEAM, email: FRANK, status: 'declined', respondedAt: now, keyVersion: KEY_VERSION, proofHash: SAMPLE_PROOF_HASH }, now - 9_000),
    // Past its expiry, not yet cleaned up: still holding the key copy the clean-up will remove.
    [FRANK_PAST_EXPIRY]: sampleSecretInvitation({ teamId: TEAM, email: FRANK, ...secretKey() }, now - 8 * DAY),
    [FRANK_EXPIRED]: sampleSecretInvitation({ teamId: TEAM, email: FRANK, status: 'expired', keyVersion: KEY_VERSION, proofHash: SAMPLE_PROOF_HASH }, now - 9 * DAY),
  };
}

const seed = () => ({ ...teams(), ...invitations() });

const pendingFor = (field: 'email' | 'teamId', value: string) =>
  [
    [field, '==', value],
    ['status', '==', 'pending'],
  ] as const;

const accountKey = (keyVersion: unknown = KEY_VERSION) => ({ keyVersion, encryptedTeamKey: SAMPLE_TEAM_KEY_WRAP });
const secretKey = () => ({ keyVersion: KEY_VERSION, encryptedTeamKeyWithSecret: SAMPLE_SECRET_WRAP, proofHash: SAMPLE_PROOF_HASH });

function accountRow(what: string, invalid: () => Record<string, unknown>): MalformedRow {
  return { what: `an account’s key with ${what}`, op: 'update', path: TO_BOB, valid: () => accountKey(), invalid };
}

function secretRow(what: string, invalid: () => Record<string, unknown>): MalformedRow {
  return { what: `the secret’s key with ${what}`, op: 'update', path: TO_ZOE, valid: secretKey, invalid };
}

/** Fields only the callables write: none may change alongside the key. */
const SERVER_FIELDS = [
  ['status accepted', { status: 'accepted' }],
  ['a higher role', { role: 'admin' }],
  ['another address', { email: 'mallory@example.com' }],
  ['another team', { teamId: OTHERS_TEAM }],
  ['another team name', { teamName: 'Renamed' }],
  ['another inviter', { invitedBy: ADMIN }],
  ['another inviter address', { invitedByEmail: null }],
  ['a later expiry', { expiresAt: Date.now() + 30 * DAY }],
  ['a changed createdAt', { createdAt: 1 }],
  ['emailsSent changed', { emailsSent: 3 }],
  ['respondedAt', { respondedAt: 1 }],
  ['another userId', { userId: ADMIN }],
  ['an extra field', { sharedSecret: base64UrlOfBytes(32) }],
] as const;

export const invitationsTable: CollectionTable = {
  collection: 'invitations',
  seed,
  access: [
    { op: 'get', what: 'an invitation to the other user', path: TO_BOB, expect: managersAnd('other') },
    { op: 'get', what: 'an invitation to an address only an unverified account has (the squatter’s)', path: TO_ZOE, expect: MANAGERS },
    { op: 'get', what: 'an accepted invitation (its team’s managers; the invitee reads open ones only)', path: ANSWERED, expect: MANAGERS },
    { op: 'get', what: 'an open invitation to the former invitee (with the key under its secret)', path: TO_FRANK, expect: managersAnd('former') },
    { op: 'get', what: 'the former invitee’s accepted invitation', path: FRANK_ACCEPTED, expect: MANAGERS },
    { op: 'get', what: 'the former invitee’s declined invitation', path: FRANK_DECLINED, expect: MANAGERS },
    { op: 'get', what: 'the former invitee’s invitation past its expiry, not yet cleaned up', path: FRANK_PAST_EXPIRY, expect: MANAGERS },
    { op: 'get', what: 'the former invitee’s invitation marked expired', path: FRANK_EXPIRED, expect: MANAGERS },
    { op: 'get', what: 'an invitation to the owner into the other user’s team', path: TO_ALICE, expect: { ...DENY_ALL, owner: 'allow', other: 'allow' } },
    { op: 'get', what: 'an invitation from a deleting team (its invitee only)', path: GONE, expect: allowOnly('other') },

    { op: 'list', what: 'the other user’s pending invitations', path: 'invitations', where: pendingFor('email', BOB), expect: allowOnly('other') },
    { op: 'list', what: 'the owner’s pending invitations', path: 'invitations', where: pendingFor('email', ALICE), expect: allowOnly('owner') },
    { op: 'list', what: 'an address’s invitations of every status', path: 'invitations', where: [['email', '==', BOB]], expect: DENY_ALL },
    {
      op: 'list',
      what: 'an address’s accepted invitations',
      path: 'invitations',
      where: [
        ['email', '==', BOB],
        ['status', '==', 'accepted'],
      ],
      expect: DENY_ALL,
    },
    { op: 'list', what: 'the pending invitations of an address only an unverified account has (the squatter’s)', path: 'invitations', where: pendingFor('email', 'zoe@example.com'), expect: DENY_ALL },
    { op: 'list', what: 'the former invitee’s pending invitations', path: 'invitations', where: pendingFor('email', FRANK), expect: allowOnly('former') },
    { op: 'list', what: 'the owner’s team’s pending invitations', path: 'invitations', where: pendingFor('teamId', TEAM), expect: MANAGERS },
    { op: 'list', what: 'the other user’s team’s pending invitations', path: 'invitations', where: pendingFor('teamId', OTHERS_TEAM), expect: allowOnly('other') },
    { op: 'list', what: 'a deleting team’s pending invitations', path: 'invitations', where: pendingFor('teamId', DELETING_TEAM), expect: DENY_ALL },
    { op: 'list', what: 'a team’s invitations of every status', path: 'invitations', where: [['teamId', '==', TEAM]], expect: DENY_ALL },
    {
      op: 'list',
      what: 'a team’s accepted invitations',
      path: 'invitations',
      where: [
        ['teamId', '==', TEAM],
        ['status', '==', 'accepted'],
      ],
      expect: DENY_ALL,
    },
    { op: 'list', what: 'every pending invitation', path: 'invitations', where: [['status', '==', 'pending']], expect: DENY_ALL },
    { op: 'list', what: 'the invitations the owner sent', path: 'invitations', where: [['invitedBy', '==', OWNER]], expect: DENY_ALL },
    { op: 'list', what: 'the whole collection', path: 'invitations', expect: DENY_ALL },

    { op: 'create', what: 'an invitation (inviteTeamMember does it)', path: path('new'), data: () => sampleInvitation({ teamId: TEAM }), expect: DENY_ALL },
    {
      op: 'create',
      what: 'an invitation to the creator themself',
      path: path('new'),
      data: () => sampleInvitation({ teamId: OTHERS_TEAM, email: BOB, invitedBy: OTHER }),
      expect: DENY_ALL,
    },

    { op: 'update', what: 'an account’s key attached by the inviter', path: TO_BOB, data: () => accountKey(), expect: byRole(isOwner) },
    { op: 'update', what: 'the secret’s key and proof hash attached by the inviter', path: TO_ZOE, data: secretKey, expect: byRole(isOwner) },
    { op: 'update', what: 'a key attached in the other user’s team (its owner invited)', path: TO_ALICE, data: () => accountKey(), expect: allowOnly('other') },
    {
      op: 'update',
      what: 'the invitation replaced whole with the key attached',
      path: TO_BOB,
      replace: true,
      data: () => ({ ...invitations()[TO_BOB], ...accountKey() }),
      expect: DENY_ALL,
    },
    { op: 'update', what: 'a key on an expired invitation', path: EXPIRED, data: () => accountKey(), expect: DENY_ALL },
    { op: 'update', what: 'a key on an accepted invitation', path: ANSWERED, data: () => accountKey(), expect: DENY_ALL },
    { op: 'update', what: 'a key on a deleting team’s invitation', path: GONE, data: () => accountKey(), expect: DENY_ALL },
    { op: 'update', what: 'a key on an invitation whose inviter is not the owner', path: BY_ADMIN, data: secretKey, expect: DENY_ALL },
    { op: 'update', what: 'a second key over an attached one', path: KEYED, data: () => ({ encryptedTeamKey: base64OfBytes(256, 0x21) }), expect: DENY_ALL },
    { op: 'update', what: 'the status, accepted (the callable’s)', path: TO_BOB, data: () => ({ status: 'accepted', respondedAt: Date.now() }), expect: DENY_ALL },

    // Issue #24: cancelInvitation deletes (and logs it); no client does, a team's manager neither.
    { op: 'delete', what: 'a pending invitation', path: TO_BOB, expect: DENY_ALL },
    { op: 'delete', what: 'a pending invitation to an address without an account', path: TO_ZOE, expect: DENY_ALL },
    { op: 'delete', what: 'a pending invitation that carried the key (cancelInvitation rotates the key)', path: KEYED, expect: DENY_ALL },
    { op: 'delete', what: 'a pending invitation with the key under its secret', path: TO_FRANK, expect: DENY_ALL },
    { op: 'delete', what: 'a pending invitation past its expiry', path: EXPIRED, expect: DENY_ALL },
    { op: 'delete', what: 'an accepted invitation', path: ANSWERED, expect: DENY_ALL },
    { op: 'delete', what: 'a deleting team’s invitation', path: GONE, expect: DENY_ALL },
    { op: 'delete', what: 'an invitation to the owner into the other user’s team', path: TO_ALICE, expect: DENY_ALL },
  ],
  malformed: [
    accountRow('255 bytes', () => ({ keyVersion: KEY_VERSION, encryptedTeamKey: base64OfBytes(INVITATION_SIZES.encryptedTeamKey - 1) })),
    accountRow('257 bytes', () => ({ keyVersion: KEY_VERSION, encryptedTeamKey: base64OfBytes(INVITATION_SIZES.encryptedTeamKey + 1) })),
    accountRow('an RSA-4096 wrap (512 bytes)', () => ({ keyVersion: KEY_VERSION, encryptedTeamKey: base64OfBytes(512) })),
    accountRow('the base64url alphabet', () => ({ keyVersion: KEY_VERSION, encryptedTeamKey: SAMPLE_TEAM_KEY_WRAP.replace('a', '-') })),
    accountRow('a key that is not base64', () => ({ keyVersion: KEY_VERSION, encryptedTeamKey: `!${SAMPLE_TEAM_KEY_WRAP.slice(1)}` })),
    accountRow('an older keyVersion', () => accountKey(KEY_VERSION - 1)),
    accountRow('a newer keyVersion', () => accountKey(KEY_VERSION + 1)),
    accountRow('keyVersion a string', () => accountKey(String(KEY_VERSION))),
    accountRow('no keyVersion', () => ({ encryptedTeamKey: SAMPLE_TEAM_KEY_WRAP })),
    accountRow('no key (keyVersion alone)', () => ({ keyVersion: KEY_VERSION })),
    accountRow('the secret’s fields instead', secretKey),
    accountRow('a proof hash too', () => ({ ...accountKey(), proofHash: SAMPLE_PROOF_HASH })),
    accountRow('a secret wrap too', () => ({ ...accountKey(), encryptedTeamKeyWithSecret: SAMPLE_SECRET_WRAP })),
    accountRow('userExists cleared', () => ({ ...accountKey(), userExists: false })),
    ...SERVER_FIELDS.map(([what, change]) => accountRow(what, () => ({ ...accountKey(), ...change }))),
    secretRow('59 bytes', () => ({ ...secretKey(), encryptedTeamKeyWithSecret: base64OfBytes(INVITATION_SIZES.encryptedTeamKeyWithSecret - 1) })),
    secretRow('61 bytes', () => ({ ...secretKey(), encryptedTeamKeyWithSecret: base64OfBytes(INVITATION_SIZES.encryptedTeamKeyWithSecret + 1) })),
    secretRow('an RSA wrap', () => ({ ...secretKey(), encryptedTeamKeyWithSecret: SAMPLE_TEAM_KEY_WRAP })),
    secretRow('a proof hash of 42 characters', () => ({ ...secretKey(), proofHash: SAMPLE_PROOF_HASH.slice(1) })),
    secretRow('a proof hash of 44 characters', () => ({ ...secretKey(), proofHash: `${SAMPLE_PROOF_HASH}A` })),
    secretRow('a padded base64 proof hash', () => ({ ...secretKey(), proofHash: base64OfBytes(32) })),
    secretRow('a proof hash in the base64 alphabet', () => ({ ...secretKey(), proofHash: `+/${SAMPLE_PROOF_HASH.slice(2)}` })),
    secretRow('a proof hash that is a number', () => ({ ...secretKey(), proofHash: 42 })),
    secretRow('no proof hash', () => ({ keyVersion: KEY_VERSION, encryptedTeamKeyWithSecret: SAMPLE_SECRET_WRAP })),
    secretRow('no secret wrap', () => ({ keyVersion: KEY_VERSION, proofHash: SAMPLE_PROOF_HASH })),
    secretRow('an older keyVersion', () => ({ ...secretKey(), keyVersion: KEY_VERSION - 1 })),
    secretRow('an account’s key instead', () => accountKey()),
    secretRow('an account’s key too', () => ({ ...secretKey(), encryptedTeamKey: SAMPLE_TEAM_KEY_WRAP })),
    secretRow('userExists set', () => ({ ...secretKey(), userExists: true })),
    ...SERVER_FIELDS.map(([what, change]) => secretRow(what, () => ({ ...secretKey(), ...change }))),
  ],
};
