import { createHash } from 'node:crypto';
import { RECIPIENT_CAP_MESSAGE, RECIPIENT_HOURLY_CAP_MESSAGE } from '@keyloft/contract/emailAddress';

// The per-recipient email cap (docs/email.md, "Email cap"): whoever sends and whatever the reason,
// an address that nobody has proven gets at most a few Keyloft emails a day. Per-sender and
// per-invitation limits alone let many accounts, or one account cancelling and re-inviting, flood
// a stranger (issue #16 item 5). Pure: the shell is recipientCapStore.ts.

/** Emails that go to an address the sender chose and nobody has proven yet. */
export type CappedEmailKind = 'invitation' | 'verification' | 'email-change';

export const RECIPIENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Of each kind, per recipient per rolling 24 h. */
export const RECIPIENT_LIMITS: Readonly<Record<CappedEmailKind, number>> = {
  invitation: 3,
  verification: 3,
  'email-change': 3,
};

/** All kinds together, per recipient per rolling 24 h. */
export const RECIPIENT_EMAILS_PER_DAY = 6;

/**
 * All kinds together, per recipient per rolling hour (issue #41): the day's allowance cannot
 * arrive at once, however many teams or accounts send. Not lower: one invitation may be sent
 * three times (EMAILS_PER_INVITATION), and an invitee who signs up needs a verification email.
 */
export const RECIPIENT_HOUR_MS = 60 * 60 * 1000;
export const RECIPIENT_EMAILS_PER_HOUR = 3;

// The same words whoever asks and whether or not the address has an account: the refusal must
// not tell an inviter anything about the invitee. Shared with the screens that show it.
export { RECIPIENT_CAP_MESSAGE, RECIPIENT_HOURLY_CAP_MESSAGE };

export interface RecipientSend {
  readonly at: number;
  readonly kind: CappedEmailKind;
}

/**
 * rateLimits/{key} of one recipient: a SHA-256 of the trimmed, lower-cased address, so that the
 * counter names nobody (and the addresses of people who never signed up are not collected).
 */
export function recipientCapKey(email: string): string {
  return `recipient-${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;
}

const KINDS: ReadonlySet<string> = new Set(Object.keys(RECIPIENT_LIMITS));

/** The sends a stored counter holds; anything malformed is dropped. */
export function readRecipientSends(value: unknown): RecipientSend[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { at, kind } = item as { at?: unknown; kind?: unknown };
    return typeof at === 'number' && Number.isFinite(at) && typeof kind === 'string' && KINDS.has(kind)
      ? [{ at, kind: kind as CappedEmailKind }]
      : [];
  });
}

export type RecipientDecision =
  | { readonly allowed: true; readonly sends: RecipientSend[] }
  | { readonly allowed: false; readonly full: 'day' | 'hour' };

/**
 * Whether one more email of `kind` may go to this recipient, and the sends to store if so. A full
 * day is reported before a full hour: 'try again tomorrow' is then the true answer.
 */
export function decideRecipientEmail(sends: readonly RecipientSend[], kind: CappedEmailKind, now: number): RecipientDecision {
  const recent = sends.filter((send) => now - send.at < RECIPIENT_WINDOW_MS && send.at <= now);
  const ofKind = recent.filter((send) => send.kind === kind).length;
  if (ofKind >= RECIPIENT_LIMITS[kind] || recent.length >= RECIPIENT_EMAILS_PER_DAY) return { allowed: false, full: 'day' };
  const lastHour = recent.filter((send) => now - send.at < RECIPIENT_HOUR_MS).length;
  if (lastHour >= RECIPIENT_EMAILS_PER_HOUR) return { allowed: false, full: 'hour' };
  return { allowed: true, sends: [...recent, { at: now, kind }] };
}

/** The refusal's words for a full day or a full hour. */
export function recipientCapMessage(full: 'day' | 'hour'): string {
  return full === 'day' ? RECIPIENT_CAP_MESSAGE : RECIPIENT_HOURLY_CAP_MESSAGE;
}
