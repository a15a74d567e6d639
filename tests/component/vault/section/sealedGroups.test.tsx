// Issue #18 item 3: sealed (format 2) groups in the personal vault screen with sealedFormat on:
// the group filter and the group manager show the opened names, the form edits them (also through
// a conflict), and a sealed group that does not open is listed by id and can only be deleted.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { isSealedGroup, type StoredSealedGroup } from '../../../../src/data/vault/storedEntries';
import { PersonalPasswordsSection } from '../../../../src/features/vault/PersonalPasswordsSection';
import { createGroup, loadGroups, savePassword, updateGroup, type PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import { DECRYPT_FAILED_MESSAGE } from '../../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { expectConsoleError } from '../../../support/consoleErrors';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A personal vault with a sealed group "Work" (holding "Office wifi"), a clear group "Home" and an ungrouped "Bank". */
async function vault() {
  const deps: PersonalVaultDeps = {
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    vaultKey,
    userId: 'ana',
    sealedFormat: true,
    now: () => Date.UTC(2026, 10, 26),
  };
  const work = await createGroup(deps, { name: 'Work', description: 'desk' });
  await createGroup({ ...deps, sealedFormat: false }, { name: 'Home', description: '' });
  const entry = { url: null, notes: null, username: 'ana', password: 'secret' };
  await savePassword(deps, { ...entry, title: 'Office wifi', groupId: work.id });
  await savePassword(deps, { ...entry, title: 'Bank', groupId: null });
  const user = userEvent.setup();
  render(<PersonalPasswordsSection deps={deps} />);
  await screen.findByRole('listitem', { name: 'Bank' });
  return { deps, work, user };
}

const storedNames = async (deps: PersonalVaultDeps) => JSON.stringify(await deps.groups.listPersonal('ana'));

describe('sealed groups in the personal vault', () => {
  it('the group filter offers the opened names and filters a sealed group’s passwords under it', async () => {
    const { deps, user } = await vault();
    expect(await storedNames(deps)).not.toMatch(/Work|desk/);
    const filter = screen.getByRole('combobox', { name: 'Group' });
    await waitFor(() => {
      expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All Passwords', 'No Group', 'Home', 'Work']);
    });
    await user.selectOptions(filter, 'Work');
    expect(screen.getByRole('listitem', { name: 'Office wifi' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Bank' })).not.toBeInTheDocument();
    await user.selectOptions(filter, 'No Group');
    expect(screen.getByRole('listitem', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Office wifi' })).not.toBeInTheDocument();
  });

  it('the group manager lists sealed and clear groups by name; a new group and a renamed clear one are stored sealed', async () => {
    const { deps, user } = await vault();
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    const manager = await screen.findByRole('dialog', { name: 'Groups' });
    const list = within(manager).getByRole('list', { name: 'Groups' });
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual(['Home', 'Work']);
    expect(within(list).getByText('desk')).toBeInTheDocument();

    await user.click(within(manager).getByRole('button', { name: 'New Group' }));
    const create = await screen.findByRole('dialog', { name: 'New Group' });
    await user.type(within(create).getByLabelText('Name'), 'Travel');
    await user.click(within(create).getByRole('button', { name: 'Create Group' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'New Group' })).not.toBeInTheDocument();
    });

    await user.click(within(manager).getByRole('button', { name: 'Edit Home' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Group' });
    expect(within(edit).getByLabelText('Name')).toHaveValue('Home');
    await user.clear(within(edit).getByLabelText('Name'));
    await user.type(within(edit).getByLabelText('Name'), 'House');
    await user.click(within(edit).getByRole('button', { name: 'Save Group' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Edit Group' })).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual(['House', 'Travel', 'Work']);
    });
    const stored = await deps.groups.listPersonal('ana');
    expect(stored.every((group) => isSealedGroup(group.data))).toBe(true);
    expect(JSON.stringify(stored)).not.toMatch(/House|Travel|Home/);
  });

  it('a sealed group renamed in another tab: the form shows theirs opened, and saving again keeps it sealed', async () => {
    const { deps, work, user } = await vault();
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    const manager = await screen.findByRole('dialog', { name: 'Groups' });
    await user.click(within(manager).getByRole('button', { name: 'Edit Work' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Group' });
    await updateGroup(deps, work, { name: 'Office', description: 'desk and phone' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Job');
    await user.click(within(form).getByRole('button', { name: 'Save Group' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This group was changed since you opened it.');
    expect(within(form).getByText(/Saved meanwhile: “Office” — desk and phone/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Group' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Edit Group' })).not.toBeInTheDocument();
    });
    const opened = (await loadGroups(deps)).find((group) => group.id === work.id);
    expect(opened).toMatchObject({ name: 'Job', description: 'desk and phone', revision: 3, sealed: true });
    expect(await storedNames(deps)).not.toMatch(/Job|Office|desk/);
  });

  it('a sealed group that does not open is listed by its id with the decryption message, without Edit, and can be deleted', async () => {
    const deps: PersonalVaultDeps = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', sealedFormat: true, now: () => 1 };
    const good = await createGroup(deps, { name: 'Good', description: '' });
    const victim = await createGroup(deps, { name: 'Victim', description: '' });
    const [goodStored] = (await deps.groups.listPersonal('ana')).filter((group) => group.id === good.id);
    // The server moves the good group's sealed part into the other one.
    await deps.groups.update(victim.id, { format: 2, sealed: (goodStored!.data as StoredSealedGroup).sealed }, 2, 1);
    expectConsoleError(/^Failed to decrypt data\. The encryption key may be invalid\. \(group /);
    const user = userEvent.setup();
    render(<PersonalPasswordsSection deps={deps} />);
    await screen.findByText('No passwords yet. Add your first password!');
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    const manager = await screen.findByRole('dialog', { name: 'Groups' });
    const label = `Undecryptable group ${victim.id}`;
    const item = (await within(manager).findByText(label)).closest('li')!;
    expect(within(item).getByText(DECRYPT_FAILED_MESSAGE)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: `Edit ${label}` })).not.toBeInTheDocument();
    expect(within(manager).getByRole('button', { name: 'Edit Good' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: `Delete ${label}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Group' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Group' }));
    await waitFor(() => {
      expect(within(manager).queryByText(label)).not.toBeInTheDocument();
    });
    expect((await deps.groups.listPersonal('ana')).map((group) => group.id)).toEqual([good.id]);
  });
});
