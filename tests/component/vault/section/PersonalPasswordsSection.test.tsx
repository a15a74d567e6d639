import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { PersonalPasswordsSection } from '../../../../src/features/vault/PersonalPasswordsSection';
import type { PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import { expectConsoleError } from '../../../support/consoleErrors';
import type { ListingWatcher, StoredPasswordEntry } from '../../../../src/data/vault/storedEntries';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(overrides: Partial<PersonalVaultDeps> = {}) {
  const deps: PersonalVaultDeps = {
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    vaultKey,
    userId: 'ana',
    now: () => Date.UTC(2026, 10, 21),
    ...overrides,
  };
  const user = userEvent.setup();
  render(
    <StrictMode>
      <PersonalPasswordsSection deps={deps} />
    </StrictMode>,
  );
  return { deps, user };
}

async function addPassword(user: ReturnType<typeof userEvent.setup>, title: string, group?: string) {
  await user.click(screen.getByRole('button', { name: 'Add Password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Password' });
  await user.type(within(dialog).getByLabelText('Title'), title);
  await user.type(within(dialog).getByLabelText('Username'), `${title.toLowerCase()}-user`);
  await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'secret-value');
  if (group !== undefined) await user.selectOptions(within(dialog).getByLabelText('Group'), group);
  await user.click(within(dialog).getByRole('button', { name: /^Save/ }));
  await waitFor(() => {
    expect(screen.queryByRole('dialog', { name: 'Add New Password' })).not.toBeInTheDocument();
  });
}

describe('Personal Passwords', () => {
  it('starts empty, then lists what is added, stored sealed: nothing typed is in the stored document', async () => {
    const { deps, user } = setup();
    expect(screen.getByRole('heading', { name: 'Personal Passwords' })).toBeInTheDocument();
    expect(await screen.findByText('No passwords yet. Add your first password!')).toBeInTheDocument();
    await addPassword(user, 'Bank');
    expect(await screen.findByText('Bank')).toBeInTheDocument();
    const [stored] = await deps.passwords.listPersonal('ana');
    expect(stored?.data.format).toBe(2);
    const text = JSON.stringify(stored?.data);
    for (const typed of ['Bank', 'secret-value', 'bank-user']) expect(text).not.toContain(typed);
  });

  it('filters by group, and deleting the group keeps its passwords under no group', async () => {
    const { user } = setup();
    await screen.findByText('No passwords yet. Add your first password!');
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    const manager = await screen.findByRole('dialog', { name: 'Groups' });
    await user.click(within(manager).getByRole('button', { name: 'New Group' }));
    const form = await screen.findByRole('dialog', { name: 'New Group' });
    const create = within(form).getByRole('button', { name: 'Create Group' });
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText('Name'), 'Work');
    await user.click(create);
    await within(manager).findByText('Work');
    await user.click(within(manager).getByRole('button', { name: 'Close' }));

    await addPassword(user, 'Office wifi', 'Work');
    await addPassword(user, 'Bank');
    await user.selectOptions(screen.getByLabelText('Group'), 'Work');
    expect(screen.getByText('Office wifi')).toBeInTheDocument();
    expect(screen.queryByText('Bank')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Groups' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Work' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Group' });
    expect(confirm).toHaveTextContent("Its passwords are kept and move to 'No Group'.");
    await user.click(within(confirm).getByRole('button', { name: 'Delete Group' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Delete Group' })).not.toBeInTheDocument();
    });
    await user.click(within(screen.getByRole('dialog', { name: 'Groups' })).getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText('Group')).toHaveValue('');
    expect(screen.getByText('Office wifi')).toBeInTheDocument();
    expect(screen.getByText('Bank')).toBeInTheDocument();
  });

  it("lists only the passwords without a group under 'No Group', and all again under 'All Passwords'", async () => {
    const groups = new MemoryGroupRepository();
    await groups.create('g1', { name: 'Work', userId: 'ana', teamId: null, revision: 1, createdAt: 1, updatedAt: 1 });
    const { user } = setup({ groups });
    await screen.findByText('No passwords yet. Add your first password!');
    await addPassword(user, 'Office wifi', 'Work');
    await addPassword(user, 'Bank');

    const filter = screen.getByRole('combobox', { name: 'Group' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Passwords',
      'No Group',
      'Work',
    ]);
    await user.selectOptions(filter, 'No Group');
    expect(screen.getByRole('listitem', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Office wifi' })).not.toBeInTheDocument();

    await user.selectOptions(filter, 'All Passwords');
    expect(screen.getByRole('listitem', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Office wifi' })).toBeInTheDocument();
  });

  it('says so when passwords cannot be loaded, and tries again', async () => {
    const passwords = new MemoryPasswordRepository();
    // The screens read through watchPersonal (docs/vault.md). StrictMode runs the loading effect twice: both first reads fail.
    const offline = (_userId: string, watcher: ListingWatcher<StoredPasswordEntry>) => {
      queueMicrotask(() => {
        watcher.onError(new Error('offline'));
      });
      return () => undefined;
    };
    const failing = vi.spyOn(passwords, 'watchPersonal').mockImplementationOnce(offline).mockImplementationOnce(offline);
    expectConsoleError(/^Failed to load teams\/passwords Error: offline/);
    const { user } = setup({ passwords });
    expect(await screen.findByText('Failed to load teams/passwords')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No passwords yet. Add your first password!')).toBeInTheDocument();
    expect(failing).toHaveBeenCalledTimes(3);
  });

  it('says so when groups cannot be loaded', async () => {
    const groups = new MemoryGroupRepository();
    vi.spyOn(groups, 'watchPersonal').mockImplementation((_userId, watcher) => {
      queueMicrotask(() => {
        watcher.onError(new Error('offline'));
      });
      return () => undefined;
    });
    expectConsoleError(/^Failed to load groups Error: offline/);
    setup({ groups });
    expect(await screen.findByText('Failed to load groups')).toBeInTheDocument();
  });

  it.each([
    ['create', 'Failed to add group'],
    ['delete', 'Failed to delete group'],
  ] as const)('a failed group %s says "%s" and keeps the dialog', async (operation, message) => {
    const groups = new MemoryGroupRepository();
    expectConsoleError(new RegExp(`^${message} Error: offline`));
    if (operation === 'delete') {
      await groups.create('g1', { name: 'Work', userId: 'ana', teamId: null, revision: 1, createdAt: 1, updatedAt: 1 });
      vi.spyOn(groups, 'delete').mockRejectedValue(new Error('offline'));
    } else {
      vi.spyOn(groups, 'create').mockRejectedValue(new Error('offline'));
    }
    const { user } = setup({ groups });
    await screen.findByText('No passwords yet. Add your first password!');
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    if (operation === 'create') {
      await user.click(await screen.findByRole('button', { name: 'New Group' }));
      const form = await screen.findByRole('dialog', { name: 'New Group' });
      await user.type(within(form).getByLabelText('Name'), 'Work');
      await user.click(within(form).getByRole('button', { name: 'Create Group' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(message);
      expect(within(form).getByLabelText('Name')).toHaveValue('Work');
    } else {
      await user.click(await screen.findByRole('button', { name: 'Delete Work' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete Group' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete Group' }));
      expect(await within(confirm).findByRole('alert')).toHaveTextContent(message);
    }
  });

  it('a failed rename says "Failed to update group"', async () => {
    const groups = new MemoryGroupRepository();
    await groups.create('g1', { name: 'Work', userId: 'ana', teamId: null, revision: 1, createdAt: 1, updatedAt: 1 });
    vi.spyOn(groups, 'update').mockRejectedValue(new Error('offline'));
    expectConsoleError(/^Failed to update group Error: offline/);
    const { user } = setup({ groups });
    await screen.findByText('No passwords yet. Add your first password!');
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Work' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Group' });
    await user.type(within(form).getByLabelText('Name'), ' team');
    await user.click(within(form).getByRole('button', { name: 'Save Group' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Failed to update group');
  });
});
