// What the invitation screens show and do (docs/invitations.md). The invitation service implements
// these over the repositories, the callables and the user's keys; screens and their tests see only this.
import type { InvitationPreview } from '../../data/invitations/storedInvitations';
import type { InviteRole } from '@keyloft/contract/invitations';

/** One of the signed-in user's pending invitations (Team Invitations modal). */
export interface MyInvitation {
  readonly id: string;
  readonly teamId: string;
  readonly teamName: string;
  readonly role: InviteRole;
  readonly invitedByEmail: string | null;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface MyInvitationsApi {
  /** Pending and unexpired, newest first. Rejects when the query fails (SPEC.md §8 message). */
  list(): Promise<MyInvitation[]>;
  /** Rejects with the server's message (docs/invitations.md) on refusal. */
  accept(inviteId: string): Promise<void>;
  decline(inviteId: string): Promise<void>;
}

export type { InvitationPreview };

/** The /accept-invite page's calls. */
export interface AcceptInviteApi {
  /** No sign-in needed; rejects with the server's message ('This invitation does not exist or has been removed.', …). */
  lookup(inviteId: string): Promise<InvitationPreview>;
  /**
   * Signed in as the invitee: with the link's secret, opens the team key, stores it for the user as a
   * pending team key and accepts with the link's proof; without, accepts as is.
   */
  accept(inviteId: string, secret: string | null): Promise<void>;
}
