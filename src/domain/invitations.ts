// Invitation constants and messages shared by the callables, the rules tests and the screens
// (docs/invitations.md). Pure: no I/O.
import { hasHiddenCharacters } from './emailAddress';
import type { TeamRole } from './teamPermissions';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
export const INVITES_PER_TEAM_PER_HOUR = 20;
export const INVITES_PER_INVITER_PER_HOUR = 30;
export const EMAILS_PER_INVITATION = 3;
export const MAX_PENDING_TEAM_KEYS = 20;

/** 'expired': set by the scheduled clean-up (expireInvitations), which also removes the key copy. */
export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'expired';
export type InviteRole = Exclude<TeamRole, 'owner'>;

export const INVITATION_MESSAGES = Object.freeze({
  // SPEC.md §8, invitation page:
  noInviteId: 'Invalid invitation link. No invitation ID provided.',
  notFound: 'This invitation does not exist or has been removed.',
  notValid: 'This invitation has already been accepted or is no longer valid.',
  loadFailed: 'Failed to load invitation details.',
  acceptFailed: 'Failed to accept invitation. Please try again.',
  joined: 'Successfully joined the team!',
  // SPEC.md §8, teams and members:
  cancelFailed: 'Failed to cancel invitation',
  pendingLoadFailed: 'Failed to load pending invitations. This might be due to missing database indexes.',
  // Not worded by the spec:
  wrongAccount: 'This invitation was sent to a different email address. Sign in with the invited address to accept it.',
  verifyFirst: 'Please verify your email address before accepting this invitation.',
  alreadyInvited: 'An invitation has already been sent to this email address',
  tooMany: 'Too many invitations. Please try again later.',
  tooManyEmails: 'This invitation has been emailed too many times. Cancel it and invite again.',
  onlyInviterEmails: 'Only the person who sent this invitation can email it',
  declineFailed: 'Failed to decline invitation. Please try again.',
  inviteFailed: 'Failed to send invitation',
  damagedLink: 'This invitation link is incomplete or damaged. Open it again from the invitation email, or ask for a new invitation.',
});

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lower-cased: how invitations and members store an address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * SPEC.md §5 "Add member": the basic email shape, and none of the hidden characters of
 * emailAddress.ts (callers that can say why check hasHiddenCharacters first).
 */
export function isEmailShape(email: string): boolean {
  return email.length <= 320 && EMAIL_SHAPE.test(email) && !hasHiddenCharacters(email);
}

/** Pending and not yet expired at `now`. */
export function isInvitationOpen(invitation: { readonly status: string; readonly expiresAt: number }, now: number): boolean {
  return invitation.status === 'pending' && now < invitation.expiresAt;
}

/** The tooltip of the header's pending-invitations button (SPEC.md §2). */
export function pendingInvitationsLabel(count: number): string {
  return `${count} pending invitation(s)`;
}
