import { deleteAccountReply, type DeleteAccountReply } from '@keyloft/contract/callables/account';
import { call } from './callables';
import { readReply, type CallableInvoker } from './reply';

// The account callables of SPEC.md §7 (email change, test email, account deletion) over `call`. A
// refusal rejects with a CallableError carrying the server's code and message; deleteAccount's reply
// is read with its schema (src/domain/callables/account.ts), a wrong shape rejecting too.

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

export type DeleteAccountResult = DeleteAccountReply;

export interface AccountFunctions {
  /** Deletes the signed-in account and everything it owns (docs/account-deletion.md). */
  deleteAccount(): Promise<DeleteAccountResult>;
}

export function createAccountFunctions(invoke: CallableInvoker = call): AccountFunctions {
  return {
    deleteAccount: async () => readReply('deleteAccount', deleteAccountReply, await invoke('deleteAccount', {})),
  };
}
