import { describe, expect, it } from 'vitest';
import { asStoredCiphertext } from '../../../src/crypto';
import { MalformedRecordError, groupFrom } from '../../../src/data/firestore/storedDocuments';
import { applyGroupChanges } from '../../../src/data/vault/entryChanges';
import { groupLabel, storedGroupSchema } from '../../../src/data/vault/entrySchemas';
import { readListing } from '../../../src/data/vault/listing';
import { PLAIN_GROUP_FIELDS, isSealedGroup, type StoredSealedGroup } from '../../../src/data/vault/storedEntries';
import { sampleGroup, sampleSealedGroup } from '../../contract/vaultRepositories.contract';

const PART = asStoredCiphertext('group-overview', 'UEFSVA==');

// Issue #18: a stored group is format 1 (clear name and description) or format 2 (one sealed part),
// never a mixture.

function problem(data: unknown): string {
  try {
    groupFrom('groups/g1', data as Record<string, unknown>);
  } catch (error) {
    if (error instanceof MalformedRecordError) return error.problem;
    throw error;
  }
  return 'accepted';
}

describe('stored group: format 1 or format 2', () => {
  it('reads a format-2 group as stored, personal and team, and a format-1 one with or without format: 1', () => {
    const personal = sampleSealedGroup('ana');
    expect(groupFrom('groups/g1', { ...personal })).toEqual(personal);
    expect(isSealedGroup(personal)).toBe(true);
    const team = sampleSealedGroup(null, { teamId: 't1', keyVersion: 3 });
    expect(groupFrom('groups/g2', { ...team })).toEqual(team);
    const plain = sampleGroup('ana', 'Work');
    expect(groupFrom('groups/g3', { ...plain })).toEqual(plain);
    expect(isSealedGroup(plain)).toBe(false);
    expect(groupFrom('groups/g3', { ...plain, format: 1 })).toEqual({ ...plain, format: 1 });
  });

  it('a format-2 group holding a clear name or description (even null) is malformed, naming the field', () => {
    for (const field of PLAIN_GROUP_FIELDS) {
      expect(problem({ ...sampleSealedGroup('ana'), [field]: 'in clear' })).toBe(`field "${field}" is missing or has the wrong type`);
      expect(problem({ ...sampleSealedGroup('ana'), [field]: null })).toBe(`field "${field}" is missing or has the wrong type`);
    }
  });

  it('a format-1 group holding a sealed part or a key version is malformed; a format-2 one without its part too', () => {
    expect(problem({ ...sampleGroup('ana', 'Work'), sealed: 'AAAA' })).toBe('field "sealed" is missing or has the wrong type');
    expect(problem({ ...sampleGroup('ana', 'Work'), keyVersion: 2 })).toBe('field "keyVersion" is missing or has the wrong type');
    const { sealed: _sealed, ...partless } = sampleSealedGroup('ana');
    expect(problem(partless)).toBe('field "sealed" is missing or has the wrong type');
    expect(problem({ ...sampleSealedGroup('ana'), format: 3 })).toContain('"format"');
  });

  it('a malformed sealed group is listed without a label; a malformed clear one by its name', () => {
    expect(groupLabel({ format: 2, name: 'planted in clear' })).toBeNull();
    expect(groupLabel({ name: 'Work', createdAt: 'x' })).toBe('Work');
    const listing = readListing('groups', storedGroupSchema, groupLabel, [
      ['g1', { ...sampleSealedGroup('ana'), name: 'leaked' }],
      ['g2', { ...sampleGroup('ana', 'Work'), sealed: 'AAAA' }],
    ]);
    expect(listing.malformed.map((document) => [document.id, document.label])).toEqual([
      ['g1', null],
      ['g2', 'Work'],
    ]);
  });
});

describe('applyGroupChanges', () => {
  it('seals a format-1 group when the clear fields are removed with it, and advances the revision', () => {
    const sealed = applyGroupChanges(sampleGroup('ana', 'Work'), { format: 2, sealed: PART, remove: [...PLAIN_GROUP_FIELDS] }, 5_000);
    expect(sealed).toEqual({ ...sampleSealedGroup('ana', { sealed: PART }), revision: 2, updatedAt: 5_000 } satisfies StoredSealedGroup);
  });

  it('renames a format-1 group, dropping a description listed in remove', () => {
    expect(applyGroupChanges(sampleGroup('ana', 'Work'), { name: 'Job', remove: ['description'] }, 5_000)).toEqual({
      name: 'Job',
      userId: 'ana',
      teamId: null,
      revision: 2,
      createdAt: 1_000,
      updatedAt: 5_000,
    });
  });

  it('refuses an edit that would leave a mixture (a sealed part beside the clear name)', () => {
    expect(() => applyGroupChanges(sampleGroup('ana', 'Work'), { format: 2, sealed: PART }, 5_000)).toThrow(/neither format: name, description/);
    expect(() => applyGroupChanges(sampleSealedGroup('ana'), { name: 'Back in clear' }, 5_000)).toThrow(/neither format/);
  });
});
