// The deployed callable functions (SPEC.md §7), region us-central1. Each lives in its own module
// under src/ and is exported here by its spec name; the sign-in issue adds the first ones.
// First: the global options must be set before any function is defined (lib/globalOptions.ts).
import './lib/globalOptions';

export { sendCustomEmailVerification } from './verification/sendCustomEmailVerification';
export { sendMasterPasswordChangeNotification } from './notifications/sendMasterPasswordChangeNotification';
export { createTeam } from './teams/createTeam';
export { changeMemberRole } from './teams/changeMemberRole';
export { removeTeamMember } from './teams/removeTeamMember';
export { leaveTeam } from './teams/leaveTeam';
export { grantTeamKey } from './teams/grantTeamKey';
export { rotateTeamKey } from './teams/rotateTeamKey';
export { finishKeyRotation } from './teams/finishKeyRotation';
export { confirmTeamKey, confirmTeamKeyRotation, reportTeamKeyMismatch } from './teams/teamKeyChecks';
export { deleteTeam } from './teams/deleteTeam';
export { inviteTeamMember } from './invitations/inviteTeamMember';
export { sendInvitationEmailWithSecret } from './invitations/sendInvitationEmailWithSecret';
export { lookupInvitation } from './invitations/lookupInvitation';
export { acceptInvitation } from './invitations/acceptInvitation';
export { declineInvitation } from './invitations/declineInvitation';
export { cancelInvitation } from './invitations/cancelInvitation';
export { expireInvitationsHourly } from './invitations/expireInvitations';
export { pruneAuditLogHourly } from './audit/pruneAuditLog';
export { sendCustomEmailChange } from './emailChange/sendCustomEmailChange';
export { verifyEmailChangeToken } from './emailChange/verifyEmailChangeToken';
export { sendTestEmailFunction } from './testEmail/sendTestEmailFunction';
export { deleteAccount } from './account/deleteAccount';
export { sendMfaEnrollmentNotification, sendMfaRemovalNotification } from './notifications/sendMfaNotifications';
export { getSubscriptionPlans } from './billing/getSubscriptionPlans';
export { getSubscriptionStatus } from './billing/getSubscriptionStatus';
export { createCheckoutSession } from './billing/createCheckoutSession';
export { createBillingPortalSession } from './billing/createBillingPortalSession';
export { downgradeToFree } from './billing/downgradeToFree';
export { stripeWebhook } from './billing/webhook/stripeWebhook';
