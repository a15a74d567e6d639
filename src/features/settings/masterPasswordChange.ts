// The Change Master Password rules of SPEC.md §5, pure: the form checks them in this order before
// any key is derived; 'Invalid current master password' comes from the service, once the current
// password has failed to open the stored check value.

export const MIN_NEW_MASTER_PASSWORD_LENGTH = 6;

export const MASTER_PASSWORD_CHANGE_MESSAGES = {
  required: 'All fields are required',
  mismatch: 'New passwords do not match',
  tooShort: 'New master password must be at least 6 characters',
  unchanged: 'New master password must be different from current password',
  invalidCurrent: 'Invalid current master password',
  /** Not in the spec: anything else that fails (network, a record that changed meanwhile). */
  failed: 'Could not change the master password. Please try again.',
  success: 'Your master password has been changed.',
  progress: 'Deriving new keys…',
} as const;

export interface MasterPasswordChangeInput {
  readonly current: string;
  readonly next: string;
  readonly confirm: string;
}

export type MasterPasswordChangeCheck = { readonly ok: true } | { readonly ok: false; readonly message: string };

/**
 * Passwords are compared and counted as the key derivation sees them (NFC, src/crypto/kdf.ts):
 * the same accented password typed in another Unicode form is the same password, and a length
 * counts characters, not UTF-16 units. Nothing is trimmed: spaces are part of a password.
 */
export function validateMasterPasswordChange(input: MasterPasswordChangeInput): MasterPasswordChangeCheck {
  if (input.current === '' || input.next === '' || input.confirm === '') return refuse('required');
  const next = input.next.normalize('NFC');
  if (next !== input.confirm.normalize('NFC')) return refuse('mismatch');
  if (Array.from(next).length < MIN_NEW_MASTER_PASSWORD_LENGTH) return refuse('tooShort');
  if (next === input.current.normalize('NFC')) return refuse('unchanged');
  return { ok: true };
}

function refuse(reason: 'required' | 'mismatch' | 'tooShort' | 'unchanged'): MasterPasswordChangeCheck {
  return { ok: false, message: MASTER_PASSWORD_CHANGE_MESSAGES[reason] };
}

/** The service's refusal when the current password does not open the stored check value. */
export class InvalidCurrentMasterPasswordError extends Error {
  constructor(options?: ErrorOptions) {
    super(MASTER_PASSWORD_CHANGE_MESSAGES.invalidCurrent, options);
    this.name = 'InvalidCurrentMasterPasswordError';
  }
}
