import { describe, expect, it } from 'vitest';
import { ALL_PASSWORDS, filterByGroup, NO_GROUP } from '../../../src/features/vault/groupFilter';
import type { Group, PasswordEntry } from '../../../src/features/vault/model';

function entry(id: string, groupId: string | null): PasswordEntry {
  return {
    id,
    title: id,
    url: null,
    notes: null,
    username: 'u',
    password: 'p',
    groupId,
    createdAt: 0,
    updatedAt: 0,
    revision: 1,
    undecryptable: false,
  };
}

const work: Group = { id: 'g-work', name: 'Work', description: null, createdAt: 0, updatedAt: 0, revision: 1 };
const home: Group = { id: 'g-home', name: 'Home', description: null, createdAt: 0, updatedAt: 0, revision: 1 };
const entries = [entry('wifi', 'g-work'), entry('bank', null), entry('tv', 'g-home'), entry('orphan', 'g-gone')];
const ids = (list: readonly PasswordEntry[]) => list.map((item) => item.id);

describe('filterByGroup', () => {
  it('All Passwords shows every entry', () => {
    expect(ids(filterByGroup(entries, ALL_PASSWORDS, [work, home]))).toEqual(['wifi', 'bank', 'tv', 'orphan']);
  });

  it('one group shows only its entries', () => {
    expect(ids(filterByGroup(entries, { kind: 'group', groupId: 'g-work' }, [work, home]))).toEqual(['wifi']);
  });

  it('No Group shows the entries without a group, and those whose group is unknown', () => {
    expect(ids(filterByGroup(entries, NO_GROUP, [work, home]))).toEqual(['bank', 'orphan']);
    expect(ids(filterByGroup(entries, NO_GROUP, [work]))).toEqual(['bank', 'tv', 'orphan']);
    expect(filterByGroup([entry('wifi', 'g-work')], NO_GROUP, [work])).toEqual([]);
  });
});
