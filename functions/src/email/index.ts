export type { EmailMessage, Mailer } from './types';
export { composeEmail, escapeHtml, type EmailContent } from './compose';
export {
  emailChangeEmail,
  formatEmailDate,
  invitationEmail,
  masterPasswordChangedEmail,
  testEmail,
  verificationEmail,
  type EmailChangeEmailInput,
  type InvitationEmailInput,
} from './messages';
export { extractLinks } from './links';
export { defaultMailer, isFunctionsEmulator, mailerSecrets } from './mailer';
export { createOutboxMailer, defaultOutboxDirectory, type OutboxRecord } from './outbox';
export { createSmtpMailer } from './smtp';
