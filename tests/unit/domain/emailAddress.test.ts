import { describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from '@keyloft/contract/emailAddress';
import { isEmailShape } from '@keyloft/contract/invitations';

// Every bidi control and zero-width character issue #16 item 9 names, by code point.
const HIDDEN = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff,
].map((code) => String.fromCodePoint(code));

describe('hasHiddenCharacters', () => {
  it.each(HIDDEN.map((char) => [`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, char]))('finds %s anywhere', (_name, char) => {
    expect(hasHiddenCharacters(`ana${char}@example.com`)).toBe(true);
    expect(hasHiddenCharacters(`${char}ana@example.com`)).toBe(true);
    expect(hasHiddenCharacters(`ana@example.com${char}`)).toBe(true);
  });

  it('passes ordinary and international addresses', () => {
    for (const email of ['ana@example.com', 'ana.bo+tag@sub.example.co.uk', 'josé@exämple.de', 'مرحبا@example.com']) {
      expect(hasHiddenCharacters(email)).toBe(false);
    }
  });

  it('says what is wrong', () => {
    expect(HIDDEN_CHARACTERS_MESSAGE).toBe('Email addresses cannot contain invisible or text-direction characters.');
  });
});

describe('isEmailShape', () => {
  it('is false for an address with any hidden character, whatever else checks it', () => {
    for (const char of HIDDEN) expect(isEmailShape(`ana${char}@example.com`)).toBe(false);
    expect(isEmailShape('ana@example.com')).toBe(true);
  });
});
