// Issue #18 item 2: a sealed (format 2) entry is listed from its overview alone; Show, Copy and Edit
// open its details on demand, once. Format-1 entries beside it work as before.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { isSealedEntry } from '../../../../src/data/vault/storedEntries';
import { createDetailsCache } from '../../../../src/features/vault/detailsCache';
import { PersonalPasswordsSection } from '../../../../src/features/vault/PersonalPasswordsSection';
import { savePassword, type PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { forgedSealed } from '../../../support/forgedCiphertext';
import { stubClipboard } from '../list/harness';
import { expectConsoleError } from '../../../support/consoleErrors';
import { openItem } from '../../../support/vaultList';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = Date.UTC(2026, 10, 25);

/** A personal vault holding one sealed entry ("Bank") and one format-1 entry ("Mail"). */
async function vault(sealedFormat: boolean) {
  const passwords = new MemoryPasswordRepository();
  const groups = new MemoryGroupRepository();
  const details = createDetailsCache();
  const writer: PersonalVaultDeps = { passwords, groups, vaultKey, userId: 'ana', sealedFormat: true, now: () => NOW };
  await savePassword(writer, { title: 'Bank', url: 'https://bank.example', notes: 'PIN 4321', username: 'ana.bank', password: 'sealed secret', groupId: null });
  await savePassword({ ...writer, sealedFormat: false }, { title: 'Mail', url: null, notes: 'plain note', username: 'ana.mail', password: 'plain secret', groupId: null });
  const deps: PersonalVaultDeps = { passwords, groups, vaultKey, userId: 'ana', sealedFormat, details, now: () => NOW };
  return { passwords, deps, details };
}

/** The pane of `title`, selected by its row. */
const rowOf = (title: string) => openItem(title);

describe('sealed entries in the personal vault', () => {
  it('the list shows title, url and username from the overview; the details wait until Show, which then shows the notes too', async () => {
    const { deps, details } = await vault(false);
    const decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt');
    const user = userEvent.setup();
    render(<PersonalPasswordsSection deps={deps} />);
    const bank = await rowOf('Bank');
    expect(within(bank).getByText('ana.bank')).toBeInTheDocument();
    expect(within(bank).getByRole('link', { name: /bank\.example/ })).toBeInTheDocument();
    expect(within(bank).queryByText(/PIN 4321/)).not.toBeInTheDocument();
    // Bank's overview (1) and Mail's username and password (2): nothing more on load.
    expect(decrypt).toHaveBeenCalledTimes(3);
    const mail = await rowOf('Mail');
    expect(within(mail).getByText('plain note')).toBeInTheDocument();
    // Back to Bank: the pane shows one entry at a time.
    expect(await rowOf('Bank')).toBe(bank);

    await user.click(within(bank).getByRole('button', { name: 'Show password for Bank' }));
    expect(await within(bank).findByText('sealed secret')).toBeInTheDocument();
    expect(within(bank).getByText('PIN 4321')).toBeInTheDocument();
    expect(within(bank).getByRole('button', { name: 'Hide password for Bank' })).toBeInTheDocument();
    expect(decrypt).toHaveBeenCalledTimes(4);
    expect(details.size).toBe(1);

    await user.click(within(bank).getByRole('button', { name: 'Hide password for Bank' }));
    await user.click(within(bank).getByRole('button', { name: 'Show password for Bank' }));
    expect(await within(bank).findByText('sealed secret')).toBeInTheDocument();
    expect(decrypt).toHaveBeenCalledTimes(4);
  });

  it('Copy of a sealed password opens the details and copies the password, once', async () => {
    const { deps } = await vault(false);
    const writeText = stubClipboard();
    const decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt');
    render(<PersonalPasswordsSection deps={deps} />);
    const bank = await rowOf('Bank');
    const loaded = decrypt.mock.calls.length;
    // fireEvent-free: the Testing Library user would replace the stubbed clipboard with its own.
    within(bank).getByRole('button', { name: 'Copy password for Bank' }).click();
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('sealed secret');
    });
    await waitFor(() => {
      expect(within(bank).getByRole('status')).toHaveTextContent('Password copied.');
    });
    within(bank).getByRole('button', { name: 'Copy password for Bank' }).click();
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledTimes(2);
    });
    expect(writeText.mock.calls[1]).toEqual(['sealed secret']);
    expect(decrypt.mock.calls.length - loaded).toBe(1);
  });

  for (const sealedFormat of [false, true]) {
    it(`Edit of a sealed entry shows its details in the form and saves it sealed (sealedFormat ${String(sealedFormat)})`, async () => {
      const { deps, passwords } = await vault(sealedFormat);
      const user = userEvent.setup();
      render(<PersonalPasswordsSection deps={deps} />);
      const bank = await rowOf('Bank');
      await user.click(within(bank).getByRole('button', { name: 'Edit Bank' }));
      const form = await screen.findByRole('dialog', { name: 'Edit Password' });
      expect(within(form).getByLabelText('Title')).toHaveValue('Bank');
      expect(within(form).getByLabelText('Username')).toHaveValue('ana.bank');
      expect(within(form).getByLabelText('Password', { selector: 'input' })).toHaveValue('sealed secret');
      expect(within(form).getByLabelText(/Notes/)).toHaveValue('PIN 4321');
      await user.clear(within(form).getByLabelText(/Notes/));
      await user.type(within(form).getByLabelText(/Notes/), 'PIN 9999');
      await user.click(within(form).getByRole('button', { name: /^Save/ }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog', { name: 'Edit Password' })).not.toBeInTheDocument();
      });
      expect(await within(await rowOf('Bank')).findByText('PIN 9999')).toBeInTheDocument();
      const stored = (await passwords.listPersonal('ana')).find((entry) => isSealedEntry(entry.data));
      expect(stored?.data.revision).toBe(2);
      expect(JSON.stringify(stored?.data)).not.toContain('PIN 9999');
    });

    it(`Edit of a format-1 entry writes ${sealedFormat ? 'format 2' : 'format 1'} (sealedFormat ${String(sealedFormat)})`, async () => {
      const { deps, passwords } = await vault(sealedFormat);
      const user = userEvent.setup();
      render(<PersonalPasswordsSection deps={deps} />);
      await user.click(within(await rowOf('Mail')).getByRole('button', { name: 'Edit Mail' }));
      const form = await screen.findByRole('dialog', { name: 'Edit Password' });
      expect(within(form).getByLabelText('Password', { selector: 'input' })).toHaveValue('plain secret');
      await user.type(within(form).getByLabelText('Title'), ' box');
      await user.click(within(form).getByRole('button', { name: /^Save/ }));
      expect(await screen.findByRole('heading', { name: 'Mail box' })).toBeInTheDocument();
      const stored = await passwords.listPersonal('ana');
      expect(stored.filter((entry) => isSealedEntry(entry.data))).toHaveLength(sealedFormat ? 2 : 1);
      expect(stored.some((entry) => entry.data.title === 'Mail box')).toBe(!sealedFormat);
    });
  }

  it('details that do not decrypt say so and the password stays hidden', async () => {
    const { deps, passwords } = await vault(false);
    const [sealed] = (await passwords.listPersonal('ana')).filter((entry) => isSealedEntry(entry.data));
    const [plain] = (await passwords.listPersonal('ana')).filter((entry) => !isSealedEntry(entry.data));
    // The server swaps in a details part that is not this entry's.
    await passwords.update(sealed!.id, { format: 2, overview: sealed!.data.overview!, details: forgedSealed(plain!.data.password!) }, NOW, 1);
    expectConsoleError(/^Failed to decrypt data\. The encryption key may be invalid\. \(entry /);
    const user = userEvent.setup();
    render(<PersonalPasswordsSection deps={deps} />);
    const bank = await rowOf('Bank');
    await user.click(within(bank).getByRole('button', { name: 'Show password for Bank' }));
    expect(await within(bank).findByRole('alert')).toHaveTextContent('Failed to decrypt data. The encryption key may be invalid.');
    expect(within(bank).getByRole('button', { name: 'Show password for Bank' })).toBeInTheDocument();
    await user.click(within(bank).getByRole('button', { name: 'Edit Bank' }));
    // The row's alert is there already; the panel's comes once the opening for Edit fails.
    await waitFor(() => {
      expect(screen.getAllByText('Failed to decrypt data. The encryption key may be invalid.')).toHaveLength(2);
    });
    expect(screen.queryByRole('dialog', { name: 'Edit Password' })).not.toBeInTheDocument();
  });
});
