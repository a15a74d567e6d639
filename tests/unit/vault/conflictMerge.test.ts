import { describe, expect, it } from 'vitest';
import { keepMineOnNewer } from '../../../src/features/vault/form/conflictMerge';
import type { PasswordEntry } from '../../../src/features/vault/model';

const opened: PasswordEntry = {
  id: 'e1',
  title: 'Bank',
  url: null,
  notes: null,
  username: 'ana',
  password: 'first',
  groupId: null,
  createdAt: 1,
  updatedAt: 1,
  revision: 1,
  undecryptable: false,
};

const draftOf = (entry: PasswordEntry) => ({
  title: entry.title,
  url: entry.url,
  notes: entry.notes,
  username: entry.username,
  password: entry.password,
  groupId: entry.groupId,
});

describe('keepMineOnNewer (issue #17: Keep mine never undoes an edit the user did not make)', () => {
  const newer: PasswordEntry = { ...opened, password: 'theirs', groupId: 'g1', notes: 'their note', revision: 2 };

  it('takes the newer value of every field the user left as it was', () => {
    expect(keepMineOnNewer(opened, { ...draftOf(opened), title: 'Bank (joint)' }, newer)).toEqual({
      ...draftOf(newer),
      title: 'Bank (joint)',
    });
  });

  it('keeps the user’s value of a field both changed, and a field the user cleared', () => {
    const withNote = { ...opened, notes: 'old note' };
    expect(keepMineOnNewer(withNote, { ...draftOf(withNote), password: 'mine', notes: null }, { ...newer, notes: 'old note' })).toEqual({
      ...draftOf(newer),
      password: 'mine',
      notes: null,
    });
  });

  it('an empty url or notes typed as "" counts as unchanged from a stored null', () => {
    expect(keepMineOnNewer(opened, { ...draftOf(opened), url: '', notes: '' }, newer)).toEqual(draftOf(newer));
  });

  it('with nothing changed on either side, it is the user’s draft', () => {
    expect(keepMineOnNewer(opened, draftOf(opened), opened)).toEqual(draftOf(opened));
  });
});
