// Collections the rules keep shut to clients (server-only ones, and any path no issue has opened):
// every operation, by anyone, is denied. When one opens, give it its own rows file and drop it from
// CLOSED in rows.ts.
import { DENY_ALL, OWNER, type CollectionTable } from './table';

export function closedTable(collection: string): CollectionTable {
  const path = `${collection}/${OWNER}-doc`;
  // Even a document naming the owner every way a future rule might look for them stays closed.
  const document = () => ({ userId: OWNER, ownerId: OWNER, memberIds: [OWNER], value: 1 });
  return {
    collection,
    seed: () => ({ [path]: document() }),
    access: [
      { op: 'get', what: 'a seeded document', path, expect: DENY_ALL },
      { op: 'list', what: 'the whole collection', path: collection, expect: DENY_ALL },
      { op: 'list', what: 'the documents naming the owner', path: collection, where: [['userId', '==', OWNER]], expect: DENY_ALL },
      { op: 'create', what: 'a new document', path: `${collection}/new`, data: document, expect: DENY_ALL },
      { op: 'update', what: 'a field of a seeded document', path, data: () => ({ value: 2 }), expect: DENY_ALL },
      { op: 'delete', what: 'a seeded document', path, expect: DENY_ALL },
    ],
    malformed: [],
  };
}

