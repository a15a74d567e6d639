// Issue #21: All items is every open vault as one list by title, each entry knowing its vault.
import { describe, expect, it } from 'vitest';
import { spannedLoad, spanVaults } from '../../../src/features/vault/allItems/allItemsSources';
import { mergeLists } from '../../../src/features/vault/entryOrder';
import type { Group, PasswordEntry } from '../../../src/features/vault/model';
import type { VaultState } from '../../../src/features/vault/session/vaultSession';

const entry = (id: string, title: string, groupId: string | null = null): PasswordEntry => ({
  id,
  title,
  url: null,
  notes: null,
  username: '',
  password: '',
  groupId,
  createdAt: 1,
  updatedAt: 1,
  revision: 1,
  undecryptable: false,
});

const group = (id: string, name: string): Group => ({ id, name, description: null, createdAt: 1, updatedAt: 1, revision: 1 });

const state = (entries: PasswordEntry[], groups: Group[] = [], load: VaultState['load'] = { status: 'ready' }): VaultState => ({ entries, groups, load, sealing: null });

describe('mergeLists', () => {
  it('merges lists already in title order into one, ties by id', () => {
    const merged = mergeLists([[entry('p1', 'Bank'), entry('p2', 'Mail')], [], [entry('t1', 'Deploy'), entry('t0', 'Mail')], [entry('u1', 'Alpha')]]);
    expect(merged.map((item) => item.id)).toEqual(['u1', 'p1', 't1', 'p2', 't0']);
  });

  it('hands back the one non-empty list itself (no copy on every page of a single vault)', () => {
    const only = [entry('a', 'A')];
    expect(mergeLists([[], only])).toBe(only);
    expect(mergeLists([])).toEqual([]);
  });
});

describe('spanVaults', () => {
  it('says which vault each entry is in and names its group from that vault’s groups', () => {
    const spanned = spanVaults([
      state([entry('p1', 'Bank', 'g1')], [group('g1', 'Work')]),
      state([entry('t1', 'Deploy', 'g1'), entry('t2', 'Wiki', 'gone')], [group('g1', 'Ops')]),
    ]);
    expect(spanned.entries.map((item) => item.id)).toEqual(['p1', 't1', 't2']);
    expect(spanned.sourceOf.get('t1')).toBe(1);
    expect(spanned.entries.map((item) => spanned.groupNameOf(item))).toEqual(['Work', 'Ops', null]);
  });
});

describe('spannedLoad', () => {
  it('is loading while any vault is, counts what is in, and lists the vaults that failed', () => {
    expect(spannedLoad([state([entry('a', 'A')]), state([], [], { status: 'loading', loaded: 0 })])).toEqual({ loading: true, loaded: 1, failed: [] });
    expect(spannedLoad([state([], [], { status: 'failed', message: 'Failed to load teams/passwords' }), state([entry('a', 'A')])])).toEqual({
      loading: false,
      loaded: 1,
      failed: [0],
    });
  });
});
