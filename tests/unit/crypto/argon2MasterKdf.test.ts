// The master password's Argon2id (issue #46): hash-wasm, which derives it, checked against RFC 9106
// and against a second implementation (@noble/hashes' argon2, pure JavaScript, already installed as
// a dependency of otpauth and jsdom). hash-wasm takes no associated data (RFC 9106's X), which
// Keyloft never uses: so the RFC's own vector pins noble, and noble then checks hash-wasm on every
// input hash-wasm takes, up to the production parameters through deriveMasterKey itself.
import { argon2id as nobleArgon2id } from '@noble/hashes/argon2.js';
import { argon2id as wasmArgon2id } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import {
  ARGON2ID_MAX_ITERATIONS,
  ARGON2ID_MAX_MEMORY_KIB,
  UnsupportedKdfError,
  base64ToBytes,
  deriveMasterKey,
  isOutdatedKdf,
  newKdfParams,
  validateKdfParams,
} from '../../../src/crypto';
import { validatePbkdf2Params } from '../../../src/crypto/kdf';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const filled = (length: number, byte: number) => new Uint8Array(length).fill(byte);

// RFC 9106 §5.3: Argon2id, version 0x13, m = 32 KiB, t = 3, p = 4, P = 32 × 0x01, S = 16 × 0x02,
// K = 8 × 0x03, X = 12 × 0x04, tag length 32.
const RFC = { t: 3, m: 32, p: 4, P: filled(32, 1), S: filled(16, 2), K: filled(8, 3), X: filled(12, 4) };
const RFC_TAG = '0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659';

const wasm = (password: Uint8Array, salt: Uint8Array, t: number, m: number, p: number, secret?: Uint8Array) =>
  wasmArgon2id({ password, salt, iterations: t, memorySize: m, parallelism: p, hashLength: 32, outputType: 'binary', ...(secret ? { secret } : {}) });
const noble = (password: Uint8Array, salt: Uint8Array, t: number, m: number, p: number, key?: Uint8Array) =>
  nobleArgon2id(password, salt, { t, m, p, dkLen: 32, ...(key ? { key } : {}) });

describe('Argon2id against RFC 9106 and a second implementation', () => {
  it('the second implementation gives RFC 9106 §5.3’s tag', () => {
    expect(hex(nobleArgon2id(RFC.P, RFC.S, { t: RFC.t, m: RFC.m, p: RFC.p, dkLen: 32, key: RFC.K, personalization: RFC.X }))).toBe(RFC_TAG);
  });

  it('hash-wasm agrees with it on the RFC’s inputs without X, with and without K', async () => {
    expect(hex(await wasm(RFC.P, RFC.S, RFC.t, RFC.m, RFC.p, RFC.K))).toBe(hex(noble(RFC.P, RFC.S, RFC.t, RFC.m, RFC.p, RFC.K)));
    expect(hex(await wasm(RFC.P, RFC.S, RFC.t, RFC.m, RFC.p))).toBe(hex(noble(RFC.P, RFC.S, RFC.t, RFC.m, RFC.p)));
  });

  it('hash-wasm agrees with it on other shapes: one lane, many passes, a long password', async () => {
    const password = new TextEncoder().encode('correct horse battery staple '.repeat(10));
    for (const [t, m, p] of [[1, 8, 1], [5, 256, 2], [3, 1024, 4], [2, 600, 3]] as const) {
      expect(hex(await wasm(password, filled(32, 9), t, m, p)), `t=${t} m=${m} p=${p}`).toBe(hex(noble(password, filled(32, 9), t, m, p)));
    }
  });

  it('the master key at the production parameters is noble’s Argon2id of the NFC password', async () => {
    const params = newKdfParams();
    const typed = 'Ame\u0301lie, 64 MiB';
    const master = await deriveMasterKey(typed, params);
    const expected = noble(new TextEncoder().encode(typed.normalize('NFC')), base64ToBytes(params.salt), 3, 65_536, 4);
    const oracle = await crypto.subtle.importKey('raw', expected, 'AES-GCM', false, ['encrypt']);
    const iv = filled(12, 7);
    const text = new TextEncoder().encode('same key, same ciphertext');
    const ours = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, master.key, text);
    const theirs = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, oracle, text);
    expect(hex(new Uint8Array(ours))).toBe(hex(new Uint8Array(theirs)));
    expect(master.key.extractable).toBe(false);
  }, 60_000);
});

describe('Argon2id parameters', () => {
  const salt = Buffer.from(filled(32, 5)).toString('base64');
  const good = { algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4, salt } as const;

  it('accepts the defaults and stronger settings, and strips extra fields', () => {
    expect(validateKdfParams({ ...good, extra: 1 })).toEqual(good);
    const strong = { ...good, iterations: ARGON2ID_MAX_ITERATIONS, memoryKiB: ARGON2ID_MAX_MEMORY_KIB, parallelism: 16 };
    expect(validateKdfParams(strong)).toEqual(strong);
    expect(validateKdfParams({ ...good, parallelism: 1 })).toEqual({ ...good, parallelism: 1 });
  });

  it('refuses weakened, excessive or malformed settings, naming them', () => {
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ memoryKiB: 65_535 }, /memory: 65535 KiB \(allowed 65536 to 1048576\)/],
      [{ memoryKiB: ARGON2ID_MAX_MEMORY_KIB + 1 }, /memory/],
      [{ iterations: 2 }, /iterations: 2 \(allowed 3 to 10\)/],
      [{ iterations: 11 }, /iterations: 11/],
      [{ iterations: 3.5 }, /iterations/],
      [{ parallelism: 0 }, /parallelism: 0/],
      [{ parallelism: 17 }, /parallelism: 17/],
      [{ memoryKiB: '65536' }, /memory/],
      [{ memoryKiB: undefined }, /memory/],
      [{ parallelism: undefined }, /parallelism/],
      [{ salt: Buffer.from(filled(15, 1)).toString('base64') }, /salt/],
      [{ algorithm: 'Argon2d' }, /Unsupported key derivation algorithm: Argon2d/],
      [{ algorithm: 'argon2id' }, /Unsupported key derivation algorithm/],
    ];
    for (const [change, message] of refused) {
      expect(() => validateKdfParams({ ...good, ...change }), JSON.stringify(change)).toThrow(UnsupportedKdfError);
      expect(() => validateKdfParams({ ...good, ...change })).toThrow(message);
    }
  });

  it('an export file takes PBKDF2 only', () => {
    expect(() => validatePbkdf2Params(good)).toThrow(UnsupportedKdfError);
  });

  it('refuses weakened settings before deriving anything', async () => {
    await expect(deriveMasterKey('pw', { ...good, memoryKiB: 1024 })).rejects.toThrow(UnsupportedKdfError);
  });

  it('only PBKDF2 is outdated', () => {
    expect(isOutdatedKdf({ algorithm: 'PBKDF2-SHA256' })).toBe(true);
    expect(isOutdatedKdf(newKdfParams())).toBe(false);
  });
});
