// The envelope of a Keyloft encrypted export (issue #20; docs/import.md "Export", byte by byte).
// The file travels outside Keyloft and is opened in another account, so its key comes from a
// password the user chooses for the file, not from any key of the account. Every header field a
// reader acts on is authenticated: the algorithm names, the iteration count and the salt are in
// the additional data (exportFileContext), and GCM authenticates the IV itself.
import { base64ToBytes, bytesToBase64, concatBytes, utf8Decode, utf8Encode } from './encoding';
import { CryptoError, DecryptionError, InvalidCiphertextError, WrongExportPasswordError } from './errors';
import { gcmOpen, gcmSeal } from './gcm';
import { derivePasswordKey, validatePbkdf2Params } from './kdf';
import type { Pbkdf2Params } from './kdf';
import { GCM_TAG_BYTES, IV_BYTES, KDF_ALGORITHM } from './parameters';
import { generateSalt } from './random';

export const EXPORT_FILE_FORMAT = 'keyloft-export';
export const EXPORT_FILE_VERSION = 1;
export const EXPORT_FILE_CIPHER = 'AES-256-GCM';

/** The encrypted export document, exactly as written to the file (JSON). */
export interface SealedExportFile {
  readonly format: typeof EXPORT_FILE_FORMAT;
  readonly version: typeof EXPORT_FILE_VERSION;
  readonly encrypted: true;
  readonly kdf: Pbkdf2Params;
  readonly cipher: typeof EXPORT_FILE_CIPHER;
  /** base64 of the 12-byte IV. */
  readonly iv: string;
  /** base64 of ciphertext ‖ 16-byte tag. */
  readonly data: string;
}

/**
 * The additional data: `keyloft-export/1/PBKDF2-SHA256/{iterations}/{salt}/AES-256-GCM`, with the
 * count in decimal and the salt exactly as the file spells it (strict base64 has one spelling).
 * ASCII, so its UTF-8 bytes are these characters.
 */
export function exportFileContext(kdf: Pick<Pbkdf2Params, 'iterations' | 'salt'>): string {
  return `${EXPORT_FILE_FORMAT}/${EXPORT_FILE_VERSION}/${KDF_ALGORITHM}/${kdf.iterations}/${kdf.salt}/${EXPORT_FILE_CIPHER}`;
}

/**
 * Seals `plaintext` (UTF-8) under a key derived from `password` with a fresh 32-byte salt and the
 * caller's iteration count (the account's own), refused outside the bounds in parameters.ts like
 * any stored count (UnsupportedKdfError).
 */
export async function sealExportFile(password: string, plaintext: string, iterations: number): Promise<SealedExportFile> {
  requireExportPassword(password);
  const kdf = validatePbkdf2Params({ algorithm: KDF_ALGORITHM, iterations, salt: bytesToBase64(generateSalt()) });
  const key = await derivePasswordKey(password, kdf, ['encrypt']);
  const sealed = await gcmSeal(key, utf8Encode(plaintext), exportFileContext(kdf));
  return {
    format: EXPORT_FILE_FORMAT,
    version: EXPORT_FILE_VERSION,
    encrypted: true,
    kdf,
    cipher: EXPORT_FILE_CIPHER,
    iv: bytesToBase64(sealed.subarray(0, IV_BYTES)),
    data: bytesToBase64(sealed.subarray(IV_BYTES)),
  };
}

/**
 * Opens a parsed encrypted export document and returns its plaintext. The header is checked before
 * any key is derived, so a file asking for 10^9 iterations is refused at once rather than freezing
 * the page. Throws UnsupportedKdfError (parameters out of bounds), InvalidCiphertextError (not this
 * envelope), WrongExportPasswordError (the tag check failed: wrong password or altered file).
 */
export async function openExportFile(password: string, file: unknown): Promise<string> {
  requireExportPassword(password);
  const { kdf, sealed } = readEnvelope(file);
  const key = await derivePasswordKey(password, kdf, ['decrypt']);
  let plain: Uint8Array;
  try {
    plain = await gcmOpen(key, sealed, exportFileContext(kdf));
  } catch (error) {
    if (error instanceof DecryptionError) throw new WrongExportPasswordError({ cause: error });
    throw error;
  }
  return utf8Decode(plain);
}

/**
 * The same checks openExportFile makes before deriving a key, without a password: the import
 * screen asks for the file's password only for a file that could then be opened.
 */
export function checkExportFile(file: unknown): void {
  readEnvelope(file);
}

function readEnvelope(file: unknown): { kdf: Pbkdf2Params; sealed: Uint8Array } {
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    throw new InvalidCiphertextError('The export file is not a JSON object.');
  }
  const { format, version, encrypted, kdf, cipher, iv, data } = file as Record<string, unknown>;
  if (format !== EXPORT_FILE_FORMAT || encrypted !== true) {
    throw new InvalidCiphertextError('The file is not a Keyloft encrypted export.');
  }
  if (version !== EXPORT_FILE_VERSION) {
    throw new InvalidCiphertextError(`Unsupported export file version: ${String(version)}.`);
  }
  if (cipher !== EXPORT_FILE_CIPHER) {
    throw new InvalidCiphertextError(`Unsupported export file cipher: ${String(cipher)}.`);
  }
  const params = validatePbkdf2Params(kdf);
  const ivBytes = decodeField(iv, 'IV');
  const body = decodeField(data, 'data');
  if (ivBytes.length !== IV_BYTES) {
    throw new InvalidCiphertextError(`The export file's IV must be ${IV_BYTES} bytes.`);
  }
  if (body.length < GCM_TAG_BYTES) {
    throw new InvalidCiphertextError('The export file\'s data is too short to hold its authentication tag.');
  }
  return { kdf: params, sealed: concatBytes(ivBytes, body) };
}

function decodeField(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string') throw new InvalidCiphertextError(`The export file's ${field} is missing.`);
  try {
    return base64ToBytes(value);
  } catch (cause) {
    throw new InvalidCiphertextError(`The export file's ${field} is not valid base64.`, { cause });
  }
}

function requireExportPassword(password: string): void {
  if (typeof password !== 'string' || password.length === 0) {
    throw new CryptoError('An export file password is required.');
  }
}
