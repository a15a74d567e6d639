// Issue #17 item 4: a stored document of the wrong shape is one damaged entry in the list; the rest loads.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { PersonalPasswordsSection } from '../../../../src/features/vault/PersonalPasswordsSection';
import { savePassword, type PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import { sampleEntry } from '../../../contract/vaultRepositories.contract';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { openItem } from '../../../support/vaultList';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a damaged entry in the personal vault', () => {
  it('is listed with what is wrong, cannot be edited, can be deleted, and the other entries show', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const passwords = new MemoryPasswordRepository();
    const deps: PersonalVaultDeps = { passwords, groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => Date.UTC(2026, 10, 21) };
    await savePassword(deps, { title: 'Bank', url: null, notes: null, username: 'ana', password: 'secret', groupId: null });
    passwords.plant('bad-date', { ...sampleEntry('ana', 'Cloud'), updatedAt: '2026-11-24' });
    const user = userEvent.setup();
    render(<PersonalPasswordsSection deps={deps} />);

    const bank = await openItem('Bank', user);
    expect(within(bank).getByRole('button', { name: 'Edit Bank' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Cloud' })).getByText('Damaged entry')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Cloud' })).queryByRole('button', { name: 'Quick copy password for Cloud' })).not.toBeInTheDocument();
    const cloud = await openItem('Cloud', user);
    expect(within(cloud).getByText('Damaged entry')).toBeInTheDocument();
    expect(within(cloud).getByText(/stored document is damaged \(field "updatedAt" is missing or has the wrong type\)/)).toBeInTheDocument();
    expect(within(cloud).queryByRole('button', { name: 'Edit Cloud' })).not.toBeInTheDocument();
    expect(within(cloud).queryByRole('button', { name: 'Copy password for Cloud' })).not.toBeInTheDocument();

    await user.click(within(cloud).getByRole('button', { name: 'Delete Cloud' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByRole('listitem', { name: 'Cloud' })).not.toBeInTheDocument();
    });
    expect((await passwords.scanPersonal('ana')).malformed).toEqual([]);
    expect(screen.getByRole('listitem', { name: 'Bank' })).toBeInTheDocument();
    // The entry after it is selected in its place.
    expect(screen.getByRole('heading', { name: 'Bank' })).toBeInTheDocument();
  });
});
