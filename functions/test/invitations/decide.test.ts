import { describe, expect, it } from 'vitest';
import { inviteAcceptProof, inviteProofHash } from '../../../src/crypto/invite';
import { INVITATION_MESSAGES, INVITATION_TTL_MS, RATE_LIMIT_WINDOW_MS } from '@keyloft/contract/invitations';
import type { Caller } from '../../src/lib/callable';
import { carriedKey, decideCancel, decideExpiry, decideLinkKey, decideLookup } from '../../src/invitations/decide';
import {
  decideInvite,
  decideSendEmail,
  invitationLink,
  inviterInvitesKey,
  teamInvitesKey,
  withinWindow,
  type InviteFacts,
  type SendEmailFacts,
} from '../../src/invitations/decideInvite';
import { decideAccept, decideDecline, isPendingKeyStale, keyForJoining, type AcceptFacts, type RespondFacts } from '../../src/invitations/decideResponse';
import { KEY, NOW, member, team } from '../teams/fixtures';
import { INVITE_ID, generateSharedSecret, invitation } from './fixtures';
import { forgedSealed } from '../../../tests/support/forgedCiphertext';

const refused = (code: string, message: string) => ({ ok: false, code, message });
const NOT_FOUND = refused('not-found', 'This invitation does not exist or has been removed.');
const NOT_VALID = refused('failed-precondition', 'This invitation has already been accepted or is no longer valid.');
const WRONG_ACCOUNT = refused(
  'permission-denied',
  'This invitation was sent to a different email address. Sign in with the invited address to accept it.',
);
const VERIFY_FIRST = refused('failed-precondition', 'Please verify your email address before accepting this invitation.');
const TOO_MANY = refused('resource-exhausted', 'Too many invitations. Please try again later.');

/** `count` times inside the last hour. */
const recent = (count: number): number[] => Array.from({ length: count }, (_, index) => NOW - 1000 - index);
/** `count` times more than an hour ago. */
const old = (count: number): number[] => Array.from({ length: count }, (_, index) => NOW - RATE_LIMIT_WINDOW_MS - index);

describe('withinWindow and the rate-limit keys', () => {
  it('keeps what happened in the rolling hour before now; an hour ago is out', () => {
    expect(withinWindow([NOW - RATE_LIMIT_WINDOW_MS, NOW - RATE_LIMIT_WINDOW_MS + 1, NOW - 5, NOW], NOW)).toEqual([
      NOW - RATE_LIMIT_WINDOW_MS + 1,
      NOW - 5,
      NOW,
    ]);
    expect(withinWindow([], NOW)).toEqual([]);
  });

  it('names one document per team and one per inviter', () => {
    expect(teamInvitesKey('T1')).toBe('invites-team-T1');
    expect(inviterInvitesKey('owner')).toBe('invites-by-owner');
  });
});

describe('decideInvite', () => {
  const facts = (overrides: Partial<InviteFacts> = {}): InviteFacts => ({
    inviteId: INVITE_ID,
    caller: { uid: 'owner', email: 'owner@example.com' },
    input: { email: 'new@example.com', teamId: 'T1', role: 'admin' },
    team: team(),
    sameAddress: [],
    teamInvites: [],
    inviterInvites: [],
    now: NOW,
    ...overrides,
  });

  it('creates the pending invitation of docs/invitations.md, without a key, and counts it twice', () => {
    expect(decideInvite(facts({ teamInvites: [NOW - 10], inviterInvites: [NOW - 20] }))).toEqual({
      ok: true,
      value: {
        invitation: {
          email: 'new@example.com',
          teamId: 'T1',
          teamName: 'Ops',
          role: 'admin',
          invitedBy: 'owner',
          invitedByEmail: 'owner@example.com',
          status: 'pending',
          createdAt: NOW,
          expiresAt: NOW + INVITATION_TTL_MS,
          userExists: false,
          userId: null,
          keyVersion: null,
          encryptedTeamKey: null,
          encryptedTeamKeyWithSecret: null,
          proofHash: null,
          emailsSent: 0,
          respondedAt: null,
        },
        teamInvites: [NOW - 10, NOW],
        inviterInvites: [NOW - 20, NOW],
        message: 'Invitation created for new@example.com',
        events: [{ kind: 'invitation.sent', invitationId: INVITE_ID, email: 'new@example.com' }],
      },
    });
  });

  it('never records whether an account has the address (nobody can probe for accounts), and the inviter’s address lower-cased or null', () => {
    const invited = decideInvite(facts({ caller: { uid: 'owner', email: 'Owner@Example.COM' } }));
    expect(invited.ok && invited.value.invitation).toMatchObject({ userExists: false, userId: null, invitedByEmail: 'owner@example.com' });
    const noAddress = decideInvite(facts({ caller: { uid: 'owner', email: null } }));
    expect(noAddress.ok && noAddress.value.invitation.invitedByEmail).toBeNull();
  });

  it('answers not-found for a missing team and for one being deleted', () => {
    const notFound = refused('not-found', 'Team not found');
    expect(decideInvite(facts({ team: null }))).toEqual(notFound);
    expect(decideInvite(facts({ team: team({ deleting: true }) }))).toEqual(notFound);
  });

  it('lets only the owner invite', () => {
    expect(decideInvite(facts({ caller: { uid: 'stranger', email: null } }))).toEqual(
      refused('permission-denied', 'You are not a member of this team'),
    );
    for (const uid of ['admin', 'full', 'viewer']) {
      expect(decideInvite(facts({ caller: { uid, email: null } }))).toEqual(refused('permission-denied', 'Only the team owner can add members'));
    }
  });

  it('refuses an address that is already a member (a member who changed address is found when accepting)', () => {
    const alreadyMember = refused('already-exists', 'This email address is already a member of the team');
    expect(decideInvite(facts({ input: { email: 'full@example.com', teamId: 'T1', role: 'view' } }))).toEqual(alreadyMember);
    const renamed = team({ members: { ...team().members, bo: { ...member('bo', 'view'), email: 'old@example.com' } } });
    const withBo = { ...renamed, memberIds: [...renamed.memberIds, 'bo'] };
    expect(decideInvite(facts({ team: withBo, input: { email: 'bo@example.com', teamId: 'T1', role: 'view' } })).ok).toBe(true);
  });

  it('refuses a second open invitation for the address, but not after an expired, accepted or declined one', () => {
    const open = { status: 'pending' as const, expiresAt: NOW + 1 };
    expect(decideInvite(facts({ sameAddress: [open] }))).toEqual(
      refused('already-exists', 'An invitation has already been sent to this email address'),
    );
    const closed = [
      { status: 'pending' as const, expiresAt: NOW },
      { status: 'accepted' as const, expiresAt: NOW + 1 },
      { status: 'declined' as const, expiresAt: NOW + 1 },
    ];
    expect(decideInvite(facts({ sameAddress: closed })).ok).toBe(true);
  });

  it('allows 20 invitations per team in a rolling hour, forgetting older ones', () => {
    expect(decideInvite(facts({ teamInvites: recent(20) }))).toEqual(TOO_MANY);
    const allowed = decideInvite(facts({ teamInvites: [...old(5), ...recent(19)] }));
    expect(allowed.ok && allowed.value.teamInvites).toEqual([...recent(19), NOW]);
  });

  it('allows 30 invitations per inviter in a rolling hour', () => {
    expect(decideInvite(facts({ inviterInvites: recent(30) }))).toEqual(TOO_MANY);
    const allowed = decideInvite(facts({ inviterInvites: [...old(3), ...recent(29)] }));
    expect(allowed.ok && allowed.value.inviterInvites).toEqual([...recent(29), NOW]);
  });
});

describe('decideSendEmail', () => {
  const facts = (overrides: Partial<SendEmailFacts> = {}): SendEmailFacts => ({
    callerUid: 'owner',
    invitation: invitation({ emailsSent: 1 }),
    team: team(),
    secret: null,
    now: NOW,
    ...overrides,
  });

  it('counts the email and says what it contains', () => {
    expect(decideSendEmail(facts())).toEqual({
      ok: true,
      value: {
        emailsSent: 2,
        email: { to: 'bo@example.com', teamName: 'Ops', inviterEmail: 'owner@example.com', role: 'full', expiresAt: invitation().expiresAt },
      },
    });
  });

  it('refuses a missing invitation, anyone but the inviter, and an invitation that is not open', () => {
    expect(decideSendEmail(facts({ invitation: null }))).toEqual(NOT_FOUND);
    expect(decideSendEmail(facts({ callerUid: 'admin' }))).toEqual(
      refused('permission-denied', 'Only the person who sent this invitation can email it'),
    );
    expect(decideSendEmail(facts({ invitation: invitation({ status: 'accepted' }) }))).toEqual(NOT_VALID);
    expect(decideSendEmail(facts({ invitation: invitation({ expiresAt: NOW }) }))).toEqual(NOT_VALID);
    expect(decideSendEmail(facts({ team: null }))).toEqual(NOT_VALID);
    expect(decideSendEmail(facts({ team: team({ deleting: true }) }))).toEqual(NOT_VALID);
  });

  it('takes a secret only for an invitation keyed for one, and only the secret of its proof hash', async () => {
    const secret = generateSharedSecret();
    const proofHash = await inviteProofHash(secret);
    const forSecret = invitation({ userExists: false, userId: null, encryptedTeamKey: null, encryptedTeamKeyWithSecret: forgedSealed('c2VhbGVk'), proofHash });
    expect(decideSendEmail(facts({ invitation: forSecret, secret: { proofHash } })).ok).toBe(true);
    expect(decideSendEmail(facts({ invitation: forSecret, secret: { proofHash: await inviteProofHash(generateSharedSecret()) } }))).toEqual(
      refused('invalid-argument', 'This secret does not belong to this invitation.'),
    );
    const notForSecret = refused('invalid-argument', 'This invitation has no key for a link secret; send it without one.');
    expect(decideSendEmail(facts({ secret: { proofHash } }))).toEqual(notForSecret);
    expect(decideSendEmail(facts({ invitation: { ...forSecret, proofHash: null }, secret: { proofHash } }))).toEqual(notForSecret);
    // Without a secret, an invitation keyed for one can still be emailed (the invitee then verifies their address).
    expect(decideSendEmail(facts({ invitation: forSecret })).ok).toBe(true);
  });

  it('sends at most 3 emails per invitation', () => {
    expect(decideSendEmail(facts({ invitation: invitation({ emailsSent: 2 }) }))).toMatchObject({ ok: true, value: { emailsSent: 3 } });
    expect(decideSendEmail(facts({ invitation: invitation({ emailsSent: 3 }) }))).toEqual(
      refused('resource-exhausted', 'This invitation has been emailed too many times. Cancel it and invite again.'),
    );
  });
});

describe('invitationLink', () => {
  it('points at the accept page with the id in the query and the secret in the fragment', () => {
    const secret = generateSharedSecret();
    expect(invitationLink('https://keyloft.app', INVITE_ID, secret)).toBe(`https://keyloft.app/accept-invite?inviteId=${INVITE_ID}#secret=${secret}`);
    expect(new URL(invitationLink('https://keyloft.app', INVITE_ID, secret)).searchParams.has('secret')).toBe(false);
  });

  it('has no fragment without a secret, and joins the app URL with one slash', () => {
    expect(invitationLink('http://127.0.0.1:5173//', 'a_b-c')).toBe('http://127.0.0.1:5173/accept-invite?inviteId=a_b-c');
  });
});

describe('decideLookup', () => {
  it('shows the address and the team name of an open invitation', () => {
    expect(decideLookup(invitation(), team(), NOW)).toEqual({ ok: true, value: { email: 'bo@example.com', teamName: 'Ops' } });
  });

  it('answers not-found for a missing invitation and not valid for a closed one or a team that is gone', () => {
    expect(decideLookup(null, team(), NOW)).toEqual(NOT_FOUND);
    expect(decideLookup(invitation({ status: 'accepted' }), team(), NOW)).toEqual(NOT_VALID);
    expect(decideLookup(invitation({ status: 'declined' }), team(), NOW)).toEqual(NOT_VALID);
    expect(decideLookup(invitation({ expiresAt: NOW }), team(), NOW)).toEqual(NOT_VALID);
    expect(decideLookup(invitation(), null, NOW)).toEqual(NOT_VALID);
    expect(decideLookup(invitation(), team({ deleting: true }), NOW)).toEqual(NOT_VALID);
  });

  it('tells a signed-in member reopening an accepted link that they are already in the team (issue #17)', () => {
    const accepted = invitation({ status: 'accepted' });
    expect(decideLookup(accepted, team(), NOW, 'full')).toEqual({
      ok: true,
      value: { email: 'bo@example.com', teamName: 'Ops', alreadyMember: { teamId: accepted.teamId } },
    });
    // Only a member, only of a usable team, only for an accepted invitation.
    expect(decideLookup(accepted, team(), NOW, 'stranger')).toEqual(NOT_VALID);
    expect(decideLookup(accepted, team(), NOW, null)).toEqual(NOT_VALID);
    expect(decideLookup(accepted, team({ deleting: true }), NOW, 'full')).toEqual(NOT_VALID);
    expect(decideLookup(invitation({ status: 'declined' }), team(), NOW, 'full')).toEqual(NOT_VALID);
    // An open invitation is the ordinary preview, whoever asks.
    expect(decideLookup(invitation(), team(), NOW, 'full')).toEqual({ ok: true, value: { email: 'bo@example.com', teamName: 'Ops' } });
  });
});

describe('decideLinkKey', () => {
  it('gives the key copy to whoever proves the link, so an invitee not yet verified can open it', async () => {
    const secret = generateSharedSecret();
    const proof = await inviteAcceptProof(secret);
    const keyed = invitation({ keyVersion: 3, encryptedTeamKeyWithSecret: forgedSealed('sealed'), proofHash: await inviteProofHash(secret) });
    expect(decideLinkKey(keyed, proof)).toEqual({ ok: true, value: { teamId: 'T1', keyVersion: 3, encryptedTeamKeyWithSecret: forgedSealed('sealed') } });
  });

  it('gives nothing without a proof or a copy, and refuses a proof of another link', async () => {
    const secret = generateSharedSecret();
    const keyed = invitation({ keyVersion: 3, encryptedTeamKeyWithSecret: forgedSealed('sealed'), proofHash: await inviteProofHash(secret) });
    expect(decideLinkKey(keyed, undefined)).toEqual({ ok: true, value: null });
    expect(decideLinkKey(invitation(), await inviteAcceptProof(secret))).toEqual({ ok: true, value: null });
    // Accepted or declined: the copy is gone, the proof hash stays.
    expect(decideLinkKey({ ...keyed, encryptedTeamKeyWithSecret: null }, await inviteAcceptProof(secret))).toEqual({ ok: true, value: null });
    expect(decideLinkKey(keyed, await inviteAcceptProof(generateSharedSecret()))).toEqual({
      ok: false,
      code: 'invalid-argument',
      message: INVITATION_MESSAGES.damagedLink,
    });
  });
});

const bo: Caller = { uid: 'bo', email: 'bo@example.com', emailVerified: true };
const unverified: Caller = { ...bo, emailVerified: false };

describe('decideAccept', () => {
  const facts = (overrides: Partial<AcceptFacts> = {}): AcceptFacts => ({
    inviteId: INVITE_ID,
    caller: bo,
    proof: undefined,
    invitation: invitation(),
    team: team(),
    pendingTeamKey: null,
    now: NOW,
    ...overrides,
  });

  it('adds the verified invitee with the invitation’s key and role, to members, memberIds and their teamIds', () => {
    const base = team();
    expect(decideAccept(facts())).toEqual({
      ok: true,
      value: {
        kind: 'join',
        teamId: 'T1',
        change: {
          patch: {
            members: {
              ...base.members,
              bo: { userId: 'bo', role: 'full', joinedAt: NOW, email: 'bo@example.com', encryptedTeamKey: KEY(9), needsTeamKey: false },
            },
            memberIds: [...base.memberIds, 'bo'],
            updatedAt: NOW,
          },
          addTeamIdFor: ['bo'],
          removeTeamIdFor: [],
          events: [
            { kind: 'invitation.accepted', invitationId: INVITE_ID, email: 'bo@example.com' },
            { kind: 'member.added', memberUid: 'bo', memberEmail: 'bo@example.com' },
          ],
        },
      },
    });
  });

  it('answers not-found, then not valid for a closed invitation or a team that is gone', () => {
    expect(decideAccept(facts({ invitation: null }))).toEqual(NOT_FOUND);
    expect(decideAccept(facts({ invitation: invitation({ status: 'declined' }) }))).toEqual(NOT_VALID);
    expect(decideAccept(facts({ invitation: invitation({ expiresAt: NOW }) }))).toEqual(NOT_VALID);
    expect(decideAccept(facts({ team: null }))).toEqual(NOT_VALID);
    expect(decideAccept(facts({ team: team({ deleting: true }) }))).toEqual(NOT_VALID);
    // Accepted, and the caller is not (or no longer) in the team: not a retry.
    expect(decideAccept(facts({ invitation: invitation({ status: 'accepted' }) }))).toEqual(NOT_VALID);
    // The order of the contract: not valid before the wrong account.
    expect(decideAccept(facts({ invitation: invitation({ status: 'declined' }), caller: { ...bo, email: 'eve@example.com' } }))).toEqual(NOT_VALID);
  });

  it('refuses any address but the invited one', () => {
    expect(decideAccept(facts({ caller: { ...bo, email: 'eve@example.com' } }))).toEqual(WRONG_ACCOUNT);
    expect(decideAccept(facts({ caller: { ...bo, email: null } }))).toEqual(WRONG_ACCOUNT);
    expect(decideAccept(facts({ caller: { ...bo, email: 'BO@example.com' } })).ok).toBe(true);
  });

  it('without a verified address, needs the link’s proof', async () => {
    const secret = generateSharedSecret();
    const proof = await inviteAcceptProof(secret);
    const forSecret = invitation({ userExists: false, userId: null, encryptedTeamKey: null, encryptedTeamKeyWithSecret: forgedSealed('c2VhbGVk'), proofHash: await inviteProofHash(secret) });
    expect(decideAccept(facts({ caller: unverified }))).toEqual(VERIFY_FIRST);
    expect(decideAccept(facts({ caller: unverified, proof }))).toEqual(VERIFY_FIRST); // no proofHash on this invitation
    expect(decideAccept(facts({ caller: unverified, invitation: forSecret }))).toEqual(VERIFY_FIRST);
    expect(decideAccept(facts({ caller: unverified, invitation: forSecret, proof: await inviteAcceptProof(generateSharedSecret()) }))).toEqual(VERIFY_FIRST);
    expect(decideAccept(facts({ caller: unverified, invitation: forSecret, proof })).ok).toBe(true);
    // A verified address needs no proof, and a wrong one does not matter then.
    expect(decideAccept(facts({ invitation: forSecret, proof: await inviteAcceptProof(generateSharedSecret()) })).ok).toBe(true);
  });

  it('gives a caller without the invitation’s account the key they stored from the link', () => {
    const forSecret = invitation({ userExists: false, userId: null, encryptedTeamKey: null, encryptedTeamKeyWithSecret: forgedSealed('c2VhbGVk') });
    const joined = decideAccept(facts({ invitation: forSecret, pendingTeamKey: KEY(4) }));
    expect(joined.ok && joined.value.kind === 'join' && joined.value.change.patch.members?.bo).toMatchObject({
      encryptedTeamKey: KEY(4),
      needsTeamKey: false,
    });
  });

  it('joins needing the key when the wrap is of another key version, or there is none', () => {
    const needsKey = { encryptedTeamKey: null, needsTeamKey: true };
    const memberOfPlan = (plan: ReturnType<typeof decideAccept>) => plan.ok && plan.value.kind === 'join' && plan.value.change.patch.members?.bo;
    expect(memberOfPlan(decideAccept(facts({ team: team({ keyVersion: 2 }) })))).toMatchObject(needsKey);
    expect(memberOfPlan(decideAccept(facts({ invitation: invitation({ keyVersion: null, encryptedTeamKey: null }) })))).toMatchObject(needsKey);
    expect(memberOfPlan(decideAccept(facts({ invitation: invitation({ userId: null }) })))).toMatchObject(needsKey);
  });

  it('marks the invitation accepted for a caller who is a member already, and succeeds again on a retry', () => {
    const withBo = team({ members: { ...team().members, bo: member('bo', 'view') }, memberIds: [...team().memberIds, 'bo'] });
    // Marking it accepted is logged; no member is added, so no member.added.
    expect(decideAccept(facts({ team: withBo }))).toEqual({
      ok: true,
      value: { kind: 'already-member', teamId: 'T1', markAccepted: true, events: [{ kind: 'invitation.accepted', invitationId: INVITE_ID, email: 'bo@example.com' }] },
    });
    // A retry changes nothing and records nothing.
    expect(decideAccept(facts({ team: withBo, invitation: invitation({ status: 'accepted', respondedAt: NOW - 5 }) }))).toEqual({
      ok: true,
      value: { kind: 'already-member', teamId: 'T1', markAccepted: false, events: [] },
    });
    // A retry still needs the invited address.
    expect(decideAccept(facts({ team: withBo, invitation: invitation({ status: 'accepted' }), caller: { ...bo, email: 'eve@example.com' } }))).toEqual(
      WRONG_ACCOUNT,
    );
  });
});

describe('keyForJoining', () => {
  it('takes the invitation’s wrap for its own account, else the pending one, at the current version only, well-formed only', () => {
    expect(keyForJoining(invitation(), team(), 'bo', KEY(4))).toBe(KEY(9));
    expect(keyForJoining(invitation(), team(), 'someone-else', KEY(4))).toBe(KEY(4));
    expect(keyForJoining(invitation(), team(), 'someone-else', null)).toBeNull();
    expect(keyForJoining(invitation({ userId: null }), team(), 'bo', 'not a wrap')).toBeNull();
    expect(keyForJoining(invitation({ encryptedTeamKey: forgedSealed('c2hvcnQ=') }), team(), 'bo', null)).toBeNull();
    expect(keyForJoining(invitation({ encryptedTeamKey: null }), team(), 'bo', KEY(4))).toBeNull();
    expect(keyForJoining(invitation({ keyVersion: 2 }), team({ keyVersion: 2 }), 'bo', null)).toBe(KEY(9));
    expect(keyForJoining(invitation({ keyVersion: 1 }), team({ keyVersion: 2 }), 'bo', null)).toBeNull();
  });
});

describe('decideDecline', () => {
  const facts = (overrides: Partial<RespondFacts> = {}): RespondFacts => ({
    inviteId: INVITE_ID,
    caller: bo,
    proof: undefined,
    invitation: invitation(),
    team: team(),
    now: NOW,
    ...overrides,
  });

  it('declines a pending invitation, and succeeds again on a retry', () => {
    // The declined invitation carried the key: whoever declined could have opened it, so it rotates.
    const declinedEvent = { kind: 'invitation.declined', invitationId: INVITE_ID, email: 'bo@example.com' };
    expect(decideDecline(facts())).toEqual({ ok: true, value: { markDeclined: true, rotateTeam: true, events: [declinedEvent] } });
    const keyless = invitation({ keyVersion: null, encryptedTeamKey: null });
    expect(decideDecline(facts({ invitation: keyless }))).toEqual({ ok: true, value: { markDeclined: true, rotateTeam: false, events: [declinedEvent] } });
    // The retry records nothing.
    const declined = invitation({ status: 'declined', respondedAt: NOW - 1, expiresAt: NOW - 1 });
    expect(decideDecline(facts({ invitation: declined, team: null }))).toEqual({ ok: true, value: { markDeclined: false, rotateTeam: false, events: [] } });
  });

  it('makes the checks of accepting, in the same order', async () => {
    expect(decideDecline(facts({ invitation: null }))).toEqual(NOT_FOUND);
    expect(decideDecline(facts({ invitation: invitation({ status: 'accepted' }) }))).toEqual(NOT_VALID);
    expect(decideDecline(facts({ invitation: invitation({ expiresAt: NOW }) }))).toEqual(NOT_VALID);
    expect(decideDecline(facts({ team: team({ deleting: true }) }))).toEqual(NOT_VALID);
    expect(decideDecline(facts({ caller: { ...bo, email: 'eve@example.com' } }))).toEqual(WRONG_ACCOUNT);
    expect(decideDecline(facts({ caller: unverified }))).toEqual(VERIFY_FIRST);
    const secret = generateSharedSecret();
    const withProof = invitation({ proofHash: await inviteProofHash(secret) });
    expect(decideDecline(facts({ caller: unverified, invitation: withProof, proof: await inviteAcceptProof(secret) })).ok).toBe(true);
  });
});

describe('the key copy of an invitation that ends (cancel, expiry)', () => {
  it('knows whether a key was attached, either kind', () => {
    expect(carriedKey(invitation())).toBe(true);
    expect(carriedKey(invitation({ encryptedTeamKey: null, encryptedTeamKeyWithSecret: forgedSealed(KEY(2)) }))).toBe(true);
    expect(carriedKey(invitation({ keyVersion: null, encryptedTeamKey: null }))).toBe(false);
  });

  it('cancel: owners and admins, pending only; a keyed invitation rotates the team key', () => {
    const cancelled = [{ kind: 'invitation.cancelled', invitationId: INVITE_ID, email: 'bo@example.com' }];
    expect(decideCancel(INVITE_ID, invitation(), team(), 'owner')).toEqual({ ok: true, value: { rotateTeam: true, events: cancelled } });
    expect(decideCancel(INVITE_ID, invitation({ keyVersion: null, encryptedTeamKey: null }), team(), 'admin')).toEqual({
      ok: true,
      value: { rotateTeam: false, events: cancelled },
    });
    expect(decideCancel(INVITE_ID, invitation(), team(), 'full')).toMatchObject({ code: 'permission-denied', message: 'Only owners and admins can cancel invitations' });
    expect(decideCancel(INVITE_ID, invitation(), team(), 'stranger')).toMatchObject({ code: 'permission-denied', message: 'You are not a member of this team' });
    expect(decideCancel(INVITE_ID, invitation({ status: 'accepted' }), team(), 'owner')).toEqual(NOT_VALID);
    expect(decideCancel(INVITE_ID, null, team(), 'owner')).toEqual(NOT_FOUND);
    expect(decideCancel(INVITE_ID, invitation(), team({ deleting: true }), 'owner')).toEqual(NOT_VALID);
  });

  it('expiry: a pending invitation past expiresAt, rotating when it carried a key; nothing otherwise', () => {
    const expired = invitation({ expiresAt: NOW });
    const events = [{ kind: 'invitation.expired', invitationId: INVITE_ID, email: 'bo@example.com' }];
    expect(decideExpiry(INVITE_ID, expired, team(), NOW)).toEqual({ rotateTeam: true, events });
    expect(decideExpiry(INVITE_ID, invitation({ expiresAt: NOW, keyVersion: null, encryptedTeamKey: null }), team(), NOW)).toEqual({ rotateTeam: false, events });
    expect(decideExpiry(INVITE_ID, invitation({ expiresAt: NOW + 1 }), team(), NOW)).toBeNull();
    expect(decideExpiry(INVITE_ID, invitation({ expiresAt: NOW, status: 'accepted' }), team(), NOW)).toBeNull();
    // A team being deleted is not rotated but its log (kept for the former owner) records the
    // expiry; a team that is gone has no log to record it in.
    expect(decideExpiry(INVITE_ID, expired, team({ deleting: true }), NOW)).toEqual({ rotateTeam: false, events });
    expect(decideExpiry(INVITE_ID, expired, null, NOW)).toEqual({ rotateTeam: false, events: [] });
  });
});

describe('isPendingKeyStale (issue #17: pendingTeamKeys of a deleted team)', () => {
  it('is stale when the invitation is gone or closed, or its team gone or being deleted', () => {
    expect(isPendingKeyStale(null, team(), NOW)).toBe(true);
    expect(isPendingKeyStale(invitation(), null, NOW)).toBe(true);
    expect(isPendingKeyStale(invitation(), team({ deleting: true }), NOW)).toBe(true);
    expect(isPendingKeyStale(invitation({ status: 'declined' }), team(), NOW)).toBe(true);
    expect(isPendingKeyStale(invitation({ expiresAt: NOW }), team(), NOW)).toBe(true);
  });

  it('is kept for an open invitation of a usable team', () => {
    expect(isPendingKeyStale(invitation(), team(), NOW)).toBe(false);
  });
});
