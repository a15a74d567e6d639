import { describe, expect, it } from 'vitest';
import {
  RECIPIENT_EMAILS_PER_DAY,
  RECIPIENT_LIMITS,
  RECIPIENT_WINDOW_MS,
  decideRecipientEmail,
  readRecipientSends,
  recipientCapKey,
  type RecipientSend,
} from '../../src/email/recipientCap';

const NOW = Date.UTC(2026, 10, 25, 12, 0);

function sendAll(kind: RecipientSend['kind'], count: number, start: readonly RecipientSend[] = []): RecipientSend[] {
  let sends = [...start];
  for (let index = 0; index < count; index += 1) {
    const decision = decideRecipientEmail(sends, kind, NOW + sends.length);
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
    expect(decideRecipientEmail(sends, 'invitation', NOW + 10)).toEqual({ allowed: false });
  });

  it('counts each kind on its own within a total for all kinds together', () => {
    const invitations = sendAll('invitation', RECIPIENT_LIMITS.invitation);
    expect(decideRecipientEmail(invitations, 'verification', NOW + 10).allowed).toBe(true);
    const mixed = sendAll('email-change', RECIPIENT_LIMITS['email-change'], invitations);
    expect(mixed).toHaveLength(RECIPIENT_EMAILS_PER_DAY);
    expect(decideRecipientEmail(mixed, 'verification', NOW + 10)).toEqual({ allowed: false });
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

  it('reads only well-formed sends from a stored counter', () => {
    expect(readRecipientSends(undefined)).toEqual([]);
    expect(readRecipientSends('x')).toEqual([]);
    expect(readRecipientSends([{ at: 1, kind: 'invitation' }, { at: 'x', kind: 'invitation' }, { at: 2, kind: 'spam' }, null, 3])).toEqual([
      { at: 1, kind: 'invitation' },
    ]);
  });
});
