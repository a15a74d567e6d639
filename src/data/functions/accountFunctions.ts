import { call, type Payload } from './callables';

// The account callables of SPEC.md §7 (email change, test email, account deletion) over `call`. A
// refusal rejects with a CallableError carrying the server's code and message; a reply of the wrong
// shape rejects too.

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

export interface DeleteAccountResult {
  readonly success: true;
  readonly message: string;
}

export interface AccountFunctions {
  /** Deletes the signed-in account and everything it owns (docs/account-deletion.md). */
  deleteAccount(): Promise<DeleteAccountResult>;
}

export type AccountCallableInvoker = (name: string, data: Payload) => Promise<unknown>;

function readDeleteAccount(reply: unknown): DeleteAccountResult {
  if (typeof reply === 'object' && reply !== null && 'success' in reply && reply.success === true) {
    const message = 'message' in reply && typeof reply.message === 'string' ? reply.message : '';
    return { success: true, message };
  }
  throw new Error('deleteAccount returned an unexpected reply.');
}

export function createAccountFunctions(invoke: AccountCallableInvoker = call): AccountFunctions {
  return {
    deleteAccount: async () => readDeleteAccount(await invoke('deleteAccount', {})),
  };
}
