// A row of a sealed entry listed with its overview only: Show and Copy go through onOpenDetails,
// and never show or copy the placeholder password.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asStoredCiphertext } from '../../../../src/crypto';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { openItemNow } from '../../../support/vaultList';
import { makeEntry, renderList, stubClipboard } from './harness';

afterEach(() => {
  vi.restoreAllMocks();
});

const sealed = makeEntry('1', { title: 'Vault', password: '', notes: null, sealed: true, sealedDetails: { sealed: asStoredCiphertext('entry-details', 'AAAA'), keyVersion: null } });
/** The pane of the sealed entry, opened by its row: selecting it opens nothing (no network). */
const row = () => (screen.queryByRole('heading', { name: 'Vault' }) === null ? openItemNow('Vault') : screen.getByRole('heading', { name: 'Vault' }).closest('section')!);

describe('a sealed entry', () => {
  it('shows its pane at once from the overview, without opening the details', () => {
    const onOpenDetails = vi.fn((entry: PasswordEntry) => Promise.resolve(entry));
    renderList({ entries: [sealed], onOpenDetails });
    expect(within(row()).getByText('user1@example.com')).toBeInTheDocument();
    expect(onOpenDetails).not.toHaveBeenCalled();
  });

  it('quick copy from the row copies what onOpenDetails opens', async () => {
    const writeText = stubClipboard();
    const onOpenDetails = vi.fn((entry: PasswordEntry) => Promise.resolve({ ...entry, password: 'opened', sealedDetails: undefined }));
    renderList({ entries: [sealed], onOpenDetails });
    const listed = screen.getByRole('listitem', { name: 'Vault' });
    within(listed).getByRole('button', { name: 'Quick copy password for Vault' }).click();
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('opened');
    });
    expect(onOpenDetails).toHaveBeenCalledWith(sealed);
    expect(within(listed).getByRole('button', { name: 'Quick copy password for Vault' })).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Password copied. Clipboard clears in 30 s.');
  });

  it('quick copy without a way to open the details copies nothing', async () => {
    const writeText = stubClipboard();
    renderList({ entries: [sealed] });
    const listed = screen.getByRole('listitem', { name: 'Vault' });
    within(listed).getByRole('button', { name: 'Quick copy password for Vault' }).click();
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Password could not be copied.');
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies what onOpenDetails opens', async () => {
    const writeText = stubClipboard();
    const onOpenDetails = vi.fn((entry: PasswordEntry) => Promise.resolve({ ...entry, password: 'opened', sealedDetails: undefined }));
    renderList({ entries: [sealed], onOpenDetails });
    within(row()).getByRole('button', { name: 'Copy password for Vault' }).click();
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('opened');
    });
    expect(onOpenDetails).toHaveBeenCalledWith(sealed);
  });

  it('without a way to open the details, Show and Copy say the data could not be decrypted and copy nothing', async () => {
    const writeText = stubClipboard();
    renderList({ entries: [sealed] });
    within(row()).getByRole('button', { name: 'Show password for Vault' }).click();
    expect(await within(row()).findByRole('alert')).toHaveTextContent('Failed to decrypt data. The encryption key may be invalid.');
    expect(within(row()).getByRole('button', { name: 'Show password for Vault' })).toBeInTheDocument();
    within(row()).getByRole('button', { name: 'Copy password for Vault' }).click();
    await waitFor(() => {
      expect(within(row()).getByRole('status')).toHaveTextContent('Password could not be copied.');
    });
    expect(writeText).not.toHaveBeenCalled();
  });
});
