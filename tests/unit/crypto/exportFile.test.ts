import { createCipheriv, pbkdf2Sync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CryptoError,
  InvalidCiphertextError,
  PBKDF2_MAX_ITERATIONS,
  PBKDF2_MIN_ITERATIONS,
  UnsupportedKdfError,
  WrongExportPasswordError,
  checkExportFile,
  exportFileContext,
  openExportFile,
  sealExportFile,
} from '../../../src/crypto';
import type { SealedExportFile } from '../../../src/crypto';

// Known-answer values. The password is given decomposed (e + U+0301) to the module and composed
// (U+00E9) to node:crypto: the two agree only if the module normalises to NFC as documented.
const PASSWORD_NFD = 'Cafe\u0301 au lait, 7 ☕ & "quotes"';
const PASSWORD_NFC = 'Caf\u00e9 au lait, 7 ☕ & "quotes"';
const SALT = Buffer.from(Array.from({ length: 32 }, (_, index) => index + 1));
const IV = Buffer.from('a1b2c3d4e5f60718293a4b5c', 'hex');
const ITERATIONS = PBKDF2_MIN_ITERATIONS;
const PLAINTEXT = '{"format":"keyloft-export","version":1,"encrypted":false,"note":"Zoë 🗝 line1\\nline2"}';
const SALT_BASE64 = SALT.toString('base64');
// Written out rather than built with exportFileContext, so the test states the bytes docs/import.md promises.
const AAD = `keyloft-export/1/PBKDF2-SHA256/100000/${SALT_BASE64}/AES-256-GCM`;

function nodeSealed(options: { password?: string; aad?: string; iterations?: number; plaintext?: string } = {}): SealedExportFile {
  const iterations = options.iterations ?? ITERATIONS;
  const key = pbkdf2Sync(Buffer.from(options.password ?? PASSWORD_NFC, 'utf8'), SALT, iterations, 32, 'sha256');
  const cipher = createCipheriv('aes-256-gcm', key, IV);
  cipher.setAAD(Buffer.from(options.aad ?? AAD, 'utf8'));
  const body = Buffer.concat([cipher.update(options.plaintext ?? PLAINTEXT, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    format: 'keyloft-export',
    version: 1,
    encrypted: true,
    kdf: { algorithm: 'PBKDF2-SHA256', iterations, salt: SALT_BASE64 },
    cipher: 'AES-256-GCM',
    iv: IV.toString('base64'),
    data: body.toString('base64'),
  };
}

/** Makes the next two getRandomValues calls (the salt, then the IV) return the fixed values. */
function fixRandomness(): void {
  const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
  for (const value of [SALT, IV]) {
    spy.mockImplementationOnce(<T extends ArrayBufferView | null>(array: T): T => {
      new Uint8Array((array as ArrayBufferView).buffer, (array as ArrayBufferView).byteOffset, value.length).set(value);
      return array;
    });
  }
}

function flipBase64(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sealExportFile', () => {
  it('matches node:crypto byte for byte for a fixed password, salt, IV and iteration count', async () => {
    fixRandomness();
    const sealed = await sealExportFile(PASSWORD_NFD, PLAINTEXT, ITERATIONS);
    const expected = nodeSealed();
    expect(sealed).toEqual(expected);
    expect(JSON.parse(JSON.stringify(sealed))).toEqual({
      format: 'keyloft-export',
      version: 1,
      encrypted: true,
      kdf: { algorithm: 'PBKDF2-SHA256', iterations: 100_000, salt: SALT_BASE64 },
      cipher: 'AES-256-GCM',
      iv: 'obLD1OX2BxgpOktc',
      data: expected.data,
    });
    // ciphertext (as long as the UTF-8 plaintext) then the 16-byte tag
    expect(Buffer.from(sealed.data, 'base64').length).toBe(Buffer.byteLength(PLAINTEXT, 'utf8') + 16);
  });

  it('draws a fresh 32-byte salt and 12-byte IV for every file', async () => {
    const [a, b] = await Promise.all([sealExportFile('pw', 'x', ITERATIONS), sealExportFile('pw', 'x', ITERATIONS)]);
    expect(Buffer.from(a.kdf.salt, 'base64').length).toBe(32);
    expect(Buffer.from(a.iv, 'base64').length).toBe(12);
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
  });

  it.each([
    ['below the floor', PBKDF2_MIN_ITERATIONS - 1],
    ['above the ceiling', PBKDF2_MAX_ITERATIONS + 1],
    ['fractional', 100_000.5],
    ['NaN', Number.NaN],
  ])('refuses an iteration count %s', async (_label, iterations) => {
    await expect(sealExportFile('pw', 'x', iterations)).rejects.toBeInstanceOf(UnsupportedKdfError);
  });

  it('refuses an empty password', async () => {
    await expect(sealExportFile('', 'x', ITERATIONS)).rejects.toThrow(new CryptoError('An export file password is required.'));
  });
});

describe('openExportFile', () => {
  it('opens a file node:crypto sealed, with the password in either Unicode form', async () => {
    await expect(openExportFile(PASSWORD_NFC, nodeSealed())).resolves.toBe(PLAINTEXT);
    await expect(openExportFile(PASSWORD_NFD, nodeSealed())).resolves.toBe(PLAINTEXT);
  });

  it('opens what sealExportFile sealed, after a JSON round trip', async () => {
    const sealed = await sealExportFile('s3cret ключ', PLAINTEXT, ITERATIONS);
    await expect(openExportFile('s3cret ключ', JSON.parse(JSON.stringify(sealed)))).resolves.toBe(PLAINTEXT);
  });

  it('reports a wrong password as WrongExportPasswordError', async () => {
    const error = await openExportFile('Cafe au lait, 7 ☕ & "quotes"', nodeSealed()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExportPasswordError);
    expect((error as WrongExportPasswordError).code).toBe('wrong-export-password');
  });

  it.each([
    ['a changed iteration count', (f: SealedExportFile) => ({ ...f, kdf: { ...f.kdf, iterations: f.kdf.iterations + 1 } })],
    ['a changed salt', (f: SealedExportFile) => ({ ...f, kdf: { ...f.kdf, salt: flipBase64(f.kdf.salt, 0) } })],
    ['a changed IV', (f: SealedExportFile) => ({ ...f, iv: flipBase64(f.iv, 5) })],
    ['a changed first ciphertext byte', (f: SealedExportFile) => ({ ...f, data: flipBase64(f.data, 0) })],
    ['a changed tag', (f: SealedExportFile) => ({ ...f, data: flipBase64(f.data, -1) })],
    ['a truncated ciphertext', (f: SealedExportFile) => ({ ...f, data: Buffer.from(f.data, 'base64').subarray(1).toString('base64') })],
  ])('refuses %s as WrongExportPasswordError', async (_label, tamper) => {
    await expect(openExportFile(PASSWORD_NFC, tamper(nodeSealed()))).rejects.toBeInstanceOf(WrongExportPasswordError);
  });

  it('checks the additional data: the right key under other additional data does not open', async () => {
    for (const aad of ['keyloft-export/1', AAD.replace('/1/', '/2/'), '']) {
      await expect(openExportFile(PASSWORD_NFC, nodeSealed({ aad }))).rejects.toBeInstanceOf(WrongExportPasswordError);
    }
  });

  it.each([
    ['another format', { format: 'bitwarden' }],
    ['a plain document', { encrypted: false }],
    ['another version', { version: 2 }],
    ['another cipher', { cipher: 'AES-128-GCM' }],
    ['an IV of 11 bytes', { iv: Buffer.alloc(11, 7).toString('base64') }],
    ['an IV that is not base64', { iv: 'not base64!' }],
    ['no data', { data: undefined }],
    ['data shorter than a tag', { data: Buffer.alloc(15, 7).toString('base64') }],
  ])('refuses %s as InvalidCiphertextError before deriving a key', async (_label, change) => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    await expect(openExportFile(PASSWORD_NFC, { ...nodeSealed(), ...change })).rejects.toBeInstanceOf(InvalidCiphertextError);
    expect(importKey).not.toHaveBeenCalled();
  });

  it.each([null, 'keyloft-export', [1, 2]])('refuses %j as not an export document', async (value) => {
    await expect(openExportFile(PASSWORD_NFC, value)).rejects.toBeInstanceOf(InvalidCiphertextError);
  });

  it.each([
    ['10^9 iterations', { algorithm: 'PBKDF2-SHA256', iterations: 1_000_000_000, salt: SALT_BASE64 }],
    ['1,000 iterations', { algorithm: 'PBKDF2-SHA256', iterations: 1_000, salt: SALT_BASE64 }],
    ['an 8-byte salt', { algorithm: 'PBKDF2-SHA256', iterations: ITERATIONS, salt: Buffer.alloc(8, 1).toString('base64') }],
    ['another algorithm', { algorithm: 'argon2id', iterations: ITERATIONS, salt: SALT_BASE64 }],
    ['no parameters', undefined],
  ])('refuses a file asking for %s at once, without deriving a key', async (_label, kdf) => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    const started = performance.now();
    await expect(openExportFile(PASSWORD_NFC, { ...nodeSealed(), kdf })).rejects.toBeInstanceOf(UnsupportedKdfError);
    expect(importKey).not.toHaveBeenCalled();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses an empty password without deriving a key', async () => {
    await expect(openExportFile('', nodeSealed())).rejects.toThrow(new CryptoError('An export file password is required.'));
  });
});

describe('exportFileContext', () => {
  it('is the documented additional data (docs/import.md gives this very example)', () => {
    expect(exportFileContext({ iterations: 600_000, salt: SALT_BASE64 })).toBe(
      'keyloft-export/1/PBKDF2-SHA256/600000/AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=/AES-256-GCM',
    );
  });
});

describe('checkExportFile', () => {
  it('accepts a well-formed file without a password or any key derivation', () => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    expect(() => {
      checkExportFile(nodeSealed());
    }).not.toThrow();
    expect(importKey).not.toHaveBeenCalled();
  });

  it('makes the checks openExportFile makes before deriving a key', () => {
    const file = nodeSealed();
    expect(() => {
      checkExportFile({ ...file, kdf: { ...file.kdf, iterations: 1_000_000_000 } });
    }).toThrow(UnsupportedKdfError);
    expect(() => {
      checkExportFile({ ...file, iv: Buffer.alloc(16).toString('base64') });
    }).toThrow(InvalidCiphertextError);
    expect(() => {
      checkExportFile({ ...file, version: 2 });
    }).toThrow(new InvalidCiphertextError('Unsupported export file version: 2.'));
  });
});
