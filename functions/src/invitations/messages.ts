// Messages of the invitation callables that packages/contract does not hold (the shared ones are
// INVITATION_MESSAGES and PERMISSION_MESSAGES, used from there). Apart from the address check, they
// answer requests the app's own screens do not make.
export const INVITE_CALLABLE_MESSAGES = Object.freeze({
  // SPEC.md §5 "Add member" (the form's own copy is in src/features/teams/memberForm.ts):
  invalidEmail: 'Please enter a valid email address',
  // Not worded by the spec:
  teamNotFound: 'Team not found',
  badInviteId: 'inviteId must be an invitation id.',
  badSecret: 'sharedSecret must be the 43-character secret of the invitation link.',
  secretNotForThis: 'This invitation has no key for a link secret; send it without one.',
  secretMismatch: 'This secret does not belong to this invitation.',
  badProof: 'proof must be the 43-character accept proof of the invitation link.',
  sendFailed: 'Could not send the invitation email.',
  onlyManagersCancel: 'Only owners and admins can cancel invitations',
});

/** inviteTeamMember's `message` (SPEC.md §7 names the field, not its words). */
export function invitationCreatedMessage(email: string): string {
  return `Invitation created for ${email}`;
}
