import { INVITATION_MESSAGES, isInvitationOpen } from '@keyloft/contract/invitations';
import { PERMISSION_MESSAGES } from '@keyloft/contract/teamPermissions';
import type { AuditEventBody } from '@keyloft/contract/auditEvents';
import { invitationEvent } from '../audit/eventData';
import { accept, memberOf, refusal, roleOf, type Outcome, type StoredTeam } from '../teams/model';
import { INVITE_CALLABLE_MESSAGES } from './messages';
import type { StoredInvitation } from './model';
import { proofMatches } from './proof';

// The pure decisions of the invitation callables (docs/invitations.md): who may, in which order
// the refusals come, what is written, and what it records in the team's log (docs/audit-log.md).
// The callables load the facts in a transaction and apply the plan; nothing here does I/O.
// This module: reading an invitation, its copy of the team key, cancelling and expiry; making and
// emailing one is decideInvite.ts, the invitee's answer decideResponse.ts.

export const NOT_FOUND = refusal('not-found', INVITATION_MESSAGES.notFound);
export const NOT_VALID = refusal('failed-precondition', INVITATION_MESSAGES.notValid);

export const usableTeam = (team: StoredTeam | null): team is StoredTeam => team !== null && !team.deleting;

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
