import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/email/links';

describe('extractLinks', () => {
  it('finds http and https links in order', () => {
    expect(extractLinks('Open https://keyloft.app/a then http://127.0.0.1:5173/b?x=1&y=2 now')).toEqual([
      'https://keyloft.app/a',
      'http://127.0.0.1:5173/b?x=1&y=2',
    ]);
  });

  it('keeps a link on a line of its own whole, including an encoded query', () => {
    const link = 'http://127.0.0.1:5173/verify-email?mode=verifyEmail&oobCode=a%2Bb%3D';
    expect(extractLinks(`Verify email address:\n${link}\n\n— The Keyloft team`)).toEqual([link]);
  });

  it('drops sentence punctuation after a link', () => {
    expect(extractLinks('See https://keyloft.app/help. Or (https://keyloft.app/faq), thanks!')).toEqual([
      'https://keyloft.app/help',
      'https://keyloft.app/faq',
    ]);
  });

  it('lists a repeated link once', () => {
    expect(extractLinks('https://keyloft.app https://keyloft.app')).toEqual(['https://keyloft.app']);
  });

  it('ignores other schemes, bare hosts and empty text', () => {
    expect(extractLinks('mailto:a@b.c javascript:alert(1) keyloft.app ftp://x.y https:// ')).toEqual([]);
    expect(extractLinks('')).toEqual([]);
  });

  it('stops at markup and quotes', () => {
    expect(extractLinks('<a href="https://keyloft.app/x">https://keyloft.app/y</a>')).toEqual([
      'https://keyloft.app/x',
      'https://keyloft.app/y',
    ]);
  });
});
