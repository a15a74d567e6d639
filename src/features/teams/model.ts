// What the team screens show and do (docs/teams.md). The team service implements TeamsApi over the
// repositories, the team callables and the user's keys; screens and their tests see only this.
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import type { KeyUpkeep } from './keyUpkeep';
import type { RotationOutcome, RotationProgress } from './rotation';
import type { Fingerprint } from '../../crypto';

export interface TeamSummary {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly ownerId: string;
  readonly memberCount: number;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /** The signed-in user's role in this team. */
  readonly myRole: TeamRole;
  /** True while the signed-in user has no wrapped team key yet ('Needs Key'). */
  readonly needsKey: boolean;
  /** Someone left or was removed and the key rotation is not finished (docs/teams.md). */
  readonly rotationPending: boolean;
}

/** What the team form hands the service: trimmed, the name non-empty, an empty description omitted (SPEC.md §5). */
export interface TeamDraft {
  readonly name: string;
  readonly description?: string;
}

/** A team of the user's list whose stored document is damaged: flagged, the others listed (issue #41 item 7). */
export interface FlaggedTeam {
  readonly id: string;
  /** null when not even its name could be read. */
  readonly name: string | null;
  /** What is wrong with its document. */
  readonly problem: string;
}

export interface LeftTeamNotice {
  readonly id: string;
  readonly name: string | null;
}

/** The user's team list as read. */
export interface TeamsListing {
  /** The teams the user is a member of, ordered by name. */
  readonly teams: TeamSummary[];
  readonly flagged: FlaggedTeam[];
  /** Answered from the device copy with the server out of reach: not presented as current (issue #42). */
  readonly fromDevice: boolean;
  /**
   * The teams dropped from the device copy because the user no longer belongs to them, with their
   * names (null: the copy had none): said once.
   */
  readonly left: LeftTeamNotice[];
}

export interface TeamsApi {
  list(): Promise<TeamsListing>;
  /** Makes the team key in the browser, wraps it for the owner, then creates the team. */
  create(draft: TeamDraft): Promise<void>;
  update(teamId: string, draft: TeamDraft): Promise<void>;
  /** Deletes the team with all its passwords and groups. */
  remove(teamId: string): Promise<void>;
}

/** One member as the 'Manage Team Members' modal shows them. */
export interface TeamMember {
  readonly uid: string;
  /** Lower-cased; null for an account without an address. */
  readonly email: string | null;
  readonly role: TeamRole;
  /** True until an owner or admin grants them the team key ('Needs Key'). */
  readonly needsKey: boolean;
  /** Epoch milliseconds. */
  readonly joinedAt: number;
  /** The signed-in user. */
  readonly isMe: boolean;
}

/** A team's members and the signed-in user's place in it. */
export interface TeamDetail {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  /** The owner first, then by email. */
  readonly members: readonly TeamMember[];
  readonly myRole: TeamRole;
  /** False while the signed-in user needs the key themselves: they cannot wrap it for anyone. */
  readonly iHoldKey: boolean;
  /** Someone left or was removed and the team key still has to be rotated (or re-encryption finished). */
  readonly rotationPending: boolean;
}

/** A person about to receive the team key: the fingerprint is shown before anything is wrapped. */
export interface KeyRecipient {
  readonly userId: string;
  readonly email: string | null;
  readonly publicKey: string;
  readonly fingerprint: Fingerprint;
  /** True when this user shared with them before and the key is the one remembered. */
  readonly seenBefore: boolean;
  /** True when this user has no memory of them but an owner or admin of the team confirmed this key. */
  readonly vouched: boolean;
  /** True when this user's remembered key of them no longer opens: confirming rebuilds it. */
  readonly damaged: boolean;
}

/**
 * Member operations of the 'Manage Team Members' modal (docs/teams.md). Adding is an invitation
 * (TeamInvitationsApi). Inviting an account and granting take two steps, so the recipient's
 * fingerprint is on screen before the team key is wrapped. Every
 * method rejects with the server's refusal (the SPEC.md §6 message) or a PublicKeyChangedError.
 */
export interface TeamMembersApi extends TeamInvitationsApi {
  load(teamId: string): Promise<TeamDetail>;
  prepareGrant(teamId: string, userId: string): Promise<KeyRecipient>;
  grant(teamId: string, recipient: KeyRecipient): Promise<void>;
  /** A key holder whose remembered key no longer opens (KnownKeyDamagedError): their fingerprint, to confirm again. */
  prepareReconfirm(teamId: string, userId: string): Promise<KeyRecipient>;
  /** Remembers the confirmed fingerprint again (and records it on the team); nothing is wrapped. */
  reconfirm(teamId: string, recipient: KeyRecipient): Promise<void>;
  changeRole(teamId: string, userId: string, role: TeamRole): Promise<void>;
  /**
   * Removes the member, then rotates the team key. When the removal went through but the rotation
   * did not, rejects with a RotationIncompleteError (the team then shows rotationPending).
   */
  remove(teamId: string, userId: string, onProgress?: (progress: RotationProgress) => void): Promise<void>;
  /** Runs or finishes a pending rotation (rotationPending). */
  finishPendingRotation(teamId: string, onProgress?: (progress: RotationProgress) => void): Promise<RotationOutcome>;
  /** Checks the key this user's wrap opens against the team's key check, and reports what it found (docs/teams.md, "Key checks"). */
  checkMyKey(teamId: string): Promise<KeyUpkeep>;
  /** Any member but the owner; the rotation is left to the team's owners and admins. */
  leave(teamId: string): Promise<void>;
}

/** A pending invitation of a team, as Manage Team Members lists it (owner and admin). */
export interface TeamInvitation {
  readonly id: string;
  readonly email: string;
  readonly role: TeamRole;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly expiresAt: number;
}

/**
 * What inviting someone leads to (docs/invitations.md, "In the browser"). Whether the address has
 * an account is never known here (the server does not say, so nobody can probe for accounts):
 * - 'link': the key is attached under the link's secret. Offer Send Email (emailInvitation) or
 *   Copy Link. `link` holds the secret: show it only to the inviter.
 * - 'sent': the inviter holds no key to share; invited without one (they join with Needs Key) and emailed.
 */
export type InviteStep =
  | { readonly kind: 'link'; readonly inviteId: string; readonly email: string; readonly link: string }
  | { readonly kind: 'sent'; readonly inviteId: string; readonly email: string };

/** The invitation side of the 'Manage Team Members' modal; each rejects with the server's message. */
export interface TeamInvitationsApi {
  listInvitations(teamId: string): Promise<TeamInvitation[]>;
  /** Cancel (cancelInvitation): the invitation and its key copy go; the key rotates if one was attached ('Failed to cancel invitation'). */
  cancelInvitation(teamId: string, inviteId: string): Promise<void>;
  invite(teamId: string, email: string, role: TeamRole): Promise<InviteStep>;
  /** Emails the link (with its secret) through sendInvitationEmailWithSecret. */
  emailInvitation(inviteId: string, link: string): Promise<void>;
}
