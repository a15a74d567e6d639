// The pure part of sendMfaEnrollmentNotification and sendMfaRemovalNotification: the payload's
// method, who gets the notice, whether an enrolment notice is true, and whether the caller's hourly
// allowance has room for it. No I/O here (the shell is sendMfaNotifications.ts).
import { MFA_METHOD_MESSAGE, mfaNoticeRequest } from '@keyloft/contract/callables/account';
import { MFA_METHOD_LABELS, type MfaMethod } from '@keyloft/contract/mfa';
import { parsePayload } from '../lib/payload';
import { NOTICE_WINDOW_MS, NOTIFICATION_MESSAGES, WITHHOLD } from './decide';

export type MfaNoticeKind = 'enrollment' | 'removal';

/** Notices per user per rolling hour, for each kind: a few real changes fit, a flood does not. */
export const MFA_NOTICES_PER_HOUR = 5;

export const MFA_NOTICE_MESSAGES = {
  badMethod: MFA_METHOD_MESSAGE,
  noEmail: NOTIFICATION_MESSAGES.noEmail,
  tooManyEnrollment: 'Too many two-factor enrolment notifications. Please try again in an hour.',
  tooManyRemoval: 'Too many two-factor removal notifications. Please try again in an hour.',
} as const;

/** Refusal of an enrolment notice for a method the account does not have. */
export function notEnrolledMessage(method: MfaMethod): string {
  return `This account has no ${MFA_METHOD_LABELS[method]} two-factor method enrolled, so there is nothing to notify about.`;
}

/** rateLimits/{key} of a user's notices of one kind (server only, like the other notice limits). */
export const mfaNoticesKey = (kind: MfaNoticeKind, uid: string): string => `mfa-${kind}-notices-${uid}`;

/** The payload `{ mfaMethod: 'phone' | 'totp' }` and nothing else, or invalid-argument. */
export function parseMfaNoticePayload(data: unknown): { readonly mfaMethod: MfaMethod } {
  return parsePayload(mfaNoticeRequest, data);
}

export type MfaNoticeDecision =
  | { readonly kind: 'refuse'; readonly code: 'failed-precondition' | 'resource-exhausted'; readonly message: string }
  | typeof WITHHOLD
  | { readonly kind: 'send'; readonly to: string; readonly times: readonly number[] };

export interface MfaNoticeFacts {
  readonly notice: MfaNoticeKind;
  readonly method: MfaMethod;
  /** The Auth account's address, which is where the notice goes: never one from the payload. */
  readonly email: string | undefined;
  /** The Auth account's emailVerified: notices go only to a proven address (see WITHHOLD). */
  readonly emailVerified: boolean;
  /** The factor ids the Auth account has enrolled now ('phone', 'totp'). */
  readonly enrolledFactorIds: readonly string[];
  /** When this user's earlier notices of this kind were sent, as rateLimits holds them. */
  readonly sent: readonly number[];
  readonly now: number;
}

export function decideMfaNotice(facts: MfaNoticeFacts): MfaNoticeDecision {
  const to = facts.email?.trim() ?? '';
  if (to === '') return { kind: 'refuse', code: 'failed-precondition', message: MFA_NOTICE_MESSAGES.noEmail };
  if (!facts.emailVerified) return WITHHOLD;
  // An enrolment notice says a factor was added: only true if the account has one of that method.
  // A removal leaves nothing to check (another factor of the same method may remain).
  if (facts.notice === 'enrollment' && !facts.enrolledFactorIds.includes(facts.method)) {
    return { kind: 'refuse', code: 'failed-precondition', message: notEnrolledMessage(facts.method) };
  }
  const recent = facts.sent.filter((at) => facts.now - at < NOTICE_WINDOW_MS && at <= facts.now);
  if (recent.length >= MFA_NOTICES_PER_HOUR) {
    const message = facts.notice === 'enrollment' ? MFA_NOTICE_MESSAGES.tooManyEnrollment : MFA_NOTICE_MESSAGES.tooManyRemoval;
    return { kind: 'refuse', code: 'resource-exhausted', message };
  }
  return { kind: 'send', to, times: [...recent, facts.now] };
}
