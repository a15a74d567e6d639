import { HttpsError } from 'firebase-functions/v2/https';
import type * as z from 'zod/mini';
import { NO_ARGUMENTS_MESSAGE, noArgumentsRequest } from '@keyloft/contract/callables/account';
import { brokenTextMessage, isWellFormedText } from '@keyloft/contract/wellFormedText';
import { requireObject } from './callable';

// Callable payloads are described by the shared zod/mini schemas of src/domain/callables (the
// callable contract, docs/architecture.md) and parsed here, before anything is read or written; a
// schema's refusal becomes invalid-argument with the field's own message, which never echoes the
// value: some are secrets.

export { fieldOf, optionalFlag, requiredText } from '@keyloft/contract/callables/fields';
export { NO_ARGUMENTS_MESSAGE };

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
 * null (src/domain/wellFormedText.ts): refused before any schema, read or write, by every callable
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

/** For callables that take no arguments (src/domain/callables/account.ts noArgumentsRequest). */
export function requireNoArguments(data: unknown): void {
  if (!noArgumentsRequest.safeParse(data).success) throw new HttpsError('invalid-argument', NO_ARGUMENTS_MESSAGE);
}
