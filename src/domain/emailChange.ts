// Email change (SPEC.md §4, §5): the rules the dialog and the callables share. Pure: no I/O.
import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from './emailAddress';
import { isEmailShape, normalizeEmail } from './invitations';

/** How long an emailed confirmation link works. */
export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;
/** Confirmation emails one user may ask for per rolling hour. */
export const EMAIL_CHANGES_PER_HOUR = 5;
/** Test emails one user may ask for per rolling hour. */
export const TEST_EMAILS_PER_HOUR = 5;

export const EMAIL_CHANGE_MESSAGES = Object.freeze({
  // SPEC.md §5, email change:
  required: 'Email address is required.',
  invalid: 'Please enter a valid email address.',
  same: 'New email address must be different from current email.',
  // SPEC.md §8, account:
  sendFailed: 'Failed to send email change confirmation. Please try again.',
  // Not worded by the spec:
  hiddenCharacters: HIDDEN_CHARACTERS_MESSAGE,
  inUse: 'This email address is already used by another account.',
  tooMany: 'Too many email change requests. Please try again later.',
  invalidLink: 'This email change link is invalid or has already been used.',
  expired: 'This email change link has expired. Please request a new one from Account Settings.',
  mismatch: 'This email change link does not match the new email address.',
});

/** The new address, normalised, or the §5 message that refuses it. */
export function checkNewEmail(
  newEmail: string,
  currentEmail: string | null,
): { readonly ok: true; readonly email: string } | { readonly ok: false; readonly message: string } {
  const email = normalizeEmail(newEmail);
  if (email === '') return { ok: false, message: EMAIL_CHANGE_MESSAGES.required };
  if (hasHiddenCharacters(email)) return { ok: false, message: EMAIL_CHANGE_MESSAGES.hiddenCharacters };
  if (!isEmailShape(email)) return { ok: false, message: EMAIL_CHANGE_MESSAGES.invalid };
  if (currentEmail !== null && normalizeEmail(currentEmail) === email) return { ok: false, message: EMAIL_CHANGE_MESSAGES.same };
  return { ok: true, email };
}
