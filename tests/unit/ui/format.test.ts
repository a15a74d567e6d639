import { describe, expect, it } from 'vitest';
import { SENTENCE_LOCALE, countOf, formatCount, formatDate, sentenceDate, validDate } from '../../../src/ui/format';

describe('format: counts are written the English way on every machine', () => {
  it('groups thousands with commas', () => {
    expect(SENTENCE_LOCALE).toBe('en-US');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1200)).toBe('1,200');
    expect(formatCount(600000)).toBe('600,000');
  });

  it('says one thing in the singular and every other count in the plural', () => {
    expect(countOf(1, 'member')).toBe('1 member');
    expect(countOf(0, 'member')).toBe('0 members');
    expect(countOf(2, 'day')).toBe('2 days');
    expect(countOf(1200, 'team')).toBe('1,200 teams');
    expect(countOf(2, 'password matches', 'passwords match')).toBe('2 passwords match');
    expect(countOf(1, 'password matches', 'passwords match')).toBe('1 password matches');
  });
});

describe('format: a date on its own follows the user’s locale', () => {
  const at = Date.UTC(2026, 10, 22, 12, 0);

  it('writes each style as Intl does for that locale', () => {
    expect(formatDate(at, 'shortMonth', 'en-GB')).toBe('22 Nov 2026');
    expect(formatDate(at, 'shortMonth', 'en-US')).toBe('Nov 22, 2026');
    expect(formatDate(at, 'longMonth', 'en-US')).toBe('November 22, 2026');
    expect(formatDate(at, 'medium', 'en-US')).toBe('Nov 22, 2026');
    expect(formatDate(at, 'mediumWithTime', 'en-US')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    );
  });

  it('uses the user’s locale when none is pinned', () => {
    expect(formatDate(at, 'medium')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(at));
  });

  it('writes a date inside a sentence the way the sentence is, whatever the machine', () => {
    expect(sentenceDate(at, 'longMonth')).toBe('November 22, 2026');
    expect(sentenceDate(at, 'shortMonth')).toBe('Nov 22, 2026');
    expect(sentenceDate(Number.NaN, 'longMonth')).toBeNull();
  });

  it('says null for what is not a date, instead of throwing', () => {
    expect(formatDate(Number.NaN, 'medium')).toBeNull();
    expect(validDate(Number.NaN)).toBeNull();
    expect(validDate(at)?.getTime()).toBe(at);
  });
});
