import { HttpsError } from 'firebase-functions/v2/https';
import * as z from 'zod/mini';
import { brokenTextMessage, isWellFormedText } from '@keyloft/contract/wellFormedText';
import { requireObject } from './callable';

// Callable payloads are described by zod schemas (ENGINEERING.md §9; zod's tree-shakable `mini`
// API, as in src/data/, so one style serves both) and parsed here, before anything is read or
// written. Every field schema carries the one message a caller sees whatever is wrong with the
// field (missing, wrong type, bad value), so a refusal never echoes the value: some are secrets.

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

/**
 * request.data (absent counts as `{}`) parsed by `schema`, or invalid-argument. An unknown field
 * of a strict schema is named first, as the caller's mistake is usually the field, not its value.
 */
export function parsePayload<S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> {
  const broken = brokenTextField(data);
  if (broken !== null) throw new HttpsError('invalid-argument', brokenTextMessage(broken));
  const result = schema.safeParse(requireObject(data));
  if (result.success) return result.data;
  throw new HttpsError('invalid-argument', refusalMessage(result.error.issues));
}

/**
 * The path of the first string (value or key, at any depth) that is not well-formed UTF-16, or
 * null (packages/contract/src/wellFormedText.ts): refused before any schema, read or write, by every callable
 * that parses its payload here, so a lone surrogate never reaches Firestore or an email.
 */
export function brokenTextField(data: unknown, path = 'The request'): string | null {
  if (typeof data === 'string') return isWellFormedText(data) ? null : path;
  if (typeof data !== 'object' || data === null) return null;
  for (const [key, value] of Object.entries(data)) {
    if (!isWellFormedText(key)) return `A field name of ${path}`;
    const found = brokenTextField(value, Array.isArray(data) ? `${path}[${key}]` : path === 'The request' ? key : `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

function refusalMessage(issues: readonly z.core.$ZodIssue[]): string {
  const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown !== undefined) return `Unexpected field: ${unknown.keys.join(', ')}.`;
  return issues[0]?.message ?? 'The request is not valid.';
}

/**
 * For callables that take no arguments: only null, undefined or {} pass. Anything else (a string,
 * a 10k array, `{ confirm: false }`, `{ planId: 'unlimited' }`) is refused rather than ignored, so
 * a caller never believes something it sent was honoured.
 */
export function requireNoArguments(data: unknown): void {
  if (data === null || data === undefined) return;
  if (typeof data !== 'object' || Array.isArray(data) || Object.keys(data).length > 0) {
    throw new HttpsError('invalid-argument', NO_ARGUMENTS_MESSAGE);
  }
}

export const NO_ARGUMENTS_MESSAGE = 'This call takes no arguments.';
