import { createCipheriv, createDecipheriv, randomBytes as nodeRandomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CryptoError,
  KDF_ALGORITHM,
  PBKDF2_ITERATIONS,
  PBKDF2_MIN_ITERATIONS,
  SALT_BYTES,
  UnsupportedKdfError,
  base64ToBytes,
  deriveMasterKey,
  newKdfParams,
  utf8Encode,
  validateKdfParams,
} from '../../../src/crypto';
import type { KdfParams } from '../../../src/crypto';
import { nodeMasterKey } from './node-oracle';

const salt16 = Buffer.from(nodeRandomBytes(16)).toString('base64');
const salt32 = Buffer.from(nodeRandomBytes(32)).toString('base64');
// The floor, not the default, keeps this file fast; the 600,000 path is covered in vault.test.ts.
const fastParams: KdfParams = { algorithm: 'PBKDF2-SHA256', iterations: PBKDF2_MIN_ITERATIONS, salt: salt32 };

describe('newKdfParams', () => {
  it('uses Argon2id, 64 MiB, 3 passes, 4 lanes and a fresh 32-byte salt', () => {
    const a = newKdfParams();
    const b = newKdfParams();
    expect(a).toMatchObject({ algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    expect(KDF_ALGORITHM).toBe('PBKDF2-SHA256');
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    expect(base64ToBytes(a.salt).length).toBe(SALT_BYTES);
    expect(SALT_BYTES).toBe(32);
    expect(a.salt).not.toBe(b.salt);
  });
});

describe('validateKdfParams', () => {
  it('accepts the spec’s historical 100,000 iterations with a 16-byte salt, and strips extra fields', () => {
    expect(validateKdfParams({ algorithm: 'PBKDF2-SHA256', iterations: 100_000, salt: salt16, extra: 1 })).toEqual({
      algorithm: 'PBKDF2-SHA256',
      iterations: 100_000,
      salt: salt16,
    });
  });

  it.each([
    ['no object', null],
    ['a string', 'PBKDF2-SHA256'],
    ['an unknown algorithm', { algorithm: 'argon2id', iterations: 600_000, salt: salt32 }],
    ['a differently spelled algorithm', { algorithm: 'pbkdf2-sha256', iterations: 600_000, salt: salt32 }],
    ['iterations below the floor', { algorithm: 'PBKDF2-SHA256', iterations: 99_999, salt: salt32 }],
    ['1,000 iterations', { algorithm: 'PBKDF2-SHA256', iterations: 1_000, salt: salt32 }],
    ['fractional iterations', { algorithm: 'PBKDF2-SHA256', iterations: 100_000.5, salt: salt32 }],
    ['iterations as a string', { algorithm: 'PBKDF2-SHA256', iterations: '600000', salt: salt32 }],
    ['NaN iterations', { algorithm: 'PBKDF2-SHA256', iterations: Number.NaN, salt: salt32 }],
    ['absurd iterations', { algorithm: 'PBKDF2-SHA256', iterations: 10_000_001, salt: salt32 }],
    ['a missing salt', { algorithm: 'PBKDF2-SHA256', iterations: 600_000 }],
    ['a non-base64 salt', { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: 'not base64!' }],
    ['a 15-byte salt', { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: Buffer.alloc(15, 1).toString('base64') }],
    ['a 65-byte salt', { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: Buffer.alloc(65, 1).toString('base64') }],
    ['an empty salt', { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: '' }],
  ])('throws UnsupportedKdfError for %s', (_label, params) => {
    expect(() => validateKdfParams(params)).toThrow(UnsupportedKdfError);
  });
});

describe('deriveMasterKey', () => {
  it('refuses an empty master password', async () => {
    await expect(deriveMasterKey('', fastParams)).rejects.toThrow(CryptoError);
  });

  it('refuses weakened parameters instead of deriving with them', async () => {
    await expect(deriveMasterKey('pw', { ...fastParams, iterations: 1 })).rejects.toThrow(UnsupportedKdfError);
  });

  it('gives a non-extractable AES-256-GCM key for wrapping and encryption only', async () => {
    const master = await deriveMasterKey('pw', fastParams);
    expect(master.kind).toBe('master');
    expect(master.key.extractable).toBe(false);
    expect(master.key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect([...master.key.usages].sort()).toEqual(['decrypt', 'encrypt', 'unwrapKey', 'wrapKey']);
    await expect(crypto.subtle.exportKey('raw', master.key)).rejects.toThrow();
  });

  it('matches node pbkdf2Sync: our key encrypts, node’s key decrypts', async () => {
    const password = 'correct horse battery staple 🐎 ünïcödé';
    const master = await deriveMasterKey(password, fastParams);
    const iv = new Uint8Array(nodeRandomBytes(12));
    const aad = 'kat/pbkdf2';
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8Encode(aad) }, master.key, utf8Encode('known answer')),
    );

    const nodeKey = nodeMasterKey(password, fastParams.salt, fastParams.iterations);
    const decipher = createDecipheriv('aes-256-gcm', nodeKey, iv);
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
    expect(plain.toString('utf8')).toBe('known answer');
  });

  it('matches node pbkdf2Sync: node’s key encrypts, ours decrypts (16-byte salt)', async () => {
    const params: KdfParams = { algorithm: 'PBKDF2-SHA256', iterations: 100_000, salt: salt16 };
    const nodeKey = nodeMasterKey('legacy password', params.salt, params.iterations);
    const iv = nodeRandomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', nodeKey, iv);
    const body = Buffer.concat([cipher.update('from node', 'utf8'), cipher.final(), cipher.getAuthTag()]);

    const master = await deriveMasterKey('legacy password', params);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, master.key, body);
    expect(Buffer.from(plain).toString('utf8')).toBe('from node');
  });
  it('derives the same key from the NFC and NFD forms of one password (node oracle on NFC)', async () => {
    const composed = 'Crème brûlée'.normalize('NFC');
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const master = await deriveMasterKey(decomposed, fastParams);
    const iv = new Uint8Array(nodeRandomBytes(12));
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, master.key, utf8Encode('same key'));
    const nodeKey = nodeMasterKey(composed, fastParams.salt, fastParams.iterations);
    const decipher = createDecipheriv('aes-256-gcm', nodeKey, iv);
    const bytes = new Uint8Array(sealed);
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]);
    expect(plain.toString('utf8')).toBe('same key');
  });
});
