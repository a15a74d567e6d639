import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CryptoError, SALT_BYTES, generateSalt, randomBytes, sha256Base64 } from '../../../src/crypto';
import { pooledIv } from '../../../src/crypto/random';

describe('randomBytes / generateSalt', () => {
  it('returns the requested length, including more than one getRandomValues call allows', () => {
    expect(randomBytes(0).length).toBe(0);
    expect(randomBytes(7).length).toBe(7);
    const big = randomBytes(70_000);
    expect(big.length).toBe(70_000);
    // A tail left unfilled by a chunking bug would be all zeros.
    expect(big.subarray(65_536).some((byte) => byte !== 0)).toBe(true);
  });

  it('refuses a nonsensical length', () => {
    expect(() => randomBytes(-1)).toThrow(CryptoError);
    expect(() => randomBytes(1.5)).toThrow(CryptoError);
  });

  it('makes distinct 32-byte salts', () => {
    const a = generateSalt();
    const b = generateSalt();
    expect(a.length).toBe(SALT_BYTES);
    expect(Buffer.from(a).equals(b)).toBe(false);
  });
});

describe('pooledIv', () => {
  it('gives 12-byte IVs that never repeat and never change, across several pools', () => {
    const ivs = Array.from({ length: 1000 }, () => pooledIv());
    const first = ivs.map((iv) => Buffer.from(iv).toString('hex'));
    for (let more = 0; more < 1000; more++) pooledIv();
    expect(ivs.every((iv) => iv.length === 12)).toBe(true);
    expect(new Set(first).size).toBe(first.length);
    expect(ivs.map((iv) => Buffer.from(iv).toString('hex'))).toEqual(first);
  });
});

describe('sha256Base64', () => {
  it.each(['', 'abc', 'Grüße 🔐'])('matches node for %j', async (text) => {
    expect(await sha256Base64(text)).toBe(createHash('sha256').update(text, 'utf8').digest('base64'));
  });

  it('matches the FIPS 180-2 "abc" vector', async () => {
    expect(await sha256Base64('abc')).toBe(Buffer.from('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', 'hex').toString('base64'));
  });
});
