import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from '@keyloft/contract/emailAddress';

// The form rules of SPEC.md §5 for the auth modal. Each returns the first message that applies,
// or null when the input may be submitted.

export const VALIDATION = {
  accountPasswordsDiffer: 'Account passwords do not match.',
  masterPasswordsDiffer: 'Master passwords do not match.',
  masterPasswordRequiredForSignup: 'Master password is required for signup.',
  masterPasswordRequiredForLogin: 'Master password is required to decrypt your vault.',
  emailRequiredForReset: 'Please enter your email address first.',
  invalidEmail: 'Please enter a valid email address.',
  hiddenCharactersInEmail: HIDDEN_CHARACTERS_MESSAGE,
  weakAccountPassword: 'Password is too weak. Please choose a stronger password.',
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim());
}

/** The message refusing an address, or null when it may be sent to the auth service. */
export function emailMessage(email: string): string | null {
  if (hasHiddenCharacters(email)) return VALIDATION.hiddenCharactersInEmail;
  return isEmailShaped(email) ? null : VALIDATION.invalidEmail;
}

export interface SignupInput {
  readonly email: string;
  readonly accountPassword: string;
  readonly confirmAccountPassword: string;
  readonly masterPassword: string;
  readonly confirmMasterPassword: string;
}

export function validateSignup(input: SignupInput): string | null {
  const email = emailMessage(input.email);
  if (email !== null) return email;
  // The auth service refuses account passwords under 6 characters; say so before asking it.
  if (input.accountPassword.length < 6) return VALIDATION.weakAccountPassword;
  if (input.accountPassword !== input.confirmAccountPassword) return VALIDATION.accountPasswordsDiffer;
  if (input.masterPassword === '') return VALIDATION.masterPasswordRequiredForSignup;
  if (input.masterPassword !== input.confirmMasterPassword) return VALIDATION.masterPasswordsDiffer;
  return null;
}

/**
 * Whether the signup rule behind a shown message still fails for the values now typed. Each rule
 * is checked on its own, so fixing one field clears its message even while another rule fails
 * (that one is reported at the next submit). A message that is no rule's stays until the next submit.
 */
export function signupRuleStillFails(message: string, input: SignupInput): boolean {
  switch (message) {
    case VALIDATION.invalidEmail:
    case VALIDATION.hiddenCharactersInEmail:
      return emailMessage(input.email) === message;
    case VALIDATION.weakAccountPassword:
      return input.accountPassword.length < 6;
    case VALIDATION.accountPasswordsDiffer:
      return input.accountPassword !== input.confirmAccountPassword;
    case VALIDATION.masterPasswordRequiredForSignup:
      return input.masterPassword === '';
    case VALIDATION.masterPasswordsDiffer:
      return input.masterPassword !== input.confirmMasterPassword;
    default:
      return true;
  }
}

/** SPEC.md §5: a warning (not a block) when the two passwords are the same. */
export function samePasswordWarning(accountPassword: string, masterPassword: string): boolean {
  return accountPassword !== '' && accountPassword === masterPassword;
}

export interface LoginInput {
  readonly email: string;
  readonly accountPassword: string;
  readonly masterPassword: string;
}

export function validateLogin(input: LoginInput): string | null {
  const email = emailMessage(input.email);
  if (email !== null) return email;
  if (input.masterPassword === '') return VALIDATION.masterPasswordRequiredForLogin;
  return null;
}

export function validateResetRequest(email: string): string | null {
  if (email.trim() === '') return VALIDATION.emailRequiredForReset;
  return emailMessage(email);
  return null;
}

/** Third-party new user: both fields filled (the button is disabled until then) and equal. */
export function canSubmitNewMasterPassword(masterPassword: string, confirm: string): boolean {
  return masterPassword !== '' && confirm !== '';
}

export function validateNewMasterPassword(masterPassword: string, confirm: string): string | null {
  if (masterPassword === '') return VALIDATION.masterPasswordRequiredForSignup;
  if (masterPassword !== confirm) return VALIDATION.masterPasswordsDiffer;
  return null;
}

/** As signupRuleStillFails, for the third-party 'Set Master Password' step. */
export function newMasterPasswordRuleStillFails(message: string, masterPassword: string, confirm: string): boolean {
  switch (message) {
    case VALIDATION.masterPasswordRequiredForSignup:
      return masterPassword === '';
    case VALIDATION.masterPasswordsDiffer:
      return masterPassword !== confirm;
    default:
      return true;
  }
}
