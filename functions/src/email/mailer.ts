import { createOutboxMailer, defaultOutboxDirectory } from './outbox';
import { createSmtpMailer } from './smtp';
import type { SecretParam } from 'firebase-functions/params';
import { smtpPassword } from '../params';
import type { Mailer } from './types';

export function isFunctionsEmulator(): boolean {
  return process.env.FUNCTIONS_EMULATOR === 'true';
}

/** The outbox whenever the code runs in the Functions emulator, SMTP otherwise; chosen per call. */
export function defaultMailer(): Mailer {
  return isFunctionsEmulator() ? createOutboxMailer({ directory: defaultOutboxDirectory() }) : createSmtpMailer();
}

/**
 * The secrets a function that sends email must bind. None under the emulator: a bound secret makes
 * the emulator fetch it from Secret Manager on every call (a real project's production password,
 * or an error line for a demo project), and the outbox never needs it. Read when the function is
 * defined; the emulator sets FUNCTIONS_EMULATOR while it loads the code, a deploy does not.
 */
export function mailerSecrets(): SecretParam[] {
  return isFunctionsEmulator() ? [] : [smtpPassword];
}
