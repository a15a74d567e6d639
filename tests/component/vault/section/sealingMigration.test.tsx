// A vault from before the sealed format (issue #18 item 4): opened on the screen, its entries are
// sealed in the background, the list keeps showing them (and edits them without a false conflict),
// and the vault is marked once nothing is left in format 1.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { PersonalPasswordsSection } from '../../../../src/features/vault/PersonalPasswordsSection';
import { createGroup, savePassword, type PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { openItem } from '../../../support/vaultList';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

describe('sealing a vault from before the sealed format', () => {
  it('seals every entry after the list opens, marks the vault, and an edit right after saves without a conflict', async () => {
    const passwords = new MemoryPasswordRepository();
    const groups = new MemoryGroupRepository();
    const deps: PersonalVaultDeps = { passwords, groups, vaultKey, userId: 'ana', now: () => Date.UTC(2026, 10, 26) };
    await createGroup({ ...deps, sealedFormat: false }, { name: 'Work', description: '' });
    for (const title of ['Bank', 'Mail', 'Shop']) {
      await savePassword({ ...deps, sealedFormat: false }, { title, url: null, notes: `${title} notes`, username: `${title}-user`, password: `${title}-secret`, groupId: null });
    }
    const user = userEvent.setup();
    render(
      <StrictMode>
        <PersonalPasswordsSection deps={deps} />
      </StrictMode>,
    );
    expect(await screen.findByText('Mail')).toBeInTheDocument();
    await waitFor(async () => {
      expect((await passwords.listPersonal('ana')).map((entry) => entry.data.format)).toEqual([2, 2, 2]);
      expect((await groups.listPersonal('ana')).map((group) => group.data.format)).toEqual([2]);
      expect(passwords.marks).toEqual(new Set(['user:ana']));
    });
    const list = screen.getByRole('list', { name: /passwords/i });
    expect(['Bank', 'Mail', 'Shop'].map((title) => within(list).getByText(title))).toHaveLength(3);

    await openItem('Mail', user);
    await user.click(screen.getByRole('button', { name: 'Edit Mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Password' });
    expect(within(dialog).getByLabelText(/^Notes/)).toHaveValue('Mail notes');
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Mail (work)');
    await user.click(within(dialog).getByRole('button', { name: /^Save/ }));
    expect(await within(list).findByText('Mail (work)')).toBeInTheDocument();
    expect(screen.queryByText(/changed since you opened it/)).not.toBeInTheDocument();

    // The sealed group is still offered, and renaming it right after is no false conflict either.
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    const manager = await screen.findByRole('dialog', { name: 'Groups' });
    await user.click(within(manager).getByRole('button', { name: 'Edit Work' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Group' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Office');
    await user.click(within(form).getByRole('button', { name: /^Save/ }));
    expect(await within(manager).findByText('Office')).toBeInTheDocument();
    expect(screen.queryByText(/changed since you opened it/)).not.toBeInTheDocument();
  });
});
