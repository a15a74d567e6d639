import { InvalidCiphertextError } from './errors';

// Stored ciphertext and keys must have exactly one spelling: base64ToBytes refuses whitespace,
// missing padding and non-zero trailing bits, all of which atob would forgive.
const BASE64URL_SHAPE = /^[A-Za-z0-9_-]*$/;

// String.fromCharCode(...bytes) overflows the call stack on large inputs.
const CHUNK = 0x8000;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Up to this size the table encoder wins; above it, btoa over one binary string (built in chunks). */
const TABLE_ENCODE_MAX_BYTES = 4096;
const BASE64_CODES = Uint8Array.from(BASE64_ALPHABET, (char) => char.charCodeAt(0));
const PAD_CODE = 0x3d;
// The table encoder writes ASCII codes here and reads them back as one string: appending
// characters to a string built a rope of some 90 pieces for a 130-byte part, garbage the import
// of 20,000 parts paid for in collections (issue #20's bench).
const base64Ascii = new Uint8Array(Math.ceil(TABLE_ENCODE_MAX_BYTES / 3) * 4);

export function bytesToBase64(bytes: Uint8Array): string {
  // Sealing an entry's part encodes ~100 bytes: the table is about four times faster there than
  // building a binary string for btoa (issue #20's import bench seals 20,000 parts).
  if (bytes.length <= TABLE_ENCODE_MAX_BYTES) return asciiText(writeBase64(bytes, 0));
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + CHUNK));
  }
  return btoa(binary);
}

/**
 * base64(head ‖ tail) without joining the bytes first: a sealed value is IV ‖ ciphertext ‖ tag,
 * and WebCrypto gives back the ciphertext apart from the IV.
 */
export function concatToBase64(head: Uint8Array, tail: Uint8Array): string {
  // Written one after the other, the two spell the joined bytes only while the head is a whole
  // number of 3-byte groups (a 12-byte IV is).
  if (head.length % 3 !== 0 || head.length + tail.length > TABLE_ENCODE_MAX_BYTES) return bytesToBase64(concatBytes(head, tail));
  return asciiText(writeBase64(tail, writeBase64(head, 0)));
}

/** Writes base64 of `bytes` (padded) into base64Ascii from `at`; returns where it ended. */
function writeBase64(bytes: Uint8Array, at: number): number {
  const { length } = bytes;
  let out = at;
  let index = 0;
  for (; index + 2 < length; index += 3) {
    const triple = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    base64Ascii[out] = BASE64_CODES[triple >> 18] ?? 0;
    base64Ascii[out + 1] = BASE64_CODES[(triple >> 12) & 63] ?? 0;
    base64Ascii[out + 2] = BASE64_CODES[(triple >> 6) & 63] ?? 0;
    base64Ascii[out + 3] = BASE64_CODES[triple & 63] ?? 0;
    out += 4;
  }
  const rest = length - index;
  if (rest === 0) return out;
  const pair = ((bytes[index] ?? 0) << 8) | (rest === 2 ? (bytes[index + 1] ?? 0) : 0);
  base64Ascii[out] = BASE64_CODES[pair >> 10] ?? 0;
  base64Ascii[out + 1] = BASE64_CODES[(pair >> 4) & 63] ?? 0;
  base64Ascii[out + 2] = rest === 2 ? (BASE64_CODES[(pair & 15) << 2] ?? 0) : PAD_CODE;
  base64Ascii[out + 3] = PAD_CODE;
  return out + 4;
}

function asciiText(end: number): string {
  // ASCII is valid UTF-8: the strict decoder never refuses it.
  return utf8Decoder.decode(base64Ascii.subarray(0, end));
}

/** The 6-bit value of each base64 character by char code; -1 for every other code below 128. */
const BASE64_VALUES = new Int8Array(128).fill(-1);
for (let index = 0; index < BASE64_ALPHABET.length; index += 1) BASE64_VALUES[BASE64_ALPHABET.charCodeAt(index)] = index;

/**
 * Whether `value` is shaped as standard base64 with its padding: the alphabet only, whole quads,
 * one or two '=' only at the end. The language of
 * /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, checked with the decoder's
 * table: a vault's list reads two ciphertexts per document, and that expression cost about 20 ms
 * of a 10,000-entry load (issue #18's Node bench; this loop, a third of that). The canonical
 * spelling is for base64ToBytes to check.
 */
export function isBase64Shaped(value: string): boolean {
  const { length } = value;
  if (length % 4 !== 0) return false;
  const padding = length === 0 || value.charCodeAt(length - 1) !== 0x3d ? 0 : value.charCodeAt(length - 2) !== 0x3d ? 1 : 2;
  for (let index = length - padding - 1; index >= 0; index -= 1) {
    const code = value.charCodeAt(index);
    if (code >= 128 || (BASE64_VALUES[code] as number) < 0) return false;
  }
  return true;
}

/**
 * Strict base64: the alphabet only, a length that is a multiple of 4, padding only at the end, and
 * the one canonical spelling (the bits after the data in the last character before the padding
 * are zero), so every value has exactly one stored form. Decoded here in one pass: a vault opens
 * thousands of ciphertexts, and the shape check and atob cost as much as a decryption's own
 * overhead (issue #18's bench).
 */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  if (typeof base64 !== 'string' || base64.length % 4 !== 0) {
    throw new InvalidCiphertextError('The data is not valid base64.');
  }
  const { length } = base64;
  const padding = length === 0 ? 0 : base64.charCodeAt(length - 1) !== 0x3d ? 0 : base64.charCodeAt(length - 2) !== 0x3d ? 1 : 2;
  const bytes = new Uint8Array((length / 4) * 3 - padding);
  const end = length - padding;
  let out = 0;
  let bits = 0;
  let held = 0;
  for (let index = 0; index < end; index += 1) {
    const code = base64.charCodeAt(index);
    const value = code < 128 ? (BASE64_VALUES[code] as number) : -1;
    if (value < 0) throw new InvalidCiphertextError('The data is not valid base64.');
    held = (held << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (held >> bits) & 0xff;
    }
  }
  // What is left are the bits past the data: 4 before '==', 2 before '=', none without padding.
  if ((held & ((1 << bits) - 1)) !== 0) throw new InvalidCiphertextError('The data is not canonical base64.');
  return bytes;
}

/** Unpadded base64url (RFC 4648 §5), safe in a URL fragment or query without escaping. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  if (typeof base64Url !== 'string' || !BASE64URL_SHAPE.test(base64Url) || base64Url.length % 4 === 1) {
    throw new InvalidCiphertextError('The data is not valid base64url.');
  }
  const padded = base64Url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64Url.length % 4)) % 4);
  return base64ToBytes(padded);
}

export function utf8Encode(text: string): Uint8Array<ArrayBuffer> {
  return utf8Encoder.encode(text);
}

/** UTF-8 of `text` written into `into` from its start; returns the bytes written (check the room first: 3 per UTF-16 unit). */
export function utf8EncodeInto(text: string, into: Uint8Array): number {
  return utf8Encoder.encodeInto(text, into).written;
}

/** Rejects invalid UTF-8 instead of substituting U+FFFD, so corruption cannot pass as text. */
export function utf8Decode(bytes: Uint8Array): string {
  try {
    return utf8Decoder.decode(bytes);
  } catch (cause) {
    throw new InvalidCiphertextError('The data is not valid UTF-8 text.', { cause });
  }
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** WebCrypto takes only ArrayBuffer-backed views; copy only when the caller's bytes are not. */
export function toBufferSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return isArrayBufferBacked(bytes) ? bytes : concatBytes(bytes);
}

function isArrayBufferBacked(bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer;
}
