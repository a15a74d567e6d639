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

/**
 * An unverified address may be a stranger's, typed in by whoever signed up: a security notice
 * sent there would be a spoofable email to someone who never chose Keyloft (issue #16 item 7).
 * Nothing is sent and nothing is counted, and the caller gets the same reply as for a sent notice,
 * so the callable cannot be used to learn anything about the address.
 */
export const WITHHOLD = { kind: 'withhold' } as const;

export type NoticeDecision =
  | { readonly kind: 'refuse'; readonly code: 'failed-precondition' | 'resource-exhausted'; readonly message: string }
  | typeof WITHHOLD
  | { readonly kind: 'send'; readonly to: string; readonly times: readonly number[] };

export interface NoticeFacts {
  /** The Auth account's address, which is where the notice goes: never one from the payload. */
  readonly email: string | undefined;
  /** The Auth account's emailVerified: notices go only to a proven address. */
  readonly emailVerified: boolean;
  /** When this user's earlier notices were sent, as rateLimits holds them. */
  readonly sent: readonly number[];
  readonly now: number;
}

export function decideMasterPasswordNotice(facts: NoticeFacts): NoticeDecision {
  const to = facts.email?.trim() ?? '';
  if (to === '') return { kind: 'refuse', code: 'failed-precondition', message: NOTIFICATION_MESSAGES.noEmail };
  if (!facts.emailVerified) return WITHHOLD;
  const recent = facts.sent.filter((at) => facts.now - at < NOTICE_WINDOW_MS && at <= facts.now);
  if (recent.length >= MASTER_PASSWORD_NOTICES_PER_HOUR) {
    return { kind: 'refuse', code: 'resource-exhausted', message: NOTIFICATION_MESSAGES.tooMany };
  }
  return { kind: 'send', to, times: [...recent, facts.now] };
}
