import { AuthServiceError } from '../../data/auth/authGateway';
import { authErrorCode, authErrorMessage, UNEXPECTED_ERROR } from './authErrorMessages';
import { FlowError, MESSAGES } from './flows/errors';
import { VALIDATION } from './validation';

// What a form shows after a failed submit: one message, and the fields it is about (they get
// aria-invalid and aria-describedby pointing at the message).

export type AuthField =
  | 'email'
  | 'accountPassword'
  | 'confirmAccountPassword'
  | 'masterPassword'
  | 'confirmMasterPassword'
  | 'code';

export interface FormError {
  readonly message: string;
  readonly fields: readonly AuthField[];
}

const FIELDS_BY_MESSAGE: Readonly<Record<string, readonly AuthField[]>> = {
  [VALIDATION.invalidEmail]: ['email'],
  [VALIDATION.hiddenCharactersInEmail]: ['email'],
  [VALIDATION.emailRequiredForReset]: ['email'],
  [VALIDATION.accountPasswordsDiffer]: ['confirmAccountPassword'],
  [VALIDATION.masterPasswordsDiffer]: ['confirmMasterPassword'],
  [VALIDATION.masterPasswordRequiredForSignup]: ['masterPassword'],
  [VALIDATION.masterPasswordRequiredForLogin]: ['masterPassword'],
  [MESSAGES.invalidMasterPassword]: ['masterPassword'],
};

const FIELDS_BY_CODE: Readonly<Record<string, readonly AuthField[]>> = {
  'auth/invalid-credential': ['email', 'accountPassword'],
  'auth/wrong-password': ['email', 'accountPassword'],
  'auth/user-not-found': ['email', 'accountPassword'],
  'auth/invalid-email': ['email'],
  'auth/email-already-in-use': ['email'],
  'auth/weak-password': ['accountPassword'],
  'auth/invalid-verification-code': ['code'],
};

/** A rule of validation.ts failed: its message, on the field it names. */
export function validationError(message: string): FormError {
  return { message, fields: FIELDS_BY_MESSAGE[message] ?? [] };
}

/** Just a message, about no field in particular. */
export function plainError(message: string): FormError {
  return { message, fields: [] };
}

/**
 * Turns anything a flow threw into what the user reads: a FlowError's own wording, an auth
 * service code through SPEC.md §8, anything else the generic message (and the console).
 */
export function toFormError(error: unknown): FormError {
  if (error instanceof FlowError) return validationError(error.message);
  if (error instanceof AuthServiceError) {
    const message = authErrorMessage(error);
    if (message === UNEXPECTED_ERROR) console.error('Unmapped auth error in the auth modal', error);
    const code = authErrorCode(error);
    return { message, fields: (code !== null ? FIELDS_BY_CODE[code] : undefined) ?? [] };
  }
  console.error('Unexpected error in the auth modal', error);
  return plainError(UNEXPECTED_ERROR);
}

export function errorTargets(error: FormError | null, field: AuthField): boolean {
  return error !== null && error.fields.includes(field);
}
