// Our crypto module against the bare WebCrypto calls that do the same work (the floor), measured
// in the same run so the ratio says what our layers cost, whatever this machine's speed.
import { argon2id } from 'hash-wasm';
import {
  ARGON2ID_ITERATIONS,
  ARGON2ID_MEMORY_KIB,
  ARGON2ID_PARALLELISM,
  createAccountKeys,
  decryptText,
  deriveMasterKey,
  unlockPrivateKey,
  unlockVault,
  encryptText,
  entryFieldContext,
  newKdfParams,
} from '../src/crypto';
import { compare, row, target } from './measure';

/**
 * Pairs of each Argon2id figure: one derivation is half a second of 64 MiB. Medians of five pairs
 * read the unlock 1.12 in one full run, where the two sides take the same CPU time (eleven pairs
 * on a busy machine, 2026-12-07: 1.00, by CPU 1.01); issue #46 asks it within 1.1. Eleven pairs
 * cost about ten seconds.
 */
const ARGON2_RUNS = 11;
/** Issue #46: unlock with Argon2id within 1.1 × the same library's bare derivation. */
const UNLOCK_TARGET = 1.1;

const subtle = globalThis.crypto.subtle;
const encoder = new TextEncoder();

/** The same library's bare Argon2id at the master key's parameters, imported as the key (issue #46's floor). */
export async function floorArgon2id(password: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const bytes = await argon2id({
    password: encoder.encode(password),
    salt,
    iterations: ARGON2ID_ITERATIONS,
    memorySize: ARGON2ID_MEMORY_KIB,
    parallelism: ARGON2ID_PARALLELISM,
    hashLength: 32,
    outputType: 'binary',
  });
  return subtle.importKey('raw', new Uint8Array(bytes), 'AES-GCM', false, ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey']);
}

export async function cryptoBench(decrypts: number): Promise<string[]> {
  const lines: string[] = [];
  const password = 'bench master password';
  const params = newKdfParams();
  const salt = new Uint8Array(32);
  globalThis.crypto.getRandomValues(salt);

  const derive = await compare(
    ARGON2_RUNS,
    () => deriveMasterKey(password, params),
    () => floorArgon2id(password, salt),
  );
  lines.push(row(`derive master key (Argon2id, ${String(ARGON2ID_MEMORY_KIB / 1024)} MiB, t=${String(ARGON2ID_ITERATIONS)})`, derive));

  // Unlock as sign-in does it: derive, check the check value, unwrap the vault key, open the
  // private key. Against the bare Argon2id derivation, the work no implementation can skip.
  const account = await createAccountKeys(password);
  const unlock = await compare(
    ARGON2_RUNS,
    async () => {
      const { vaultKey } = await unlockVault(password, account.stored);
      await unlockPrivateKey(vaultKey, account.stored.encryptedPrivateKey);
    },
    () => floorArgon2id(password, salt),
  );
  lines.push(`${row('unlock (derive + check + unwrap + private key)', unlock)}   ${target(unlock, UNLOCK_TARGET)}`);

  // N entries' password fields: our format (base64, bound context) against raw AES-GCM on bytes.
  const { vaultKey } = account;
  const entries = await Promise.all(
    Array.from({ length: decrypts }, async (_, i) => {
      const context = entryFieldContext(`entry-${i}`, 'password');
      return { context, ciphertext: await encryptText(vaultKey, `secret-password-${i}`, context) };
    }),
  );
  const rawKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const raw = await Promise.all(
    entries.map(async ({ context }, i) => {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const additionalData = encoder.encode(context);
      const body = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, rawKey, encoder.encode(`secret-password-${i}`));
      return { iv, additionalData, body };
    }),
  );
  const decoder = new TextDecoder();
  const gcm = await compare(
    7,
    async () => {
      for (const { context, ciphertext } of entries) await decryptText(vaultKey, ciphertext, context);
    },
    async () => {
      for (const { iv, additionalData, body } of raw) {
        decoder.decode(await subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, rawKey, body));
      }
    },
  );
  lines.push(row(`${decrypts.toLocaleString('en-US')} AES-256-GCM entry decrypts (sequential)`, gcm));
  return lines;
}
