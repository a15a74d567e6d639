import * as z from 'zod/mini';

// The field schemas the callables' request schemas are made of (docs/architecture.md "The callable
// contract"). Every field schema carries the one message a caller sees whatever is wrong with the
// field (missing, wrong type, bad value), so a refusal never echoes the value: some are secrets.
// Pure and free of Node's Buffer: the browser and the fakes parse with the same schemas.

/** A field that `test` accepts; anything else is refused with `message`. */
export function fieldOf<T>(test: (value: unknown) => value is T, message: string): z.ZodMiniCustom<T, T> {
  return z.custom<T>(test, { error: message });
}

/** Text that is required (not blank) and at most `maxLength` long; returned as sent. */
export function requiredText(field: string, maxLength: number): z.ZodMiniString<string> {
  return z
    .string({ error: `${field} is required.` })
    .check(
      z.refine((value) => value.trim() !== '', { error: `${field} is required.`, abort: true }),
      z.maxLength(maxLength, { error: `${field} is too long.` }),
    );
}

/** An optional true or false. */
export function optionalFlag(field: string): z.ZodMiniOptional<z.ZodMiniBoolean<boolean>> {
  return z.optional(z.boolean({ error: `${field} must be true or false.` }));
}

/** Firestore document ids and Auth uids as this app makes them; safe as a map key in a field path. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const RESERVED_ID = /^__.*__$/;

export function isFirestoreId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && !RESERVED_ID.test(value);
}

/** A document id field. */
export function documentId(field: string): z.ZodMiniCustom<string, string> {
  return fieldOf(isFirestoreId, `${field} must be a document id.`);
}

/** Canonical base64 (padded, no whitespace, re-encodes to itself) of exactly `bytes` bytes. */
export function isCanonicalBase64(value: unknown, bytes: number): value is string {
  if (typeof value !== 'string' || value.length !== 4 * Math.ceil(bytes / 3)) return false;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return false;
  let decoded: string;
  try {
    decoded = atob(value);
  } catch {
    return false;
  }
  // A spelling with stray low bits decodes to the same bytes but does not re-encode to itself.
  return decoded.length === bytes && btoa(decoded) === value;
}

/** base64url, no padding, of 32 bytes: the link's shared secret and the accept proof. */
const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;

/** 43 base64url characters in the one spelling of their 32 bytes (what bytesToBase64Url makes). */
export function isBase64Url32(value: unknown): value is string {
  if (typeof value !== 'string' || !BASE64URL_32_BYTES.test(value)) return false;
  return isCanonicalBase64(`${value.replaceAll('-', '+').replaceAll('_', '/')}=`, 32);
}
