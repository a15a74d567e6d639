// The order of a Firestore query ordered by a string field, made in the browser where the
// documents come from elsewhere (a sealed title is ordered after decryption; the device copy
// answers by id).

const utf8 = new TextEncoder();

/** Byte order of UTF-8, which is code point order: how Firestore ordered the titles. */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** The order a query ordered by `field` gave (the field by code point, then document id), now made in the browser. */
export function sortedBy(field: 'title' | 'name', documents: readonly (readonly [string, unknown])[]): (readonly [string, unknown])[] {
  const keyed = documents.map((document) => {
    const value = (document[1] as Record<string, unknown> | undefined)?.[field];
    return { document, title: utf8.encode(typeof value === 'string' ? value : ''), id: utf8.encode(document[0]) };
  });
  keyed.sort((a, b) => compareBytes(a.title, b.title) || compareBytes(a.id, b.id));
  return keyed.map(({ document }) => document);
}
