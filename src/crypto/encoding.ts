import { InvalidCiphertextError } from './errors';

// atob is "forgiving": it skips whitespace, tolerates missing padding and ignores non-zero
// trailing bits. Stored ciphertext and keys must have exactly one spelling, so we check the
// alphabet and shape first and then insist the value re-encodes to itself.
const BASE64_SHAPE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL_SHAPE = /^[A-Za-z0-9_-]*$/;

// String.fromCharCode(...bytes) overflows the call stack on large inputs.
const CHUNK = 0x8000;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + CHUNK));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  if (typeof base64 !== 'string' || !BASE64_SHAPE.test(base64)) {
    throw new InvalidCiphertextError('The data is not valid base64.');
  }
  if (!paddingBitsZero(base64)) {
    throw new InvalidCiphertextError('The data is not canonical base64.');
  }
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Of strings of BASE64_SHAPE, the one spelling that re-encodes to itself is the one whose last
 * character before the padding carries no bits past the data (4 of them before '==', 2 before
 * '='). Checked directly rather than by encoding the bytes again: a vault opens thousands of
 * ciphertexts, and the second encoding cost more than the decoding (issue #18's bench).
 */
function paddingBitsZero(base64: string): boolean {
  const { length } = base64;
  if (base64.endsWith('==')) return (BASE64_ALPHABET.indexOf(base64.charAt(length - 3)) & 0x0f) === 0;
  if (base64.endsWith('=')) return (BASE64_ALPHABET.indexOf(base64.charAt(length - 2)) & 0x03) === 0;
  return true;
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
