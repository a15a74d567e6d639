import nodemailer from 'nodemailer';
import { mailFrom, smtpHost, smtpPassword, smtpPort, smtpUser } from '../params';
import type { Mailer } from './types';

// The production mailer. Params and the secret are read when a message is sent, never at module
// load, and a missing setting fails with the name of the param to set.

export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly from: string;
}

export interface SmtpTransportOptions {
  readonly host: string;
  readonly port: number;
  readonly secure: boolean;
  readonly requireTLS: boolean;
  readonly auth?: { readonly user: string; readonly pass: string };
}

/** Port 465 speaks TLS from the first byte; any other port must upgrade with STARTTLS. */
export function smtpTransportOptions(settings: SmtpSettings): SmtpTransportOptions {
  if (settings.host.trim() === '') throw new Error('SMTP_HOST is not set; see docs/email.md.');
  if (!Number.isInteger(settings.port) || settings.port < 1 || settings.port > 65535) {
    throw new Error('SMTP_PORT must be a port number; see docs/email.md.');
  }
  if (settings.from.trim() === '') throw new Error('MAIL_FROM is not set; see docs/email.md.');
  const secure = settings.port === 465;
  return {
    host: settings.host,
    port: settings.port,
    secure,
    requireTLS: !secure,
    ...(settings.user === '' ? {} : { auth: { user: settings.user, pass: settings.password } }),
  };
}

function readSettings(): SmtpSettings {
  const user = smtpUser.value();
  return {
    host: smtpHost.value(),
    port: smtpPort.value(),
    user,
    // Only a server that needs a login needs the secret.
    password: user === '' ? '' : smtpPassword.value(),
    from: mailFrom.value(),
  };
}

export function createSmtpMailer(): Mailer {
  return {
    async send(message) {
      const settings = readSettings();
      const transport = nodemailer.createTransport({ ...smtpTransportOptions(settings) });
      try {
        await transport.sendMail({ from: settings.from, ...message });
      } finally {
        transport.close();
      }
    },
  };
}
