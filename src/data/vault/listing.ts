import type * as z from 'zod/mini';
import { readStored } from '../firestore/fieldChecks';
import { MalformedRecordError } from '../malformedRecord';
import type { Listing, MalformedDocument, WithId } from './storedEntries';

// One list read, for Firestore and the in-memory doubles alike: every document through its
// schema, and one of the wrong shape reported (and logged) by id instead of failing the list.

const field = (data: unknown, name: string): unknown => (typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined);

const stringField = (data: unknown, name: string): string | null => {
  const value = field(data, name);
  return typeof value === 'string' ? value : null;
};

const integerField = (data: unknown, name: string): number | null => {
  const value = field(data, name);
  return Number.isInteger(value) ? (value as number) : null;
};

/**
 * `documents` ([id, stored data] pairs, in list order) read through `schema`. `collection` names
 * the documents' path in the log; `labelField` is the field shown for a malformed one, or a
 * function that finds its label (entries: a document claiming the sealed format has none, entryLabel).
 * `quick`, when given, reads a well-formed document faster than the schema and answers undefined
 * for any other, which the schema then reads (entries: quickStoredEntry).
 */
export function readListing<T>(
  collection: string,
  schema: z.ZodMiniType<T>,
  labelField: string | ((data: unknown) => string | null),
  documents: readonly (readonly [string, unknown])[],
  quick?: (data: unknown) => T | undefined,
): Listing<T> {
  const items: WithId<T>[] = [];
  const malformed: MalformedDocument[] = [];
  for (const [id, data] of documents) {
    const read = quick?.(data);
    if (read !== undefined) {
      items.push({ id, data: read });
      continue;
    }
    try {
      items.push({ id, data: readStored(`${collection}/${id}`, schema, data) });
    } catch (error) {
      if (!(error instanceof MalformedRecordError)) throw error;
      // Logged once here, where the path is known; the screens list it like an undecryptable entry.
      console.warn(`Malformed document ${error.message}`);
      malformed.push({
        id,
        problem: error.problem,
        label: typeof labelField === 'string' ? stringField(data, labelField) : labelField(data),
        groupId: stringField(data, 'groupId'),
        keyVersion: integerField(data, 'keyVersion'),
      });
    }
  }
  return { items, malformed };
}

/** The list as the strict readers return it: the first malformed document fails it, as before. */
export function strictItems<T>(collection: string, listing: Listing<T>): WithId<T>[] {
  const [first] = listing.malformed;
  if (first !== undefined) throw new MalformedRecordError(`${collection}/${first.id}`, first.problem, true);
  return listing.items;
}
