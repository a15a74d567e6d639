import { AuthServiceError } from '../../data/auth/authGateway';

/** Which emailed link failed: the wording differs where the user's next step differs. */
export type EmailLinkFlow = 'verifyEmail' | 'resetPassword';

/** SPEC §8, auth table. */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact support.';
/** SPEC §8, auth table. */
export const WEAK_PASSWORD_MESSAGE = 'Password is too weak. Please choose a stronger password.';
/** SPEC §8, auth table. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
/** SPEC §5, password reset page: a reset code the service rejects as invalid. */
export const INVALID_RESET_CODE_MESSAGE = 'Invalid reset code.';

/** The service's code when `error` is an AuthServiceError; anything else has none we can trust. */
export function authErrorCode(error: unknown): string | null {
  return error instanceof AuthServiceError ? error.code : null;
}

/** The message the verification and reset pages show for a failed call to the auth service. */
export function actionCodeErrorMessage(error: unknown, flow: EmailLinkFlow): string {
  const verifying = flow === 'verifyEmail';
  switch (authErrorCode(error)) {
    case 'auth/expired-action-code':
      return verifying
        ? 'This verification link has expired. Sign in to request a new verification email.'
        : 'This password reset link has expired. Request a new one from the sign-in screen.';
    case 'auth/invalid-action-code':
      return verifying
        ? 'This verification link is invalid or has already been used. ' +
            'If your email is not verified yet, sign in to request a new one.'
        : INVALID_RESET_CODE_MESSAGE;
    case 'auth/user-disabled':
      return ACCOUNT_DISABLED_MESSAGE;
    case 'auth/user-not-found':
      return verifying
        ? 'We could not find the account this verification link was sent for. It may have been deleted.'
        : 'We could not find the account this reset link was sent for. It may have been deleted.';
    case 'auth/weak-password':
      return WEAK_PASSWORD_MESSAGE;
    case 'auth/requires-recent-login':
      return verifying
        ? 'For your security, please sign in again, then open the link once more.'
        : 'For your security, please sign in again, then request a new password reset link.';
    case 'auth/network-request-failed':
      return NETWORK_ERROR_MESSAGE;
    default:
      return verifying
        ? 'Something went wrong while verifying your email. Please try again.'
        : 'Something went wrong while resetting your password. Please try again.';
  }
}

const LINK_UNUSABLE = new Set([
  'auth/expired-action-code',
  'auth/invalid-action-code',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/requires-recent-login',
]);

/**
 * False when repeating the same call with the same link cannot succeed (expired, used or
 * malformed link, missing or disabled account, sign-in needed): the page then stops offering a retry
 * or the form. A weak password, a network failure or an unknown error can be retried.
 */
export function canRetryActionCode(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === null || !LINK_UNUSABLE.has(code);
}
