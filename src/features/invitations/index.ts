export type { AcceptInviteApi, InvitationPreview, MyInvitation, MyInvitationsApi } from './model';
export { AcceptInvitePage, ACCEPT_INVITE_TITLE } from './AcceptInvitePage';
export type { AcceptInvitePageProps } from './AcceptInvitePage';
export { PendingInvitationsButton } from './PendingInvitationsButton';
export type { PendingInvitationsButtonProps } from './PendingInvitationsButton';
export { TeamInvitationsDialog } from './TeamInvitationsDialog';
export type { TeamInvitationsDialogProps } from './TeamInvitationsDialog';
export { usePendingInvitations } from './usePendingInvitations';
export type { PendingInvitationsController, PendingInvitationsStatus } from './usePendingInvitations';
