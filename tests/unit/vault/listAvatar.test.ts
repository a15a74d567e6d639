import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, avatarLetter } from '../../../src/features/vault/list/avatar';

describe('avatarLetter', () => {
  it('is the first character of the title, upper-cased', () => {
    expect(avatarLetter('github', null)).toBe('G');
    expect(avatarLetter('  über', null)).toBe('Ü');
    expect(avatarLetter('1Password', null)).toBe('1');
  });

  it('keeps a character outside the BMP whole', () => {
    expect(avatarLetter('🔑 Keys', null)).toBe('🔑');
  });

  it('falls back to the url’s host, without www, then to ?', () => {
    expect(avatarLetter('', 'https://www.example.com/login')).toBe('E');
    expect(avatarLetter('   ', 'bank.example')).toBe('B');
    expect(avatarLetter('', 'not a url')).toBe('N');
    expect(avatarLetter('', null)).toBe('?');
    expect(avatarLetter('', '')).toBe('?');
  });
});

describe('avatarColour', () => {
  it('is a token colour, the same for the same title', () => {
    for (const title of ['GitHub', 'First Bank', 'Mail', '', 'ü']) {
      expect(AVATAR_COLOURS).toContain(avatarColour(title));
      expect(avatarColour(title)).toBe(avatarColour(title));
    }
    expect(avatarColour('GitHub')).toBe(avatarColour(' github '));
  });

  it('spreads titles over the colours', () => {
    const titles = Array.from({ length: 60 }, (_, n) => `Account ${n}`);
    expect(new Set(titles.map(avatarColour)).size).toBe(AVATAR_COLOURS.length);
  });

  it('only uses colours of the design tokens', () => {
    for (const colour of AVATAR_COLOURS) expect(colour).toMatch(/^var\(--color-[a-z-]+\)$/);
  });
});
