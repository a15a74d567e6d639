// Stored shape of an invitation and the interfaces of its repository and callables
// (docs/invitations.md). Ciphertext and public values only: the shared secret never appears here.
import type { InvitationPreview, InviteResult } from '@keyloft/contract/callables/invitations';
import type { InvitationStatus, InviteRole } from '@keyloft/contract/invitations';
import type { Sealed } from '../../crypto/sealed';
import type { WithId } from '../vault/storedEntries';

export interface StoredInvitation {
  /** Trimmed, lower-cased. */
  readonly email: string;
  readonly teamId: string;
  readonly teamName: string;
  readonly role: InviteRole;
  readonly invitedBy: string;
  readonly invitedByEmail: string | null;
  readonly status: InvitationStatus;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly userExists: boolean;
  readonly userId: string | null;
  /** The team key version of the key below; null until a key is attached. */
  readonly keyVersion: number | null;
  /** For an existing account: the member wrap for userId (teamKeyLabel). */
  readonly encryptedTeamKey: Sealed<'team-key-wrap'> | null;
  /** For no account: the team key wrapped with the link's secret (inviteTeamKeyContext). */
  readonly encryptedTeamKeyWithSecret: Sealed<'invite-team-key'> | null;
  /** base64url SHA-256 of the accept proof; set with encryptedTeamKeyWithSecret. */
  readonly proofHash: string | null;
  readonly emailsSent: number;
  readonly respondedAt: number | null;
}

/** The key an inviter attaches to the invitation they just created (a rules-checked update). */
export type InvitationKeyAttachment =
  | { readonly kind: 'account'; readonly keyVersion: number; readonly encryptedTeamKey: Sealed<'team-key-wrap'> }
  | { readonly kind: 'secret'; readonly keyVersion: number; readonly encryptedTeamKeyWithSecret: Sealed<'invite-team-key'>; readonly proofHash: string };

export interface InvitationRepository {
  /** null when missing or not readable by the caller. */
  get(inviteId: string): Promise<WithId<StoredInvitation> | null>;
  /** Pending invitations for this (lower-cased) address, newest first. */
  listPendingForEmail(email: string): Promise<WithId<StoredInvitation>[]>;
  /** A team's pending invitations, newest first (owner and admin). */
  listPendingForTeam(teamId: string): Promise<WithId<StoredInvitation>[]>;
  attachKey(inviteId: string, attachment: InvitationKeyAttachment): Promise<void>;
  /** users/{uid}.pendingTeamKeys.{inviteId}: the invitation's team key wrapped for the user's own public key. */
  putPendingTeamKey(uid: string, inviteId: string, wrappedKey: Sealed<'team-key-wrap'>, now: number): Promise<void>;
}

// The callables' replies are part of their contract (src/domain/callables/invitations.ts).
export type { InvitationPreview, InviteResult, LinkKey } from '@keyloft/contract/callables/invitations';

/** The invitation callables (docs/invitations.md); each rejects with the server's message on refusal. */
export interface InvitationFunctions {
  inviteTeamMember(input: { email: string; teamId: string; role: InviteRole }): Promise<InviteResult>;
  sendInvitationEmailWithSecret(input: { inviteId: string; sharedSecret?: string }): Promise<void>;
  lookupInvitation(input: { inviteId: string; proof?: string }): Promise<InvitationPreview>;
  acceptInvitation(input: { inviteId: string; proof?: string }): Promise<{ success: boolean; teamId: string | null }>;
  declineInvitation(input: { inviteId: string; proof?: string }): Promise<void>;
  /** Owner or admin: withdraws a pending invitation; a team whose key it carried is marked for rotation. */
  cancelInvitation(input: { inviteId: string }): Promise<void>;
}
