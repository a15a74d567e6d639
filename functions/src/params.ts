import { defineInt, defineSecret, defineString } from 'firebase-functions/params';

// Deploy-time configuration (docs/email.md). Declared here, read with .value() only inside a
// function body: at module load the values do not exist yet.
//
// Every non-secret param has a default so that the Functions emulator, which resolves params when
// it loads the code, never needs an answer from a terminal (CI has none).

export const appUrl = defineString('APP_URL', {
  default: 'https://keyloft.app',
  description: 'Public URL of the web app; links in emails point here.',
});

export const smtpHost = defineString('SMTP_HOST', {
  default: '',
  description: 'SMTP server that sends Keyloft email. Required in production; unused by the emulator.',
});

export const smtpPort = defineInt('SMTP_PORT', {
  default: 587,
  description: 'SMTP port: 587 (STARTTLS) or 465 (implicit TLS).',
});

export const smtpUser = defineString('SMTP_USER', {
  default: '',
  description: 'SMTP user name; empty for a server that needs no login.',
});

export const mailFrom = defineString('MAIL_FROM', {
  default: 'Keyloft <no-reply@keyloft.app>',
  description: 'From header of every Keyloft email.',
});

export const smtpPassword = defineSecret('SMTP_PASSWORD', {
  description: 'SMTP password, kept in Cloud Secret Manager.',
});
