import type * as z from 'zod/mini';
import type { Payload } from './callables';

// Every callable wrapper reads its reply with the callable's reply schema (src/domain/callables,
// the contract the functions answer by): a reply of the wrong shape rejects with
// UnexpectedReplyError rather than handing a feature a half-read value.

export type CallableInvoker = (name: string, data: Payload) => Promise<unknown>;

export class UnexpectedReplyError extends Error {
  constructor(name: string) {
    super(`${name} returned an unexpected reply.`);
    this.name = 'UnexpectedReplyError';
  }
}

/** `reply` as `schema` reads it, or UnexpectedReplyError naming the callable. */
export function readReply<S extends z.ZodMiniType>(name: string, schema: S, reply: unknown): z.output<S> {
  const read = schema.safeParse(reply);
  if (!read.success) throw new UnexpectedReplyError(name);
  return read.data;
}
