// quickStoredEntry (src/data/vault/entrySchemas.ts) reads well-formed entry documents without the
// schema, for speed (issue #18's bench): it must never accept a document the schema refuses, and
// must return exactly what the schema returns for one it accepts.
import { describe, expect, it } from 'vitest';
import { quickStoredEntry, storedPasswordEntrySchema } from '../../../src/data/vault/entrySchemas';

const CIPHER = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const common = { teamId: null, userId: 'ana', groupId: null, encrypted: true, revision: 3, createdAt: 1_000, updatedAt: 2_000 };
const plain = { title: 'Bank', url: 'https://bank.example', notes: 'n', username: CIPHER, password: CIPHER, ...common };
const sealed = { format: 2, overview: CIPHER, details: CIPHER, ...common };
const team = { ...sealed, teamId: 't1', userId: 'bob', groupId: 'g1', keyVersion: 4 };

const FIELDS = ['format', 'title', 'url', 'notes', 'username', 'password', 'overview', 'details', ...Object.keys(common), 'keyVersion', 'extra'];
const VALUES: unknown[] = [undefined, null, '', 'x', CIPHER, 0, 1, 2, 3, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, true, false, {}, [], ['x']];

/** Every base document, each field deleted and set to each value in turn. */
function variants(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const base of [plain, sealed, team, { ...plain, format: 1 }, { ...plain, url: undefined }, { title: 'T', username: CIPHER, password: CIPHER, ...common }]) {
    out.push({ ...base });
    for (const field of FIELDS) {
      const { [field]: _removed, ...without } = base as Record<string, unknown>;
      out.push(without);
      for (const value of VALUES) out.push({ ...base, [field]: value });
    }
  }
  return out;
}

describe('quickStoredEntry', () => {
  it('reads the documents the app writes, in both formats, as the schema does', () => {
    for (const document of [plain, sealed, team, { ...plain, format: 1 }]) {
      const quick = quickStoredEntry(document);
      expect(quick).toBeDefined();
      expect(quick).toStrictEqual(storedPasswordEntrySchema.parse(document));
    }
    // A document written before revisions existed reads at revision 0, as the schema's default.
    const { revision: _revision, ...old } = plain;
    expect(quickStoredEntry(old)).toStrictEqual(storedPasswordEntrySchema.parse(old));
    expect(quickStoredEntry(old)?.revision).toBe(0);
  });

  it('never accepts what the schema refuses, and returns what the schema returns otherwise', () => {
    const documents = variants();
    let refused = 0;
    let quick = 0;
    for (const document of documents) {
      const read = storedPasswordEntrySchema.safeParse(document);
      const fast = quickStoredEntry(document);
      if (!read.success) {
        refused += 1;
        expect(fast, JSON.stringify(document)).toBeUndefined();
      } else if (fast !== undefined) {
        quick += 1;
        expect(fast, JSON.stringify(document)).toStrictEqual(read.data);
      }
    }
    // The variants hold both kinds in numbers, so neither branch is vacuous.
    expect(refused).toBeGreaterThan(200);
    expect(quick).toBeGreaterThan(50);
  });

  it('leaves anything that is not a plain object to the schema', () => {
    for (const value of [null, undefined, 'x', 1, [], new Map(), Object.assign(Object.create(null) as object, sealed)]) {
      expect(quickStoredEntry(value)).toBeUndefined();
    }
  });
});
