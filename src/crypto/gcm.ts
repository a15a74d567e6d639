// Internal: the one AES-GCM implementation behind entry encryption, the check value and key
// wrapping. Sealed form is IV ‖ ciphertext ‖ tag (SPEC §3). Not exported from index.ts: callers
// go through the typed-key functions.
import { concatBytes, toBufferSource, utf8Encode, utf8EncodeInto } from './encoding';
import { CryptoError, DecryptionError, InvalidCiphertextError } from './errors';
import { AES_KEY_BITS, GCM_TAG_BYTES, IV_BYTES } from './parameters';
import { randomBytes } from './random';

function gcmParams(iv: Uint8Array<ArrayBuffer>, context: string | undefined): AesGcmParams {
  // Empty additional data and none at all authenticate identically in GCM; omit it for clarity.
  return context ? { name: 'AES-GCM', iv, additionalData: utf8Encode(context) } : { name: 'AES-GCM', iv };
}

function splitSealed(sealed: Uint8Array<ArrayBuffer>): { iv: Uint8Array<ArrayBuffer>; body: Uint8Array<ArrayBuffer> } {
  if (sealed.length < IV_BYTES + GCM_TAG_BYTES) {
    throw new InvalidCiphertextError('The encrypted data is too short.');
  }
  return { iv: sealed.slice(0, IV_BYTES), body: sealed.subarray(IV_BYTES) };
}

export function gcmSeal(key: CryptoKey, plaintext: Uint8Array, context?: string): Promise<Uint8Array<ArrayBuffer>> {
  return gcmSealThen(key, plaintext, context, (iv, body) => concatBytes(iv, body));
}

/**
 * gcmSeal with `use` applied to the IV and the ciphertext ‖ tag in the same step, before they are
 * joined: the sealed form is their concatenation, and a caller that only encodes it (base64 of a
 * 12-byte IV is a whole number of quads) need not copy it first. Not an async function, as
 * gcmOpenThen: an import seals thousands of parts at once (issue #20's bench). Throws only for a
 * plaintext WebCrypto refuses, as a rejection.
 */
export function gcmSealThen<T>(
  key: CryptoKey,
  plaintext: Uint8Array,
  context: string | undefined,
  use: (iv: Uint8Array<ArrayBuffer>, body: Uint8Array<ArrayBuffer>) => T,
  // A fresh random IV per call; with 96-bit IVs the collision risk stays negligible far beyond
  // the number of encryptions one key will ever see here. Callers sealing by the thousand pass
  // random.ts's pooledIv().
  iv: Uint8Array<ArrayBuffer> = randomBytes(IV_BYTES),
): Promise<T> {
  return sealStart(key, toBufferSource(plaintext), context ? utf8Encode(context) : undefined, use, iv);
}

// gcmSealTextThen's plaintext and additional data are encoded here rather than into two new buffers
// each: an import seals 20,000 parts, and allocating and collecting those buffers cost more than
// the rest of the work around the encryptions (issue #20's bench). WebCrypto copies its inputs
// before encrypt() returns (the spec's "get a copy of the bytes"), so the buffer is free again at once.
const textScratch = new Uint8Array(16 * 1024);

/** gcmSealThen of a text (UTF-8), for callers sealing by the thousand: one IV from pooledIv() each. */
export function gcmSealTextThen<T>(
  key: CryptoKey,
  text: string,
  context: string,
  use: (iv: Uint8Array<ArrayBuffer>, body: Uint8Array<ArrayBuffer>) => T,
  iv: Uint8Array<ArrayBuffer>,
): Promise<T> {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit; a text that might not fit gets its own buffer.
  if ((text.length + context.length) * 3 > textScratch.length) return gcmSealThen(key, utf8Encode(text), context, use, iv);
  const textEnd = utf8EncodeInto(text, textScratch);
  const contextEnd = textEnd + utf8EncodeInto(context, textScratch.subarray(textEnd));
  try {
    return sealStart(key, textScratch.subarray(0, textEnd), context ? textScratch.subarray(textEnd, contextEnd) : undefined, use, iv);
  } finally {
    // The plaintext does not stay in a long-lived buffer.
    textScratch.fill(0, 0, textEnd);
  }
}

function sealStart<T>(
  key: CryptoKey,
  plaintext: Uint8Array<ArrayBuffer>,
  // Empty additional data and none at all authenticate identically in GCM; omit it for clarity.
  additionalData: Uint8Array<ArrayBuffer> | undefined,
  use: (iv: Uint8Array<ArrayBuffer>, body: Uint8Array<ArrayBuffer>) => T,
  iv: Uint8Array<ArrayBuffer>,
): Promise<T> {
  if (iv.length !== IV_BYTES) return Promise.reject(new CryptoError(`An AES-GCM IV is ${IV_BYTES} bytes.`));
  const params: AesGcmParams = additionalData ? { name: 'AES-GCM', iv, additionalData } : { name: 'AES-GCM', iv };
  return globalThis.crypto.subtle.encrypt(params, key, plaintext).then((body) => use(iv, new Uint8Array(body)));
}

export function gcmOpen(key: CryptoKey, sealed: Uint8Array, context?: string): Promise<Uint8Array<ArrayBuffer>> {
  return gcmOpenThen(key, sealed, context, (plain) => plain);
}

/**
 * gcmOpen with `use` applied to the plaintext in the same step (its errors pass through as they
 * are). Not an async function, on purpose: a vault opens thousands of parts at once, and each
 * async layer or extra `then` costs promises and turns of the microtask queue beside WebCrypto's
 * own work (issue #18's bench). A malformed ciphertext still rejects rather than throws.
 */
export function gcmOpenThen<T>(key: CryptoKey, sealed: Uint8Array, context: string | undefined, use: (plain: Uint8Array<ArrayBuffer>) => T): Promise<T> {
  let decrypting: Promise<ArrayBuffer>;
  try {
    decrypting = gcmDecryptStart(key, sealed, context);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return decrypting.then(
    (plain) => use(new Uint8Array(plain)),
    (cause: unknown) => {
      throw new DecryptionError({ cause });
    },
  );
}

/**
 * Starts one decryption. Throws (InvalidCiphertextError) for a value too short to be a ciphertext;
 * the promise rejects with WebCrypto's own error when the tag check fails, which callers turn into
 * a DecryptionError. For loops that settle many decryptions without a promise layer each.
 */
export function gcmDecryptStart(key: CryptoKey, sealed: Uint8Array, context: string | undefined): Promise<ArrayBuffer> {
  const { iv, body } = splitSealed(toBufferSource(sealed));
  return globalThis.crypto.subtle.decrypt(gcmParams(iv, context), key, body);
}

/** Wraps an AES key (raw) with AES-GCM; same sealed layout as data. */
export async function gcmWrapKey(key: CryptoKey, wrappingKey: CryptoKey, context: string): Promise<Uint8Array<ArrayBuffer>> {
  const iv = randomBytes(IV_BYTES);
  const wrapped = await globalThis.crypto.subtle.wrapKey('raw', key, wrappingKey, gcmParams(iv, context));
  return concatBytes(iv, new Uint8Array(wrapped));
}

/** Unwraps an AES-256-GCM key; anything else (wrong tag, wrong key length) is a DecryptionError. */
export async function gcmUnwrapAesKey(
  sealed: Uint8Array,
  unwrappingKey: CryptoKey,
  context: string,
  extractable: boolean,
): Promise<CryptoKey> {
  const { iv, body } = splitSealed(toBufferSource(sealed));
  let key: CryptoKey;
  try {
    key = await globalThis.crypto.subtle.unwrapKey(
      'raw',
      body,
      unwrappingKey,
      gcmParams(iv, context),
      { name: 'AES-GCM', length: AES_KEY_BITS },
      extractable,
      ['encrypt', 'decrypt'],
    );
  } catch (cause) {
    throw new DecryptionError({ cause });
  }
  return requireAes256(key);
}

/** Raw AES import takes its length from the data; refuse a key shorter than the one we promise. */
export function requireAes256(key: CryptoKey): CryptoKey {
  const { algorithm } = key;
  if (algorithm.name !== 'AES-GCM' || !('length' in algorithm) || algorithm.length !== AES_KEY_BITS) {
    throw new DecryptionError();
  }
  return key;
}
