export { ResetPasswordPage } from './ResetPasswordPage';
export type { ResetPasswordGateway, ResetPasswordPageProps } from './ResetPasswordPage';
export { VerifyEmailPage } from './VerifyEmailPage';
export type { VerifyEmailGateway, VerifyEmailPageProps } from './VerifyEmailPage';
export { VerifyEmailChangePage } from './VerifyEmailChangePage';
export type { VerifyEmailChangePageProps } from './VerifyEmailChangePage';
