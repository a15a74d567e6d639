import { CallableError } from '../../data/functions/callableError';
import { EMAIL_CHANGE_MESSAGES } from '@keyloft/contract/emailChange';
import { NETWORK_ERROR_MESSAGE } from './actionCodeErrors';

// What /verify-email-change shows when verifyEmailChangeToken refuses. The refusals that concern
// the link itself carry our own wording (src/domain/emailChange.ts); anything else is generic.

export const EMAIL_CHANGE_GENERIC_ERROR = 'Something went wrong while changing your email address. Please try again.';

const LINK_CODES = new Set(['not-found', 'failed-precondition', 'invalid-argument', 'already-exists']);
const KNOWN_MESSAGES = new Set<string>(Object.values(EMAIL_CHANGE_MESSAGES));

export function emailChangeErrorMessage(error: unknown): string {
  if (error instanceof CallableError) {
    if (LINK_CODES.has(error.code)) return KNOWN_MESSAGES.has(error.message) ? error.message : EMAIL_CHANGE_MESSAGES.invalidLink;
    if (error.code === 'unavailable') return NETWORK_ERROR_MESSAGE;
  }
  return EMAIL_CHANGE_GENERIC_ERROR;
}

/** A refusal about the link cannot succeed by trying again; a failure of the service may. */
export function canRetryEmailChange(error: unknown): boolean {
  return !(error instanceof CallableError && LINK_CODES.has(error.code));
}
