import { describe, expect, it, vi } from 'vitest';
import { asStoredCiphertext } from '../../../src/crypto';
import { MalformedRecordError, passwordEntryFrom } from '../../../src/data/firestore/storedDocuments';
import { applyEntryChanges } from '../../../src/data/vault/entryChanges';
import { entryLabel, quickStoredEntry, storedPasswordEntrySchema } from '../../../src/data/vault/entrySchemas';
import { readListing } from '../../../src/data/vault/listing';
import { PLAIN_ENTRY_FIELDS, type StoredSealedEntry } from '../../../src/data/vault/storedEntries';
import { MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { sampleEntry } from '../../contract/vaultRepositories.contract';
import { forgedSealed } from '../../support/forgedCiphertext';

// Issue #18: a stored entry is format 1 (clear title/url/notes) or format 2 (sealed overview and
// details), never a mixture.

const CIPHER = forgedSealed<never>('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
// Two parts that differ, of the ciphertext's shape (the stored shapes take nothing else, issue #19).
const O = asStoredCiphertext('entry-overview', 'b3Zl');
const D = asStoredCiphertext('entry-details', 'ZGV0');

function sealedEntry(overrides: Partial<StoredSealedEntry> = {}): StoredSealedEntry {
  return {
    format: 2,
    overview: CIPHER,
    details: CIPHER,
    teamId: null,
    userId: 'ana',
    groupId: null,
    encrypted: true,
    revision: 1,
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
}

function problem(data: unknown): string {
  try {
    passwordEntryFrom('passwords/p1', data as Record<string, unknown>);
  } catch (error) {
    if (error instanceof MalformedRecordError) return error.problem;
    throw error;
  }
  return 'accepted';
}

describe('stored entry: format 1 or format 2', () => {
  it('reads a format-2 entry as stored, personal and team, and a format-1 one with or without format: 1', () => {
    const personal = sealedEntry();
    expect(passwordEntryFrom('passwords/p1', { ...personal })).toEqual(personal);
    const team = sealedEntry({ teamId: 't1', keyVersion: 3, groupId: 'g1' });
    expect(passwordEntryFrom('passwords/p2', { ...team })).toEqual(team);
    const plain = sampleEntry('ana', 'Bank');
    expect(passwordEntryFrom('passwords/p3', { ...plain })).toEqual(plain);
    expect(passwordEntryFrom('passwords/p3', { ...plain, format: 1 })).toEqual({ ...plain, format: 1 });
  });

  it('reads a format-3 entry (an item of any kind, issue #44) as stored, by the schema and the quick reader alike; a clear field beside it is malformed', () => {
    const item = sealedEntry({ format: 3, teamId: 't1', keyVersion: 2 });
    expect(passwordEntryFrom('passwords/p4', { ...item })).toEqual(item);
    expect(quickStoredEntry({ ...item })).toEqual(item);
    expect(problem({ ...item, title: 'in clear' })).toBe('field "title" is missing or has the wrong type');
    expect(entryLabel({ ...item, title: 'in clear' })).toBeNull();
  });

  it('a revision missing on a format-2 document reads as 0, as for format 1', () => {
    const { revision: _revision, ...bare } = sealedEntry();
    expect(passwordEntryFrom('passwords/p1', bare).revision).toBe(0);
  });

  it('a format-2 document holding any clear field is malformed, naming the field', () => {
    for (const field of PLAIN_ENTRY_FIELDS) {
      expect(problem({ ...sealedEntry(), [field]: 'in clear' })).toBe(`field "${field}" is missing or has the wrong type`);
      // Even null: the field is not absent.
      expect(problem({ ...sealedEntry(), [field]: null })).toBe(`field "${field}" is missing or has the wrong type`);
    }
  });

  it('a format-1 document holding a sealed part is malformed; a format-2 one without both parts is malformed', () => {
    expect(problem({ ...sampleEntry('ana', 'Bank'), overview: CIPHER })).toBe('field "overview" is missing or has the wrong type');
    expect(problem({ ...sampleEntry('ana', 'Bank'), details: CIPHER })).toBe('field "details" is missing or has the wrong type');
    const { details: _details, ...noDetails } = sealedEntry();
    expect(problem(noDetails)).toBe('field "details" is missing or has the wrong type');
    expect(problem({ ...sealedEntry(), overview: 7 })).toBe('field "overview" is missing or has the wrong type');
  });

  it('an unknown format is malformed at "format"; a format-1 document is still judged by its own fields', () => {
    expect(problem({ ...sealedEntry(), format: 4 })).toBe('field "format" is missing or has the wrong type');
    expect(problem({ ...sealedEntry(), format: '2' })).toBe('field "format" is missing or has the wrong type');
    expect(problem({ ...sampleEntry('ana', 'Bank'), encrypted: false })).toBe('field "encrypted" is missing or has the wrong type');
    expect(problem({ ...sealedEntry(), encrypted: false })).toBe('field "encrypted" is missing or has the wrong type');
  });

  it('a malformed document claiming format 2 is listed with no label, even beside a clear title', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const listing = readListing('passwords', storedPasswordEntrySchema, entryLabel, [
      ['a', { ...sealedEntry(), title: 'Leaked title', groupId: 'g1' }],
      ['b', { ...sampleEntry('ana', 'Plain title'), updatedAt: 'soon' }],
      ['c', sealedEntry()],
    ]);
    expect(listing.items.map((item) => item.id)).toEqual(['c']);
    expect(listing.malformed.map(({ id, label, groupId }) => ({ id, label, groupId }))).toEqual([
      { id: 'a', label: null, groupId: 'g1' },
      { id: 'b', label: 'Plain title', groupId: null },
    ]);
    vi.restoreAllMocks();
  });

  it('sealing a format-1 entry in an edit removes the clear fields; an edit leaving a mixture is refused', () => {
    const plain = sampleEntry('ana', 'Bank', { keyVersion: 2, teamId: 't1' });
    const sealed = applyEntryChanges(plain, { format: 2, overview: O, details: D, keyVersion: 3, remove: [...PLAIN_ENTRY_FIELDS] }, 5_000);
    expect(sealed).toEqual(sealedEntry({ overview: O, details: D, teamId: 't1', keyVersion: 3, revision: 2, updatedAt: 5_000 }));
    expect(() => applyEntryChanges(plain, { format: 2, overview: O, details: D }, 5_000)).toThrow(/neither format/);
    expect(() => applyEntryChanges(sealedEntry(), { title: 'back in clear' }, 5_000)).toThrow(/neither format/);
  });

  it('the memory repository updates a format-1 entry into format 2 on its revision, like deleteField on Firestore', async () => {
    const repository = new MemoryPasswordRepository();
    await repository.create('e1', sampleEntry('ana', 'Bank'));
    await repository.update('e1', { format: 2, overview: O, details: D, remove: [...PLAIN_ENTRY_FIELDS] }, 7_000, 1);
    const [stored] = await repository.listPersonal('ana');
    expect(stored?.data).toEqual(sealedEntry({ overview: O, details: D, revision: 2, updatedAt: 7_000 }));
    for (const field of PLAIN_ENTRY_FIELDS) expect(stored && field in stored.data).toBe(false);
  });
});
