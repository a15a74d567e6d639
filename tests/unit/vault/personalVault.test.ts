import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../src/crypto';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { forgedSealed } from '../../support/forgedCiphertext';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import {
  createGroup,
  deleteGroup,
  loadEntries,
  loadGroups,
  savePassword,
  updateGroup,
  type PersonalVaultDeps,
} from '../../../src/features/vault/personalVault';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

// Format 1, field by field (a vault from before the sealed format, which still opens and may be
// edited until it is marked sealed); format 2 is tests/unit/vault/sealedEntries.test.ts.
function deps(): PersonalVaultDeps & { passwords: MemoryPasswordRepository; groups: MemoryGroupRepository } {
  let clock = 1_000;
  return {
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    vaultKey,
    userId: 'ana',
    sealedFormat: false,
    now: () => (clock += 1),
  };
}

const draft: ValidPasswordDraft = {
  title: 'Bank',
  url: 'https://bank.example',
  notes: 'branch 12',
  username: 'ana.s',
  password: 'correct horse',
  groupId: null,
};

describe('personal vault', () => {
  it('stores username and password as ciphertext only, and reads them back', async () => {
    const d = deps();
    const saved = await savePassword(d, draft);
    const [stored] = await d.passwords.listPersonal('ana');
    expect(stored?.data.username).not.toContain('ana.s');
    expect(stored?.data.password).not.toContain('correct horse');
    expect(stored?.data).toMatchObject({ title: 'Bank', url: 'https://bank.example', notes: 'branch 12', teamId: null, userId: 'ana', encrypted: true });
    expect(await loadEntries(d)).toEqual([saved]);
  });

  it('an edit that empties url and notes removes them, and keeps createdAt', async () => {
    const d = deps();
    const saved = await savePassword(d, draft);
    const edited = await savePassword(d, { ...draft, url: null, notes: null, password: 'new secret' }, saved);
    const [stored] = await d.passwords.listPersonal('ana');
    expect(stored && 'url' in stored.data).toBe(false);
    expect(stored && 'notes' in stored.data).toBe(false);
    expect(edited.createdAt).toBe(saved.createdAt);
    expect((await loadEntries(d))[0]?.password).toBe('new secret');
  });

  it('a ciphertext moved to another field or entry does not decrypt; the item is shown raw and logged', async () => {
    const d = deps();
    const first = await savePassword(d, draft);
    const second = await savePassword(d, { ...draft, title: 'Other', username: 'bob' });
    const stored = Object.fromEntries((await d.passwords.listPersonal('ana')).map((entry) => [entry.id, entry.data]));
    // A server swaps the password of the first entry into the username field, and the second
    // entry's username into the first.
    await d.passwords.update(first.id, { username: stored[first.id]?.password ?? forgedSealed('') }, 5, 1);
    await d.passwords.update(second.id, { username: stored[first.id]?.username ?? forgedSealed('') }, 5, 1);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const entries = await loadEntries(d);
    expect(entries.map((entry) => entry.undecryptable)).toEqual([true, true]);
    expect(entries[0]?.username).toBe(stored[first.id]?.password);
    expect(errors).toHaveBeenCalledTimes(2);
    expect(String(errors.mock.calls[0]?.[0])).toContain('Failed to decrypt data. The encryption key may be invalid.');
    errors.mockRestore();
  });

  it('decrypts a large vault a page at a time, handing out each page with the count so far', async () => {
    const d = deps();
    for (let i = 0; i < 600; i += 1) await savePassword(d, { ...draft, title: `Entry ${String(i).padStart(3, '0')}` });
    const progress: [number, number][] = [];
    const entries = await loadEntries(d, (page, loaded) => progress.push([page.length, loaded]));
    expect(entries).toHaveLength(600);
    expect(progress).toEqual([
      [300, 300],
      [300, 600],
    ]);
  });

  it('groups: create, rename, and delete moving the passwords to no group', async () => {
    const d = deps();
    const work = await createGroup(d, { name: '  Work ', description: '  ' });
    expect(work).toMatchObject({ name: 'Work', description: null });
    const renamed = await updateGroup(d, work, { name: 'Office', description: 'desk' });
    expect((await loadGroups(d)).map((group) => [group.name, group.description])).toEqual([['Office', 'desk']]);
    await savePassword(d, { ...draft, groupId: renamed.id });
    await deleteGroup(d, renamed);
    expect(await loadGroups(d)).toEqual([]);
    expect((await loadEntries(d))[0]?.groupId).toBeNull();
  });

  it('a group whose passwords cannot be moved is not deleted, so nothing is lost', async () => {
    const d = deps();
    const group = await createGroup(d, { name: 'Work', description: '' });
    await savePassword(d, { ...draft, groupId: group.id });
    vi.spyOn(d.passwords, 'ungroupPersonal').mockRejectedValueOnce(new Error('network'));
    await expect(deleteGroup(d, group)).rejects.toThrow('network');
    expect((await loadGroups(d)).map((g) => g.id)).toEqual([group.id]);
    expect((await loadEntries(d))[0]?.groupId).toBe(group.id);
  });
});
