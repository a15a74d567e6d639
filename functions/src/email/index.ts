export type { EmailMessage, Mailer } from './types';
export { composeEmail, escapeHtml, type EmailContent } from './compose';
export {
  emailChangeEmail,
  formatEmailDate,
  invitationEmail,
  masterPasswordChangedEmail,
  mfaEnrolledEmail,
  mfaRemovedEmail,
  testEmail,
  verificationEmail,
  type EmailChangeEmailInput,
  type InvitationEmailInput,
  type MfaChangeEmailInput,
} from './messages';
export { extractLinks } from './links';
export { defaultMailer, isFunctionsEmulator, mailerSecrets } from './mailer';
export { createOutboxMailer, defaultOutboxDirectory, type OutboxRecord } from './outbox';
export { createSmtpMailer } from './smtp';
