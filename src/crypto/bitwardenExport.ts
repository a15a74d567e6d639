// Opening a password-protected Bitwarden export (issue #44; docs/import.md "Bitwarden (JSON)").
// Bitwarden derives a 32-byte key from the file password and the file's salt (PBKDF2-SHA256, or
// Argon2id over the SHA-256 of the salt, memory given in MiB), stretches it with HKDF-Expand
// (SHA-256) into an encryption key ("enc") and a MAC key ("mac"), and writes each value as an
// EncString of type 2: "2.<iv>|<ciphertext>|<mac>", base64, AES-256-CBC with PKCS#7 padding and
// HMAC-SHA256 over iv ‖ ciphertext. The key check value is an EncString of a random GUID: when its
// MAC fails, the password is wrong.
import { argon2 } from './argon2';
import { utf8Decode, utf8Encode } from './encoding';
import { DecryptionError, InvalidCiphertextError, UnsupportedKdfError, WrongExportPasswordError } from './errors';

export interface BitwardenExportKdf {
  /** 0: PBKDF2-SHA256, 1: Argon2id. */
  readonly kdfType: number;
  readonly kdfIterations: number;
  /** MiB; Argon2id only. */
  readonly kdfMemory?: number | null;
  readonly kdfParallelism?: number | null;
}

export interface BitwardenProtectedExport extends BitwardenExportKdf {
  /** Used as its UTF-8 text (Bitwarden writes base64 of 16 random bytes, and derives from the text). */
  readonly salt: string;
  readonly encKeyValidation_DO_NOT_EDIT: string;
  readonly data: string;
}

// Bitwarden's own floors for a derived key; a file below them was not written by Bitwarden.
const PBKDF2_MIN = 5000;
const PBKDF2_MAX = 10_000_000;
const ARGON2_MIN_ITERATIONS = 2;
const ARGON2_MIN_MEMORY_MIB = 16;

interface StretchedKey {
  readonly enc: CryptoKey;
  readonly mac: CryptoKey;
}

interface EncString {
  readonly iv: Uint8Array<ArrayBuffer>;
  readonly data: Uint8Array<ArrayBuffer>;
  readonly mac: Uint8Array<ArrayBuffer>;
}

function bytes(base64: string, what: string): Uint8Array<ArrayBuffer> {
  // Bitwarden writes standard base64 with padding; atob also forgives what it need not here.
  try {
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch (error) {
    throw new InvalidCiphertextError(`The ${what} is not base64.`, { cause: error });
  }
}

function parseEncString(value: string, what: string): EncString {
  const match = /^(\d+)\.([^|]*)\|([^|]*)\|([^|]*)$/.exec(value);
  if (match === null) throw new InvalidCiphertextError(`The ${what} is not an encrypted Bitwarden value.`);
  if (match[1] !== '2') {
    throw new InvalidCiphertextError(`The ${what} is encrypted with Bitwarden's type ${String(match[1])}; Keyloft opens type 2 (AES-256-CBC with HMAC-SHA256).`);
  }
  const parsed = { iv: bytes(match[2] ?? '', what), data: bytes(match[3] ?? '', what), mac: bytes(match[4] ?? '', what) };
  if (parsed.iv.length !== 16 || parsed.mac.length !== 32 || parsed.data.length === 0 || parsed.data.length % 16 !== 0) {
    throw new InvalidCiphertextError(`The ${what} is cut short or damaged.`);
  }
  return parsed;
}

async function pbkdf2(password: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array<ArrayBuffer>> {
  const material = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256));
}

function whole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

async function deriveKey(password: string, salt: string, kdf: BitwardenExportKdf): Promise<Uint8Array<ArrayBuffer>> {
  const secret = utf8Encode(password);
  const saltBytes = utf8Encode(salt);
  if (kdf.kdfType === 0) {
    if (!whole(kdf.kdfIterations, PBKDF2_MIN, PBKDF2_MAX)) {
      throw new UnsupportedKdfError(`PBKDF2 iterations must be ${String(PBKDF2_MIN)} to ${String(PBKDF2_MAX)}; this file has ${String(kdf.kdfIterations)}.`);
    }
    return pbkdf2(secret, saltBytes, kdf.kdfIterations);
  }
  if (kdf.kdfType === 1) {
    const { kdfIterations, kdfMemory, kdfParallelism } = kdf;
    if (!whole(kdfIterations, ARGON2_MIN_ITERATIONS, Number.MAX_SAFE_INTEGER) || !whole(kdfMemory, ARGON2_MIN_MEMORY_MIB, Number.MAX_SAFE_INTEGER) || !whole(kdfParallelism, 1, Number.MAX_SAFE_INTEGER)) {
      throw new UnsupportedKdfError(
        `Argon2id settings must be at least ${String(ARGON2_MIN_ITERATIONS)} iterations, ${String(ARGON2_MIN_MEMORY_MIB)} MiB and 1 thread; this file has ${String(kdfIterations)}, ${String(kdfMemory)} and ${String(kdfParallelism)}.`,
      );
    }
    const saltHash = new Uint8Array(await crypto.subtle.digest('SHA-256', saltBytes));
    const key = await argon2({
      variant: 'argon2id',
      password: secret,
      salt: saltHash,
      iterations: kdfIterations,
      memoryKiB: kdfMemory * 1024,
      parallelism: kdfParallelism,
      hashLength: 32,
    });
    return new Uint8Array(key);
  }
  throw new UnsupportedKdfError(`Bitwarden key derivation type ${String(kdf.kdfType)} is not one Keyloft knows (0 is PBKDF2, 1 is Argon2id).`);
}

/** HKDF-Expand (RFC 5869) for one 32-byte block: HMAC-SHA256(prk, info ‖ 0x01). Bitwarden skips HKDF-Extract. */
async function hkdfExpand32(prk: Uint8Array<ArrayBuffer>, info: string): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', prk, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const message = new Uint8Array([...utf8Encode(info), 1]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
}

async function stretch(key: Uint8Array<ArrayBuffer>): Promise<StretchedKey> {
  const [enc, mac] = await Promise.all([hkdfExpand32(key, 'enc'), hkdfExpand32(key, 'mac')]);
  return {
    enc: await crypto.subtle.importKey('raw', enc, 'AES-CBC', false, ['decrypt']),
    mac: await crypto.subtle.importKey('raw', mac, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']),
  };
}

async function open(key: StretchedKey, value: EncString): Promise<Uint8Array> {
  const signed = new Uint8Array(value.iv.length + value.data.length);
  signed.set(value.iv);
  signed.set(value.data, value.iv.length);
  // verify compares in constant time.
  if (!(await crypto.subtle.verify('HMAC', key.mac, value.mac, signed))) throw new DecryptionError();
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv: value.iv }, key.enc, value.data));
  } catch (error) {
    // The MAC held, so the padding can only be wrong if the writer was wrong.
    throw new InvalidCiphertextError('The file opened, but its content is not padded as AES-CBC requires.', { cause: error });
  }
}

/**
 * The plain JSON export the file seals (Bitwarden's `.json` export as text). Throws
 * WrongExportPasswordError when the password does not open the key check value,
 * UnsupportedKdfError for settings Keyloft refuses, InvalidCiphertextError for a damaged file.
 */
export async function openBitwardenProtectedExport(password: string, file: BitwardenProtectedExport): Promise<string> {
  const validation = parseEncString(file.encKeyValidation_DO_NOT_EDIT, 'key check value');
  const data = parseEncString(file.data, 'vault data');
  const key = await stretch(await deriveKey(password, file.salt, file));
  try {
    await open(key, validation);
  } catch (error) {
    if (error instanceof DecryptionError) throw new WrongExportPasswordError({ cause: error });
    throw error;
  }
  try {
    return utf8Decode(await open(key, data));
  } catch (error) {
    // The password opened the check value, so a failing MAC here means the data was altered.
    if (error instanceof DecryptionError) throw new InvalidCiphertextError('The vault data was changed after the file was exported: its MAC does not match.', { cause: error });
    throw error;
  }
}
