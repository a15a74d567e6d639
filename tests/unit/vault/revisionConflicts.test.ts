// The vault service's revision and conflict decisions (docs/vault.md, "Revisions"), on the in-memory
// repositories, which fail conditional writes as Firestore does (the shared contract proves it).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../../src/crypto';
import { checkRevision, GoneError, RevisionConflictError, WriteRefusedError, type StoredPasswordEntry } from '../../../src/data/vault/storedEntries';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import {
  CONFLICT_MESSAGES,
  createGroup,
  deleteGroup,
  deletePassword,
  GroupConflictError,
  loadEntries,
  loadGroups,
  openDetails,
  PasswordConflictError,
  savePassword,
  TeamKeyChangedError,
  updateGroup,
  VaultGoneError,
  VaultPermissionError,
  type PersonalVaultDeps,
  type TeamVaultDeps,
} from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  teamKey = await generateTeamKey();
});

const draft: ValidPasswordDraft = { title: 'Bank', url: null, notes: null, username: 'ana', password: 'first secret', groupId: null };

/** Two tabs of one user: the same repositories, each with its own view. */
function personal(): PersonalVaultDeps {
  let clock = 1_000;
  return { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => (clock += 1) };
}

describe('checkRevision', () => {
  const stored = { revision: 3 } as StoredPasswordEntry;
  it('passes on the stored revision', () => {
    expect(() => {
      checkRevision('e1', stored, 3, 'password');
    }).not.toThrow();
  });
  it.each([2, 4, 0])('a write on revision %i of one at 3 is a conflict carrying the stored document', (revision) => {
    const error = (() => {
      try {
        checkRevision('e1', stored, revision, 'password');
      } catch (thrown) {
        return thrown;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(RevisionConflictError);
    expect(error).toMatchObject({ current: { id: 'e1', data: stored }, expectedRevision: revision });
  });
  it('no document is GoneError', () => {
    expect(() => {
      checkRevision('e1', null, 1, 'group');
    }).toThrow(GoneError);
  });
});

/** The vault as a user who opened every entry's details sees it (sealed entries list without them). */
async function openedVault(d: PersonalVaultDeps) {
  return Promise.all((await loadEntries(d)).map((entry) => openDetails(d, entry)));
}

describe('vault service revisions', () => {
  it('a new entry and group start at revision 1; each save advances the revision the list holds', async () => {
    const d = personal();
    const saved = await savePassword(d, draft);
    expect(saved.revision).toBe(1);
    const edited = await savePassword(d, { ...draft, title: 'Bank 2' }, saved);
    expect(edited.revision).toBe(2);
    expect((await loadEntries(d))[0]?.revision).toBe(2);
    const group = await createGroup(d, { name: 'Work', description: '' });
    expect(group.revision).toBe(1);
    expect((await updateGroup(d, group, { name: 'Office', description: '' })).revision).toBe(2);
    expect((await loadGroups(d))[0]?.revision).toBe(2);
  });

  it('two tabs: the second save is a conflict with the first tab’s values decrypted, and nothing is overwritten', async () => {
    const d = personal();
    const opened = await savePassword(d, draft);
    // Tab one changes the password; tab two, opened on the same revision, the title.
    await savePassword(d, { ...draft, password: 'tab one secret' }, opened);
    const refused = await savePassword(d, { ...draft, title: 'Tab two title' }, opened).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordConflictError);
    const conflict = refused as PasswordConflictError;
    expect(conflict.message).toBe(CONFLICT_MESSAGES.passwordChanged);
    expect(conflict.newer).toMatchObject({ id: opened.id, title: 'Bank', password: 'tab one secret', revision: 2, undecryptable: false });
    expect((await openedVault(d)).map((entry) => [entry.title, entry.password])).toEqual([['Bank', 'tab one secret']]);

    // "Keep mine": saved on the newer revision, the user having merged what they saw.
    const kept = await savePassword(d, { ...draft, title: 'Tab two title', password: 'tab one secret' }, conflict.newer);
    expect(kept.revision).toBe(3);
    expect((await openedVault(d)).map((entry) => [entry.title, entry.password, entry.revision])).toEqual([['Tab two title', 'tab one secret', 3]]);
  });

  it('a delete of an entry changed since it was shown is a conflict (asked again); confirmed on the newer one it deletes', async () => {
    const d = personal();
    const shown = await savePassword(d, draft);
    const newer = await savePassword(d, { ...draft, password: 'changed' }, shown);
    const refused = await deletePassword(d, shown).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordConflictError);
    expect((refused as PasswordConflictError).newer).toMatchObject({ password: 'changed', revision: newer.revision });
    expect(await loadEntries(d)).toHaveLength(1);
    await deletePassword(d, (refused as PasswordConflictError).newer);
    expect(await loadEntries(d)).toEqual([]);
  });

  it('an edit or delete of an entry someone else deleted says so, not “no permission”', async () => {
    const d = personal();
    const shown = await savePassword(d, draft);
    await deletePassword(d, shown);
    await expect(savePassword(d, { ...draft, title: 'Again' }, shown)).rejects.toThrow(new VaultGoneError('This password was deleted by someone else'));
    await expect(deletePassword(d, shown)).rejects.toThrow(new VaultGoneError('This password was deleted by someone else'));
    expect(await loadEntries(d)).toEqual([]);
  });

  it('group renames in two tabs: the second is a conflict carrying the first (name and description), nothing wiped', async () => {
    const d = personal();
    const group = await createGroup(d, { name: 'Work', description: 'desk' });
    await updateGroup(d, group, { name: 'Office', description: 'desk and phone' });
    const refused = await updateGroup(d, group, { name: 'Job', description: '' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GroupConflictError);
    expect((refused as GroupConflictError).newer).toMatchObject({ name: 'Office', description: 'desk and phone', revision: 2 });
    expect((await loadGroups(d)).map((stored) => [stored.name, stored.description])).toEqual([['Office', 'desk and phone']]);
    await expect(deleteGroup(d, group)).rejects.toBeInstanceOf(GroupConflictError);
    await deleteGroup(d, (refused as GroupConflictError).newer);
    await expect(updateGroup(d, group, { name: 'Late', description: '' })).rejects.toThrow(new VaultGoneError('This group was deleted by someone else'));
  });

  it('a stale tab moving an entry to a group after a password change is a conflict, and the password stays', async () => {
    const d = personal();
    const group = await createGroup(d, { name: 'Banking', description: '' });
    const shown = await savePassword(d, draft);
    await savePassword(d, { ...draft, password: 'rotated' }, shown);
    await expect(savePassword(d, { ...draft, groupId: group.id }, shown)).rejects.toBeInstanceOf(PasswordConflictError);
    expect((await openedVault(d)).map((entry) => [entry.password, entry.groupId])).toEqual([['rotated', null]]);
  });
});

describe('a newer version with the same values is no conflict (issue #42)', () => {
  it('a save on a revision that only a rewrite with the same values (the sealing) moved on lands on the newer one, without asking', async () => {
    const d = { ...personal(), sealedFormat: false };
    const opened = await savePassword(d, draft);
    // The other tab seals it: the same values, written anew (revision 2).
    await savePassword({ ...d, sealedFormat: true }, draft, opened);
    const saved = await savePassword(d, { ...draft, title: 'Bank (joint)' }, opened);
    expect(saved.revision).toBe(3);
    expect((await openedVault(d)).map((entry) => [entry.title, entry.password, entry.revision, entry.sealed])).toEqual([['Bank (joint)', 'first secret', 3, true]]);
  });

  it('a team entry re-encrypted under a rotated key (a new key version, the same values) saves from a form opened before', async () => {
    const newKey = await generateTeamKey();
    const passwords = new MemoryPasswordRepository();
    const scope = (keyVersion: number, key: TeamKey, previousKey?: TeamKey): TeamVaultDeps => ({
      passwords,
      groups: new MemoryGroupRepository(),
      userId: 'ana',
      team: { teamId: 'team-1', key, keyVersion, ...(previousKey ? { previousKey } : {}), role: 'full', storedKeyVersion: () => Promise.resolve(keyVersion), onKeyChanged: vi.fn() },
      now: () => 5_000,
    });
    const before = scope(1, teamKey);
    const opened = await openDetails(before, await savePassword(before, { ...draft, notes: 'branch 12' }));
    const after = scope(2, newKey, teamKey);
    // What the rotation's re-encryption does: the same values sealed under the new key, revision 2.
    await savePassword(after, { ...draft, notes: 'branch 12' }, opened);
    const saved = await savePassword(after, { ...draft, notes: 'branch 12', password: 'new secret' }, opened);
    expect(saved.revision).toBe(3);
    const reread = await Promise.all((await loadEntries(after)).map((entry) => openDetails(after, entry)));
    expect(reread.map((entry) => [entry.password, entry.notes, entry.revision])).toEqual([['new secret', 'branch 12', 3]]);
  });

  it('still asks when a value differs, the password history included', async () => {
    const d = personal();
    const opened = await savePassword(d, draft);
    // Changed and changed back: the same password, but the history now holds the replaced one.
    const changed = await savePassword(d, { ...draft, password: 'other' }, opened);
    await savePassword(d, draft, changed);
    await expect(savePassword(d, { ...draft, title: 'Mine' }, opened)).rejects.toBeInstanceOf(PasswordConflictError);
    expect((await openedVault(d)).map((entry) => [entry.title, entry.revision])).toEqual([['Bank', 3]]);
  });

  it('a second conflict on the retry is a real one, and nothing is overwritten', async () => {
    const d = personal();
    const opened = await savePassword(d, draft);
    const resealed = await savePassword(d, draft, opened);
    const update = d.passwords.update.bind(d.passwords);
    let first = true;
    // Between the refused save and its retry, someone really changes the entry.
    vi.spyOn(d.passwords, 'update').mockImplementation(async (...args) => {
      if (first) {
        first = false;
        await update(...args).catch(async (error: unknown) => {
          await savePassword(d, { ...draft, password: 'theirs' }, resealed);
          throw error;
        });
        return;
      }
      return update(...args);
    });
    const refused = await savePassword(d, { ...draft, title: 'Mine' }, opened).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordConflictError);
    expect((await openedVault(d)).map((entry) => [entry.title, entry.password])).toEqual([['Bank', 'theirs']]);
  });
});

describe('team writes refused because the key changed', () => {
  function team(storedKeyVersion: number | null, onKeyChanged = vi.fn()): TeamVaultDeps {
    return {
      passwords: new MemoryPasswordRepository(),
      groups: new MemoryGroupRepository(),
      userId: 'ana',
      team: { teamId: 'team-1', key: teamKey, keyVersion: 2, role: 'full', storedKeyVersion: () => Promise.resolve(storedKeyVersion), onKeyChanged },
      now: () => 5_000,
    };
  }

  it('a refusal with the team at a newer key version says the key changed and asks the app to reload it', async () => {
    const onKeyChanged = vi.fn();
    const d = team(3, onKeyChanged);
    vi.spyOn(d.passwords, 'create').mockRejectedValueOnce(new WriteRefusedError('Missing or insufficient permissions'));
    const refused = await savePassword(d, draft).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TeamKeyChangedError);
    expect((refused as Error).message).toBe(CONFLICT_MESSAGES.teamKeyChanged);
    expect(onKeyChanged).toHaveBeenCalledTimes(1);
  });

  it('a refusal with the key version unchanged is still the SPEC §6 permission message', async () => {
    const onKeyChanged = vi.fn();
    const d = team(2, onKeyChanged);
    vi.spyOn(d.passwords, 'create').mockRejectedValueOnce(new WriteRefusedError('Missing or insufficient permissions'));
    await expect(savePassword(d, draft)).rejects.toThrow(new VaultPermissionError('You do not have permission to add passwords to this team'));
    expect(onKeyChanged).not.toHaveBeenCalled();
  });

  it('an entry another member deleted reads as deleted, for a team too', async () => {
    const d = team(2);
    const shown = await savePassword(d, draft);
    await deletePassword(d, shown);
    await expect(deletePassword(d, shown)).rejects.toThrow('This password was deleted by someone else');
  });
});
