import type { Score } from '@zxcvbn-ts/core';

// The messages between the page and the strength worker (strengthWorker.ts). Both ends check what
// they receive: a message of any other shape is dropped, never read as a score.

/** Estimate `password`, the `userInputs` counting as guessable. */
export interface StrengthRequest {
  readonly id: number;
  readonly password: string;
  readonly userInputs: readonly string[];
}

export type StrengthReply =
  | { readonly id: number; readonly score: Score; readonly warning: string | null }
  | { readonly id: number; readonly failed: string };

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

export function isStrengthRequest(value: unknown): value is StrengthRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { id, password, userInputs } = value as Record<string, unknown>;
  return isId(id) && typeof password === 'string' && Array.isArray(userInputs) && userInputs.every((input) => typeof input === 'string');
}

export function isStrengthReply(value: unknown): value is StrengthReply {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as Record<string, unknown>;
  if (!isId(reply.id)) return false;
  if ('failed' in reply) return typeof reply.failed === 'string';
  return [0, 1, 2, 3, 4].includes(reply.score as number) && (reply.warning === null || typeof reply.warning === 'string');
}
