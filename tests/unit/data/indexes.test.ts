import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface IndexField {
  fieldPath: string;
  order?: string;
  arrayConfig?: string;
}
const { indexes } = JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as {
  indexes: { collectionGroup: string; queryScope?: string; fields: IndexField[] }[];
};

/** A field as the tests name it: `title` (ascending), `memberIds[]` (array-contains). */
function fieldName(field: IndexField): string {
  if (field.arrayConfig === 'CONTAINS') return `${field.fieldPath}[]`;
  return field.order === 'DESCENDING' ? `${field.fieldPath} desc` : field.fieldPath;
}

function hasIndex(collection: string, fields: string[]): boolean {
  return indexes.some(
    (index) =>
      index.collectionGroup === collection &&
      (index.queryScope ?? 'COLLECTION') === 'COLLECTION' &&
      index.fields.map(fieldName).join(',') === fields.join(','),
  );
}

// Every composite query the repositories and functions make (equality and array-contains filters,
// then the range or order), so that a query added without its index fails here rather than in
// production.
describe('firestore.indexes.json', () => {
  it.each([
    // The entry lists by title of the previous release (entries are now read in pages on the
    // document id); kept while its clients may still ask (docs/vault.md, "Loading").
    ['passwords', ['userId', 'teamId', 'title']],
    // Groups by name of the previous release (sealed names cannot be ordered; groups are now ordered in the browser).
    ['groups', ['userId', 'teamId', 'name']],
    // Membership query: array-contains uid, deleting == false (the rules need it), ordered by name.
    ['teams', ['memberIds[]', 'deleting', 'name']],
    // createTeam's plan limit: teams owned and not being deleted.
    ['teams', ['ownerId', 'deleting']],
    ['passwords', ['teamId', 'title']],
    // finishKeyRotation: any entry of the team below keyVersion.
    ['passwords', ['teamId', 'keyVersion']],
    ['groups', ['teamId', 'name']],
    // The invitee's and a team's pending invitations, newest first (docs/invitations.md).
    ['invitations', ['email', 'status', 'createdAt desc']],
    ['invitations', ['teamId', 'status', 'createdAt desc']],
    // expireInvitationsHourly: pending invitations past their expiry.
    ['invitations', ['status', 'expiresAt']],
  ])('has the %s index on %j', (collection, fields) => {
    expect(hasIndex(collection, fields)).toBe(true);
  });

  it('has each index once, with every field either ordered or array-contains', () => {
    const keys = indexes.map((index) => `${index.collectionGroup}:${index.fields.map(fieldName).join(',')}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const field of indexes.flatMap((index) => index.fields)) {
      expect(Boolean(field.order) !== Boolean(field.arrayConfig), field.fieldPath).toBe(true);
    }
  });
});
