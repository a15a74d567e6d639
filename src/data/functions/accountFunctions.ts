import { call } from './callables';

// The account callables of SPEC.md §7 (email change, test email) over `call`. A refusal rejects
// with a CallableError carrying the server's code and message (docs/email-change.md).

/** Emails a single-use confirmation link to `newEmail` (SPEC.md §4 Email change). */
export async function sendCustomEmailChange(newEmail: string, isDevelopment: boolean): Promise<void> {
  await call('sendCustomEmailChange', { newEmail, isDevelopment });
}

/** Applies the emailed link: the Auth email and the user record change together. No sign-in needed. */
export async function verifyEmailChangeToken(token: string, newEmail: string): Promise<void> {
  await call('verifyEmailChangeToken', { token, newEmail });
}

/** Mails a test message to the caller's own verified address (operators checking the mail set-up). */
export async function sendTestEmail(email: string): Promise<void> {
  await call('sendTestEmailFunction', { email });
}
