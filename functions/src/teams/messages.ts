// Messages of the team callables that SPEC.md §6 does not word (the §6 ones are
// PERMISSION_MESSAGES in src/domain/teamPermissions.ts and are used from there). The plan limits'
// are shared with the app (src/domain/subscription.ts PLAN_LIMIT_MESSAGES), which shows them as they are.
import { PLAN_LIMIT_MESSAGES } from '@keyloft/contract/subscription';
import { TEAM_REQUEST_MESSAGES } from '@keyloft/contract/callables/teams';

export const TEAM_MESSAGES = Object.freeze({
  ...TEAM_REQUEST_MESSAGES,
  limitReached: PLAN_LIMIT_MESSAGES.teamLimitReached,
  paidPlanRequired: PLAN_LIMIT_MESSAGES.paidPlanRequired,
  teamIdTaken: 'This team id is already in use',
  noUserRecord: 'Finish setting up your account before creating a team',
  teamDeleting: 'This team is being deleted',
  staleKeyVersion: 'The team key has changed; reload the team and try again',
  onlyWritersRotate: 'Only members who can edit passwords can rotate the team key',
  rotationInProgress: 'Finish the current key rotation first',
  wrapsMismatch: 'The new team key must be wrapped for exactly the members who hold the key',
  rotationNotNeeded: 'The team key is rotated only after a member leaves or is removed, or by the owner',
  oldKeyAwaitsOwner: 'The previous team key is kept until the team owner confirms the new one',
  onlyOwnerConfirms: 'Only the team owner can confirm a new team key',
  noPendingRotation: 'There is no new team key to confirm',
  needsOwnKey: 'You do not hold the team key',
  keyCheckMismatch: 'The team key check does not match the team key',
  onlyOwnerPublishesCheck: 'Only the team owner can publish the team key check',
  entriesLeft: 'Some team passwords are still encrypted with the previous team key',
});
