// The pure part of sendMasterPasswordChangeNotification: who gets the notice, and whether the
// caller's hourly allowance has room for it. No I/O here.

/** Notices per user per rolling hour: enough for a few real changes, too few to flood an inbox. */
export const MASTER_PASSWORD_NOTICES_PER_HOUR = 5;
export const NOTICE_WINDOW_MS = 60 * 60 * 1000;

export const NOTIFICATION_MESSAGES = {
  noEmail: 'This account has no email address to notify.',
  tooMany: 'Too many master password change notifications. Please try again in an hour.',
} as const;

/** rateLimits/{key} of a user's master-password notices (server only, like the invitation limits). */
export const masterPasswordNoticesKey = (uid: string): string => `master-password-notices-${uid}`;

export type NoticeDecision =
  | { readonly kind: 'refuse'; readonly code: 'failed-precondition' | 'resource-exhausted'; readonly message: string }
  | { readonly kind: 'send'; readonly to: string; readonly times: readonly number[] };

export interface NoticeFacts {
  /** The Auth account's address, which is where the notice goes: never one from the payload. */
  readonly email: string | undefined;
  /** When this user's earlier notices were sent, as rateLimits holds them. */
  readonly sent: readonly number[];
  readonly now: number;
}

export function decideMasterPasswordNotice(facts: NoticeFacts): NoticeDecision {
  const to = facts.email?.trim() ?? '';
  if (to === '') return { kind: 'refuse', code: 'failed-precondition', message: NOTIFICATION_MESSAGES.noEmail };
  const recent = facts.sent.filter((at) => facts.now - at < NOTICE_WINDOW_MS && at <= facts.now);
  if (recent.length >= MASTER_PASSWORD_NOTICES_PER_HOUR) {
    return { kind: 'refuse', code: 'resource-exhausted', message: NOTIFICATION_MESSAGES.tooMany };
  }
  return { kind: 'send', to, times: [...recent, facts.now] };
}
