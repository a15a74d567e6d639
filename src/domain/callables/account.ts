import * as z from 'zod/mini';
import { isMfaMethod, type MfaMethod } from '../mfa';
import { fieldOf, optionalFlag, requiredText } from './fields';

// The account callables' contract (SPEC.md §7): the verification and email-change mails, the test
// email, the security notices and account deletion.

export const NO_ARGUMENTS_MESSAGE = 'This call takes no arguments.';

/**
 * For callables that take no arguments (deleteAccount, downgradeToFree,
 * sendMasterPasswordChangeNotification): only null, undefined or {} pass. Anything else (a string,
 * a 10k array, `{ confirm: false }`, `{ planId: 'unlimited' }`) is refused rather than ignored, so
 * a caller never believes something it sent was honoured.
 */
export const noArgumentsRequest = fieldOf(
  (value): value is Record<string, never> | null | undefined =>
    value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0),
  NO_ARGUMENTS_MESSAGE,
);

export const verificationRequest = z.looseObject({ isDevelopment: optionalFlag('isDevelopment') });

export const emailChangeRequest = z.looseObject({ newEmail: requiredText('newEmail', 320), isDevelopment: optionalFlag('isDevelopment') });

export const verifyEmailChangeRequest = z.looseObject({ token: requiredText('token', 64), newEmail: requiredText('newEmail', 320) });

export const testEmailRequest = z.looseObject({ email: requiredText('email', 320) });

export const MFA_METHOD_MESSAGE = "mfaMethod must be 'phone' (text message) or 'totp' (authenticator app).";

/** sendMfaEnrollmentNotification and sendMfaRemovalNotification. */
export const mfaNoticeRequest = z.strictObject({ mfaMethod: fieldOf<MfaMethod>(isMfaMethod, MFA_METHOD_MESSAGE) });

/** The mails' acknowledgement (verification, email change, test email, the notices). */
export const sentReply = z.object({ sent: z.literal(true) });

export const emailChangedReply = z.object({ changed: z.literal(true), email: z.string() });

/** deleteAccount; a reply without a message reads as an empty one. */
export const deleteAccountReply = z.object({ success: z.literal(true), message: z.catch(z.string(), '') });
export type DeleteAccountReply = z.output<typeof deleteAccountReply>;
