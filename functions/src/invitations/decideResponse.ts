import { INVITATION_MESSAGES, isInvitationOpen } from '@keyloft/contract/invitations';
import type { AuditEventBody } from '@keyloft/contract/auditEvents';
import type { Caller } from '../lib/callable';
import { invitationEvent } from '../audit/eventData';
import { joiningMember, withJoiningMember } from '../teams/decideMembers';
import { accept, memberOf, refusal, type Outcome, type StoredTeam, type TeamChange } from '../teams/model';
import { asStoredCiphertext, type Sealed } from '../../../src/crypto/sealed';
import { WRAPPED_KEY_BYTES, isCanonicalBase64 } from '../teams/validate';
import { NOT_FOUND, NOT_VALID, carriedKey, usableTeam } from './decide';
import type { StoredInvitation } from './model';
import { proofMatches } from './proof';

// The pure decisions of the invitee's answer (acceptInvitation, declineInvitation;
// docs/invitations.md): who may answer, and what joining or declining writes and records.

const WRONG_ACCOUNT = refusal('permission-denied', INVITATION_MESSAGES.wrongAccount);
const VERIFY_FIRST = refusal('failed-precondition', INVITATION_MESSAGES.verifyFirst);

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
