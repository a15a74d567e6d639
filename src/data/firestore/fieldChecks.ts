import type * as z from 'zod/mini';
import { MalformedRecordError } from '../malformedRecord';

// Firestore hands back whatever is stored; nothing untyped leaves the data layer. Documents are
// read through their schemas (storedDocuments.ts), and one that does not have the stored shape is
// refused with the path and the field.

export { MalformedRecordError };

export type Data = Readonly<Record<string, unknown>>;

/** `data` as `schema` reads it, or a MalformedRecordError naming the first field that is wrong. */
export function readStored<T>(path: string, schema: z.ZodMiniType<T>, data: unknown): T {
  const read = schema.safeParse(data);
  if (read.success) return read.data;
  const field = read.error.issues[0]?.path.map(String).join('.') ?? '';
  throw new MalformedRecordError(path, field === '' ? '(document)' : field);
}

export function field<T>(path: string, data: Data, name: string, check: (value: unknown) => value is T): T {
  const value = data[name];
  if (!check(value)) throw new MalformedRecordError(path, name);
  return value;
}

export const isString = (value: unknown): value is string => typeof value === 'string';
