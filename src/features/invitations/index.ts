export type { AcceptInviteApi, InvitationPreview, MyInvitation, MyInvitationsApi } from './model';
export { AcceptInvitePage, ACCEPT_INVITE_TITLE } from './AcceptInvitePage';
export type { AcceptInvitePageProps } from './AcceptInvitePage';
