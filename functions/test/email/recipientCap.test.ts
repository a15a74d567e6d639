import { describe, expect, it } from 'vitest';
import {
  RECIPIENT_CAP_MESSAGE,
  RECIPIENT_EMAILS_PER_DAY,
  RECIPIENT_EMAILS_PER_HOUR,
  RECIPIENT_HOUR_MS,
  RECIPIENT_HOURLY_CAP_MESSAGE,
  RECIPIENT_LIMITS,
  RECIPIENT_WINDOW_MS,
  decideRecipientEmail,
  readRecipientSends,
  recipientCapKey,
  recipientCapMessage,
  type RecipientSend,
} from '../../src/email/recipientCap';

const NOW = Date.UTC(2026, 10, 25, 12, 0);

function sendAll(kind: RecipientSend['kind'], count: number, start: readonly RecipientSend[] = []): RecipientSend[] {
  let sends = [...start];
  for (let index = 0; index < count; index += 1) {
    // An hour apart, so that only the day's limits are in play (the hour's have their own tests).
    const decision = decideRecipientEmail(sends, kind, NOW + sends.length * RECIPIENT_HOUR_MS);
    if (!decision.allowed) throw new Error(`refused after ${String(index)}`);
    sends = decision.sends;
  }
  return sends;
}

describe('the per-recipient email cap', () => {
  it('keys the counter by a SHA-256 of the trimmed, lower-cased address, never the address', () => {
    const key = recipientCapKey('  Ana@Example.COM ');
    expect(key).toBe(recipientCapKey('ana@example.com'));
    expect(key).toMatch(/^recipient-[0-9a-f]{64}$/);
    expect(key).not.toContain('ana');
    expect(recipientCapKey('bob@example.com')).not.toBe(key);
  });

  it('allows 3 invitation emails a day to one address and refuses the 4th', () => {
    expect(RECIPIENT_LIMITS.invitation).toBe(3);
    const sends = sendAll('invitation', 3);
    expect(decideRecipientEmail(sends, 'invitation', NOW + 3 * RECIPIENT_HOUR_MS)).toEqual({ allowed: false, full: 'day' });
  });

  it('counts each kind on its own within a total for all kinds together', () => {
    const invitations = sendAll('invitation', RECIPIENT_LIMITS.invitation);
    expect(decideRecipientEmail(invitations, 'verification', NOW + 3 * RECIPIENT_HOUR_MS).allowed).toBe(true);
    const mixed = sendAll('email-change', RECIPIENT_LIMITS['email-change'], invitations);
    expect(mixed).toHaveLength(RECIPIENT_EMAILS_PER_DAY);
    expect(decideRecipientEmail(mixed, 'verification', NOW + 6 * RECIPIENT_HOUR_MS)).toEqual({ allowed: false, full: 'day' });
  });

  it('forgets sends older than 24 hours and keeps only the recent ones', () => {
    const old: RecipientSend[] = [1, 2, 3].map(() => ({ at: NOW - RECIPIENT_WINDOW_MS, kind: 'invitation' }));
    expect(decideRecipientEmail([...old, { at: NOW - 1000, kind: 'invitation' }], 'invitation', NOW)).toEqual({
      allowed: true,
      sends: [
        { at: NOW - 1000, kind: 'invitation' },
        { at: NOW, kind: 'invitation' },
      ],
    });
  });

  it('allows 3 emails of any kinds to one address in a rolling hour and refuses the 4th until the oldest is an hour old', () => {
    expect(RECIPIENT_EMAILS_PER_HOUR).toBe(3);
    const hour: RecipientSend[] = [
      { at: NOW, kind: 'invitation' },
      { at: NOW + 1, kind: 'invitation' },
      { at: NOW + 2, kind: 'verification' },
    ];
    // Neither kind has used its day: the hour alone refuses.
    expect(decideRecipientEmail(hour, 'email-change', NOW + 3)).toEqual({ allowed: false, full: 'hour' });
    expect(decideRecipientEmail(hour, 'invitation', NOW + RECIPIENT_HOUR_MS - 1)).toEqual({ allowed: false, full: 'hour' });
    expect(decideRecipientEmail(hour, 'email-change', NOW + RECIPIENT_HOUR_MS)).toEqual({
      allowed: true,
      sends: [...hour, { at: NOW + RECIPIENT_HOUR_MS, kind: 'email-change' }],
    });
  });

  it('says a full day before a full hour, and in different words', () => {
    const three = [0, 1, 2].map((at): RecipientSend => ({ at: NOW + at, kind: 'invitation' }));
    expect(decideRecipientEmail(three, 'invitation', NOW + 3)).toEqual({ allowed: false, full: 'day' });
    expect(recipientCapMessage('day')).toBe(RECIPIENT_CAP_MESSAGE);
    expect(recipientCapMessage('hour')).toBe(RECIPIENT_HOURLY_CAP_MESSAGE);
    expect(RECIPIENT_HOURLY_CAP_MESSAGE).toBe('This email address has received too many emails from Keyloft in the last hour. Please try again in an hour.');
  });

  it('reads only well-formed sends from a stored counter', () => {
    expect(readRecipientSends(undefined)).toEqual([]);
    expect(readRecipientSends('x')).toEqual([]);
    expect(readRecipientSends([{ at: 1, kind: 'invitation' }, { at: 'x', kind: 'invitation' }, { at: 2, kind: 'spam' }, null, 3])).toEqual([
      { at: 1, kind: 'invitation' },
    ]);
  });
});
