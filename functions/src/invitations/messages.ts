import { INVITE_REQUEST_MESSAGES } from '@keyloft/contract/callables/invitations';

// Messages of the invitation callables that src/domain does not hold (the shared ones are
// INVITATION_MESSAGES and PERMISSION_MESSAGES, used from there). Apart from the address check, they
// answer requests the app's own screens do not make.
export const INVITE_CALLABLE_MESSAGES = Object.freeze({
  // The requests' (src/domain/callables/invitations.ts):
  ...INVITE_REQUEST_MESSAGES,
  // Not worded by the spec:
  teamNotFound: 'Team not found',
  secretNotForThis: 'This invitation has no key for a link secret; send it without one.',
  secretMismatch: 'This secret does not belong to this invitation.',
  sendFailed: 'Could not send the invitation email.',
  onlyManagersCancel: 'Only owners and admins can cancel invitations',
});

/** inviteTeamMember's `message` (SPEC.md §7 names the field, not its words). */
export function invitationCreatedMessage(email: string): string {
  return `Invitation created for ${email}`;
}
