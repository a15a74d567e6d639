import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  InvalidCiphertextError,
  base64ToBytes,
  base64UrlToBytes,
  bytesToBase64,
  bytesToBase64Url,
  utf8Decode,
  utf8Encode,
} from '../../../src/crypto';
import { concatToBase64 } from '../../../src/crypto/encoding';

describe('base64', () => {
  it('matches node for every length 0..64 and round-trips', () => {
    for (let length = 0; length <= 64; length++) {
      const bytes = new Uint8Array(nodeRandomBytes(length));
      const encoded = bytesToBase64(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
      expect(base64ToBytes(encoded)).toEqual(bytes);
    }
  });

  it('matches node on both sides of the table encoder\'s limit, and for every byte value in each position', () => {
    for (const length of [4094, 4095, 4096, 4097, 4098, 4099]) {
      const bytes = new Uint8Array(nodeRandomBytes(length));
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
    for (let value = 0; value < 256; value++) {
      for (const bytes of [[value], [value, 255 - value], [value, 255 - value, value ^ 0x5a]]) {
        expect(bytesToBase64(new Uint8Array(bytes))).toBe(Buffer.from(bytes).toString('base64'));
      }
    }
  });

  it('encodes two byte runs as their concatenation, whatever their lengths', () => {
    for (const [head, tail] of [[0, 0], [12, 0], [12, 1], [12, 2], [12, 131], [1, 5], [2, 12], [4084, 12], [12, 4084], [12, 4085], [3000, 3000]] as const) {
      const first = new Uint8Array(nodeRandomBytes(head));
      const second = new Uint8Array(nodeRandomBytes(tail));
      expect(concatToBase64(first, second)).toBe(Buffer.concat([first, second]).toString('base64'));
    }
  });

  it('handles inputs larger than one String.fromCharCode chunk', () => {
    const bytes = new Uint8Array(nodeRandomBytes(200_000));
    const encoded = bytesToBase64(bytes);
    expect(encoded === Buffer.from(bytes).toString('base64')).toBe(true);
    // Buffer.equals: a deep toEqual over 200,000 elements takes most of a second.
    expect(Buffer.from(base64ToBytes(encoded)).equals(bytes)).toBe(true);
  });

  it.each([
    ['bad length', 'abc'],
    ['missing padding', 'QQ'],
    ['characters outside the alphabet', 'ab$='],
    ['url alphabet', 'ab-_'],
    ['whitespace', 'QU JD'],
    ['trailing newline', 'QUJD\n'],
    ['padding in the middle', 'QQ==QUJD'],
    ['non-zero trailing bits', 'QR=='],
    ['too much padding', 'Q==='],
  ])('rejects %s', (_label, input) => {
    expect(() => base64ToBytes(input)).toThrow(InvalidCiphertextError);
  });

  it('rejects a non-string at runtime', () => {
    expect(() => base64ToBytes(42 as unknown as string)).toThrow(InvalidCiphertextError);
  });

  it('accepts exactly the spellings that re-encode to themselves, for every last character before either padding', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    for (const last of alphabet) {
      for (const input of [`QU${last}=`, `Q${last}==`, `QUJDQU${last}=`, `QUJDQ${last}==`]) {
        // node decodes leniently; a spelling is canonical when node's encoding of the bytes gives it back.
        const canonical = Buffer.from(Buffer.from(input, 'base64')).toString('base64') === input;
        if (canonical) expect(bytesToBase64(base64ToBytes(input))).toBe(input);
        else expect(() => base64ToBytes(input), input).toThrow(InvalidCiphertextError);
      }
    }
  });
});

describe('base64url', () => {
  it('matches node base64url (unpadded) and round-trips', () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = new Uint8Array(nodeRandomBytes(length));
      const encoded = bytesToBase64Url(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64url'));
      expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(base64UrlToBytes(encoded)).toEqual(bytes);
    }
  });

  it.each([
    ['standard alphabet', 'ab+/'],
    ['padding', 'QQ=='],
    ['impossible length', 'QUJDR'],
    ['non-zero trailing bits', 'QR'],
    ['whitespace', 'QU JD'],
  ])('rejects %s', (_label, input) => {
    expect(() => base64UrlToBytes(input)).toThrow(InvalidCiphertextError);
  });
});

describe('utf8', () => {
  it('round-trips unicode, emoji and a leading BOM exactly', () => {
    for (const text of ['', 'plain', 'Grüße, Москва, 東京', '🔐👩‍👩‍👧‍👦', '\uFEFFbom', 'a\u0000b']) {
      expect(utf8Decode(utf8Encode(text))).toBe(text);
    }
    expect(utf8Encode('🔐')).toEqual(new Uint8Array(Buffer.from('🔐', 'utf8')));
  });

  it('refuses invalid UTF-8 instead of substituting replacement characters', () => {
    expect(() => utf8Decode(new Uint8Array([0x61, 0xff, 0x62]))).toThrow(InvalidCiphertextError);
    expect(() => utf8Decode(new Uint8Array([0xf0, 0x9f, 0x94]))).toThrow(InvalidCiphertextError);
  });
});
