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
import { hasMemberWith } from '../teams/decideMembers';
import { accept, refusal, refusalOf, roleOf, type Outcome, type StoredTeam } from '../teams/model';
import { NOT_FOUND, NOT_VALID, usableTeam } from './decide';
import { INVITE_CALLABLE_MESSAGES, invitationCreatedMessage } from './messages';
import type { StoredInvitation } from './model';
import { constantTimeEqual } from './proof';
import type { InviteTeamMemberInput } from './validate';

// The pure decisions of making an invitation and emailing its link (inviteTeamMember,
// sendInvitationEmailWithSecret; docs/invitations.md), with the rate limits they keep.

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
