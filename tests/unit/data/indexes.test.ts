import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface IndexField {
  fieldPath: string;
  order?: string;
}
const { indexes } = JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as {
  indexes: { collectionGroup: string; fields: IndexField[] }[];
};

function hasIndex(collection: string, fields: string[]): boolean {
  return indexes.some(
    (index) => index.collectionGroup === collection && index.fields.map((field) => field.fieldPath).join(',') === fields.join(','),
  );
}

// Every composite query the repositories make (equality filters, then the order), so that a query
// added without its index fails here rather than in production.
describe('firestore.indexes.json', () => {
  it.each([
    ['passwords', ['userId', 'teamId', 'title']],
    ['groups', ['userId', 'teamId', 'name']],
  ])('has the %s index on %j', (collection, fields) => {
    expect(hasIndex(collection, fields)).toBe(true);
  });
});
