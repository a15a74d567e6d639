import { withinWindow as withinHour } from '../lib/rateLimit';
import {
  EMAILS_PER_INVITATION,
  INVITATION_MESSAGES,
  INVITATION_TTL_MS,
  INVITES_PER_INVITER_PER_HOUR,
  INVITES_PER_TEAM_PER_HOUR,
  RATE_LIMIT_WINDOW_MS,
  isInvitationOpen,
  type InviteRole,
} from '@keyloft/contract/invitations';
import { invitationLink as buildInvitationLink } from '@keyloft/contract/inviteLink/build';
import { PERMISSION_MESSAGES, decideAddMember } from '@keyloft/contract/teamPermissions';
import type { AuditEventBody } from '@keyloft/contract/auditEvents';
import type { Caller } from '../lib/callable';
import { invitationEvent } from '../audit/eventData';
import { appBaseUrl } from '../lib/appUrl';
import { hasMemberWith, joiningMember, withJoiningMember } from '../teams/decideMembers';
import { accept, memberOf, refusal, refusalOf, roleOf, type Outcome, type StoredTeam, type TeamChange } from '../teams/model';
import { asStoredCiphertext, type Sealed } from '../../../src/crypto/sealed';
import { WRAPPED_KEY_BYTES, isCanonicalBase64 } from '../teams/validate';
import { INVITE_CALLABLE_MESSAGES, invitationCreatedMessage } from './messages';
import type { StoredInvitation } from './model';
import { constantTimeEqual, proofMatches } from './proof';
import type { InviteTeamMemberInput } from './validate';

// The pure decisions of the invitation callables (docs/invitations.md): who may, in which order
// the refusals come, what is written, and what it records in the team's log (docs/audit-log.md).
// The callables load the facts in a transaction and apply the plan; nothing here does I/O.

const NOT_FOUND = refusal('not-found', INVITATION_MESSAGES.notFound);
const NOT_VALID = refusal('failed-precondition', INVITATION_MESSAGES.notValid);
const WRONG_ACCOUNT = refusal('permission-denied', INVITATION_MESSAGES.wrongAccount);
const VERIFY_FIRST = refusal('failed-precondition', INVITATION_MESSAGES.verifyFirst);

const usableTeam = (team: StoredTeam | null): team is StoredTeam => team !== null && !team.deleting;

// Rate limits --------------------------------------------------------------------------------

/** rateLimits/{key} of a team's invitations and of an inviter's (server only). */
export const teamInvitesKey = (teamId: string): string => `invites-team-${teamId}`;
export const inviterInvitesKey = (uid: string): string => `invites-by-${uid}`;

/** The times still inside the rolling hour before `now`. */
export function withinWindow(times: readonly number[], now: number): number[] {
  return withinHour(times, now, RATE_LIMIT_WINDOW_MS);
}

// inviteTeamMember ---------------------------------------------------------------------------

export interface InviteFacts {
  /** The id the new invitation will have. */
  readonly inviteId: string;
  readonly caller: Pick<Caller, 'uid' | 'email'>;
  readonly input: InviteTeamMemberInput;
  readonly team: StoredTeam | null;
  /** Every stored invitation of input.teamId for input.email, in any state. */
  readonly sameAddress: readonly Pick<StoredInvitation, 'status' | 'expiresAt'>[];
  /** When this team's and this inviter's invitations were created, as rateLimits holds them. */
  readonly teamInvites: readonly number[];
  readonly inviterInvites: readonly number[];
  readonly now: number;
}

export interface InvitePlan {
  readonly invitation: StoredInvitation;
  /** What rateLimits/{teamInvitesKey} and rateLimits/{inviterInvitesKey} hold afterwards. */
  readonly teamInvites: readonly number[];
  readonly inviterInvites: readonly number[];
  readonly message: string;
  readonly events: readonly AuditEventBody[];
}

/**
 * Whether the address has an account is never looked up here, so neither the answer nor its timing
 * nor the rate limits can tell (docs/invitations.md, "Accounts cannot be enumerated"): every
 * invitation is made alike, and its key travels by link.
 */
export function decideInvite(facts: InviteFacts): Outcome<InvitePlan> {
  const { caller, input, team, now } = facts;
  if (!usableTeam(team)) return refusal('not-found', INVITE_CALLABLE_MESSAGES.teamNotFound);
  // The role was checked with the payload; this is "a member?" then "the owner?".
  const denied = refusalOf(decideAddMember(roleOf(team, caller.uid), input.role, false));
  if (denied !== null) return denied;
  if (hasMemberWith(team, null, input.email)) return refusal('already-exists', PERMISSION_MESSAGES.alreadyMember);
  if (facts.sameAddress.some((invitation) => isInvitationOpen(invitation, now))) {
    return refusal('already-exists', INVITATION_MESSAGES.alreadyInvited);
  }
  const teamInvites = withinWindow(facts.teamInvites, now);
  const inviterInvites = withinWindow(facts.inviterInvites, now);
  if (teamInvites.length >= INVITES_PER_TEAM_PER_HOUR || inviterInvites.length >= INVITES_PER_INVITER_PER_HOUR) {
    return refusal('resource-exhausted', INVITATION_MESSAGES.tooMany);
  }
  const invitation: StoredInvitation = {
    email: input.email,
    teamId: input.teamId,
    teamName: team.name,
    role: input.role,
    invitedBy: caller.uid,
    invitedByEmail: caller.email?.toLowerCase() ?? null,
    status: 'pending',
    createdAt: now,
    expiresAt: now + INVITATION_TTL_MS,
    userExists: false,
    userId: null,
    keyVersion: null,
    encryptedTeamKey: null,
    encryptedTeamKeyWithSecret: null,
    proofHash: null,
    emailsSent: 0,
    respondedAt: null,
  };
  return accept({
    invitation,
    teamInvites: [...teamInvites, now],
    inviterInvites: [...inviterInvites, now],
    message: invitationCreatedMessage(input.email),
    events: [invitationEvent('invitation.sent', facts.inviteId, invitation)],
  });
}

// sendInvitationEmailWithSecret --------------------------------------------------------------

export interface SendEmailFacts {
  readonly callerUid: string;
  readonly invitation: StoredInvitation | null;
  readonly team: StoredTeam | null;
  /**
   * When the caller gave a shared secret: inviteProofHash(secret), to check it is this
   * invitation's. The secret itself never reaches a decision.
   */
  readonly secret: { readonly proofHash: string } | null;
  readonly now: number;
}

/** What the invitation email says (messages.ts) besides its link. */
export interface InvitationEmailFacts {
  readonly to: string;
  readonly teamName: string;
  readonly inviterEmail: string | null;
  readonly role: InviteRole;
  readonly expiresAt: number;
}

export interface SendEmailPlan {
  /** The invitation's emailsSent once this email is counted. */
  readonly emailsSent: number;
  readonly email: InvitationEmailFacts;
}

export function decideSendEmail(facts: SendEmailFacts): Outcome<SendEmailPlan> {
  const { invitation, secret } = facts;
  if (invitation === null) return NOT_FOUND;
  if (invitation.invitedBy !== facts.callerUid) return refusal('permission-denied', INVITATION_MESSAGES.onlyInviterEmails);
  if (!isInvitationOpen(invitation, facts.now) || !usableTeam(facts.team)) return NOT_VALID;
  if (secret !== null) {
    if (invitation.encryptedTeamKeyWithSecret === null || invitation.proofHash === null) {
      return refusal('invalid-argument', INVITE_CALLABLE_MESSAGES.secretNotForThis);
    }
    if (!constantTimeEqual(secret.proofHash, invitation.proofHash)) return refusal('invalid-argument', INVITE_CALLABLE_MESSAGES.secretMismatch);
  }
  if (invitation.emailsSent >= EMAILS_PER_INVITATION) return refusal('resource-exhausted', INVITATION_MESSAGES.tooManyEmails);
  return accept({
    emailsSent: invitation.emailsSent + 1,
    email: {
      to: invitation.email,
      teamName: invitation.teamName,
      inviterEmail: invitation.invitedByEmail,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
    },
  });
}

/** The accept page's link at the app's public URL (built by src/domain/inviteLink/build.ts). */
export function invitationLink(appUrl: string, inviteId: string, secret?: string): string {
  return buildInvitationLink(appBaseUrl(appUrl), inviteId, secret);
}

// lookupInvitation ---------------------------------------------------------------------------

export interface LookupPreview {
  readonly email: string;
  readonly teamName: string;
  /** Set when the invitation was accepted and the signed-in caller is in its team: a reopened link. */
  readonly alreadyMember?: { readonly teamId: string };
}

/**
 * What the accept page may show. An open invitation of a usable team, to anyone holding the id;
 * an accepted one only to a signed-in caller who is now a member of its team (issue #17: a link
 * reopened after a lost reply says the user is already a member and opens the team, not 'no
 * longer valid'). Anything else is NOT_VALID.
 */
export function decideLookup(
  invitation: StoredInvitation | null,
  team: StoredTeam | null,
  now: number,
  callerUid: string | null = null,
): Outcome<LookupPreview> {
  if (invitation === null) return NOT_FOUND;
  const preview = { email: invitation.email, teamName: invitation.teamName };
  if (invitation.status === 'accepted' && callerUid !== null && usableTeam(team) && memberOf(team, callerUid) !== null) {
    return accept({ ...preview, alreadyMember: { teamId: invitation.teamId } });
  }
  if (!isInvitationOpen(invitation, now) || !usableTeam(team)) return NOT_VALID;
  return accept(preview);
}

/**
 * The link's key copy for whoever holds the link, proven by its accept proof (docs/invitations.md):
 * null without a proof or without a copy; a proof that is not this invitation's is refused, so a
 * damaged link says so rather than joining without the key.
 */
export function decideLinkKey(
  invitation: StoredInvitation,
  proof: string | undefined,
): Outcome<{ readonly teamId: string; readonly keyVersion: number; readonly encryptedTeamKeyWithSecret: string } | null> {
  if (proof === undefined || invitation.proofHash === null) return accept(null);
  if (!proofMatches(proof, invitation.proofHash)) return refusal('invalid-argument', INVITATION_MESSAGES.damagedLink);
  if (invitation.encryptedTeamKeyWithSecret === null || invitation.keyVersion === null) return accept(null);
  return accept({ teamId: invitation.teamId, keyVersion: invitation.keyVersion, encryptedTeamKeyWithSecret: invitation.encryptedTeamKeyWithSecret });
}

// The invitation's copy of the team key lives only while it is pending (docs/invitations.md) --

/** Whether a key was attached: whoever held the link (or the account it was wrapped for) could open the team key. */
export function carriedKey(invitation: StoredInvitation): boolean {
  return invitation.keyVersion !== null && (invitation.encryptedTeamKey !== null || invitation.encryptedTeamKeyWithSecret !== null);
}

/** What closing an invitation removes from it: both copies of the team key. */
export const WITHOUT_KEY = Object.freeze({ encryptedTeamKey: null, encryptedTeamKeyWithSecret: null });

/**
 * A keyed invitation that ends without its invitee joining counts as a removal: someone outside the
 * team could have opened the key, so it is rotated (docs/teams.md, "Rotation on removal").
 */
export const ROTATION_NEEDED = (now: number) => ({ rotationNeeded: true, pendingRotation: null, updatedAt: now });

// cancelInvitation ---------------------------------------------------------------------------

export function decideCancel(
  inviteId: string,
  invitation: StoredInvitation | null,
  team: StoredTeam | null,
  actorUid: string,
): Outcome<{ readonly rotateTeam: boolean; readonly events: readonly AuditEventBody[] }> {
  if (invitation === null) return NOT_FOUND;
  if (team === null || team.deleting) return NOT_VALID;
  const role = roleOf(team, actorUid);
  if (role === 'none') return refusal('permission-denied', PERMISSION_MESSAGES.notMember);
  if (role !== 'owner' && role !== 'admin') return refusal('permission-denied', INVITE_CALLABLE_MESSAGES.onlyManagersCancel);
  if (invitation.status !== 'pending') return NOT_VALID;
  return accept({ rotateTeam: carriedKey(invitation), events: [invitationEvent('invitation.cancelled', inviteId, invitation)] });
}

// expireInvitations (scheduled) --------------------------------------------------------------

/**
 * null: not (yet) expired. A team being deleted is not marked for rotation; a team that is gone has
 * no log to record the expiry in (its invitations go before it, so this is a leftover).
 */
export function decideExpiry(
  inviteId: string,
  invitation: StoredInvitation,
  team: StoredTeam | null,
  now: number,
): { readonly rotateTeam: boolean; readonly events: readonly AuditEventBody[] } | null {
  if (invitation.status !== 'pending' || now < invitation.expiresAt) return null;
  return {
    rotateTeam: carriedKey(invitation) && usableTeam(team),
    events: team === null ? [] : [invitationEvent('invitation.expired', inviteId, invitation)],
  };
}

// acceptInvitation / declineInvitation -------------------------------------------------------

export interface RespondFacts {
  readonly inviteId: string;
  readonly caller: Caller;
  readonly proof: string | undefined;
  readonly invitation: StoredInvitation | null;
  /** The invitation's team, or null when it is gone. */
  readonly team: StoredTeam | null;
  readonly now: number;
}

/**
 * The checks accept and decline share, in the contract's order: the invitation exists; it is open
 * and its team usable, unless `alreadyDone` (a retry of a call that went through); the caller is
 * the invited address; the address is verified or the caller holds the link (its accept proof).
 */
function checkResponder(facts: RespondFacts, alreadyDone: (invitation: StoredInvitation) => boolean): Outcome<StoredInvitation> {
  const { invitation, caller } = facts;
  if (invitation === null) return NOT_FOUND;
  if (!alreadyDone(invitation) && (!isInvitationOpen(invitation, facts.now) || !usableTeam(facts.team))) return NOT_VALID;
  if (caller.email === null || caller.email.toLowerCase() !== invitation.email) return WRONG_ACCOUNT;
  if (!caller.emailVerified && (facts.proof === undefined || !proofMatches(facts.proof, invitation.proofHash))) return VERIFY_FIRST;
  return accept(invitation);
}

export interface AcceptFacts extends RespondFacts {
  /** users/{caller}.pendingTeamKeys[inviteId], or null. */
  readonly pendingTeamKey: string | null;
}

export type AcceptPlan =
  /** The change's events: invitation.accepted, then member.added. */
  | { readonly kind: 'join'; readonly teamId: string; readonly change: TeamChange }
  /** The caller is in the team already: at most the invitation is marked accepted (and that logged). */
  | { readonly kind: 'already-member'; readonly teamId: string; readonly markAccepted: boolean; readonly events: readonly AuditEventBody[] };

/**
 * The wrap the new member starts with: the invitation's own when it was made for the caller's
 * account, else the one the caller stored from the link; only of the team's current key version
 * and only if it has the shape of a wrap. Null: the member joins needing the key.
 */
export function keyForJoining(
  invitation: StoredInvitation,
  team: StoredTeam,
  callerUid: string,
  pendingTeamKey: string | null,
): Sealed<'team-key-wrap'> | null {
  if (invitation.keyVersion === null || invitation.keyVersion !== team.keyVersion) return null;
  const key = invitation.userId === callerUid ? invitation.encryptedTeamKey : pendingTeamKey;
  return isCanonicalBase64(key, WRAPPED_KEY_BYTES) ? asStoredCiphertext('team-key-wrap', key) : null;
}

export function decideAccept(facts: AcceptFacts): Outcome<AcceptPlan> {
  const { caller, team, now } = facts;
  const isMember = (candidate: StoredTeam | null) => usableTeam(candidate) && memberOf(candidate, caller.uid) !== null;
  const checked = checkResponder(facts, (invitation) => invitation.status === 'accepted' && isMember(team));
  if (!checked.ok) return checked;
  const invitation = checked.value;
  // checkResponder let only a usable team through.
  if (!usableTeam(team)) return NOT_VALID;
  const accepted = invitationEvent('invitation.accepted', facts.inviteId, invitation);
  if (memberOf(team, caller.uid) !== null) {
    const markAccepted = invitation.status === 'pending';
    return accept({ kind: 'already-member', teamId: invitation.teamId, markAccepted, events: markAccepted ? [accepted] : [] });
  }
  const member = joiningMember({
    userId: caller.uid,
    role: invitation.role,
    email: invitation.email,
    encryptedTeamKey: keyForJoining(invitation, team, caller.uid, facts.pendingTeamKey),
    now,
  });
  const joining = withJoiningMember(team, member, now);
  return accept({ kind: 'join', teamId: invitation.teamId, change: { ...joining, events: [accepted, ...joining.events] } });
}

export function decideDecline(
  facts: RespondFacts,
): Outcome<{ readonly markDeclined: boolean; readonly rotateTeam: boolean; readonly events: readonly AuditEventBody[] }> {
  const checked = checkResponder(facts, (invitation) => invitation.status === 'declined');
  if (!checked.ok) return checked;
  // A retry of a decline that went through changes nothing and records nothing.
  const markDeclined = checked.value.status === 'pending';
  return accept({
    markDeclined,
    rotateTeam: markDeclined && carriedKey(checked.value) && usableTeam(facts.team),
    events: markDeclined ? [invitationEvent('invitation.declined', facts.inviteId, checked.value)] : [],
  });
}

/**
 * Whether a caller's pendingTeamKeys entry for this invitation can never be used (issue #17): the
 * invitation is gone or closed, or its team is gone or being deleted. A team deletion racing an
 * acceptance left such entries behind, counting toward the cap of 20; a refused accept now removes
 * them. An open invitation keeps the entry (the caller may verify their address and try again).
 */
export function isPendingKeyStale(invitation: StoredInvitation | null, team: StoredTeam | null, now: number): boolean {
  return invitation === null || !isInvitationOpen(invitation, now) || !usableTeam(team);
}
