import { call, type Payload } from './callables';

// The account callables (SPEC.md §7) over `call`. A refusal rejects with the server's message;
// a reply of the wrong shape rejects too.

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
