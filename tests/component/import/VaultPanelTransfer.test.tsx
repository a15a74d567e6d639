import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../src/crypto';
import { LazyExportDialog, LazyImportDialog, type ExportServices, type ImportTarget } from '../../../src/features/import';
import { collectVault, importTargetOf } from '../../../src/features/vault';
import { savePassword } from '../../../src/features/vault/vaultService';
import { openExportFile } from '../../../src/crypto';
import { fixtureFile } from './importTestKit';
import type { PersonalVaultDeps } from '../../../src/features/vault/personalVault';
import type { VaultTransfer } from '../../../src/features/vault/transfer';
import { VaultPanel } from '../../../src/features/vault/VaultPanel';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

function deps(): PersonalVaultDeps {
  return { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => Date.UTC(2026, 10, 26) };
}

function renderPanel(props: { canImport?: boolean; canExport?: boolean; transfer?: VaultTransfer }) {
  const user = userEvent.setup();
  const vaultDeps = deps();
  render(
    <VaultPanel deps={vaultDeps} heading="Personal Passwords" listLabel="Personal passwords" subject="your passwords" canCreate canEdit canDelete {...props} />,
  );
  return { user, vaultDeps };
}

const emptyTarget: ImportTarget = {
  contents: () => ({ entries: [], groups: [] }),
  writer: { createGroup: () => Promise.reject(new Error('not in this test')), createEntry: () => Promise.reject(new Error('not in this test')) },
};

const exportServices: ExportServices = {
  verifyMasterPassword: () => Promise.resolve(false),
  iterations: 100_000,
  collect: () => Promise.reject(new Error('not in this test')),
};

describe('VaultPanel: Import and Export', () => {
  it('shows neither button without the dialogs, nor one the role does not allow', async () => {
    const transfer: VaultTransfer = { renderImport: () => null, renderExport: () => null };
    const { unmount } = render(
      <VaultPanel deps={deps()} heading="A" listLabel="A" subject="your passwords" canCreate canEdit canDelete canImport canExport />,
    );
    await screen.findByText('No passwords yet. Add your first password!');
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    unmount();

    renderPanel({ canExport: true, transfer });
    await screen.findByText('No passwords yet. Add your first password!');
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('opens the import dialog the app renders, with this vault; what it writes shows in the list without reading the vault again', async () => {
    const renderImport = vi.fn<NonNullable<VaultTransfer['renderImport']>>(({ onClose, deps }) => (
      <div role="dialog" aria-label="Import stand-in">
        <button type="button" onClick={() => void savePassword(deps, { title: 'Imported', url: null, notes: null, username: 'ana', password: 'imported secret', groupId: null })}>
          Imported
        </button>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
    ));
    const { user, vaultDeps } = renderPanel({ canImport: true, canExport: true, transfer: { renderImport } });
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await screen.findByText('No passwords yet. Add your first password!');
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import stand-in' });
    expect(renderImport.mock.lastCall?.[0].deps).toBe(vaultDeps);
    expect(renderImport.mock.lastCall?.[0].vault.load.status).toBe('ready');

    const reads = vi.spyOn(vaultDeps.passwords, 'watchPersonal');
    await user.click(within(dialog).getByRole('button', { name: 'Imported' }));
    expect(await screen.findByRole('listitem', { name: 'Imported' })).toBeInTheDocument();
    expect(reads).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads the real dialogs on demand', async () => {
    const transfer: VaultTransfer = {
      renderImport: ({ onClose }) => <LazyImportDialog open onClose={onClose} target={emptyTarget} />,
      renderExport: ({ onClose }) => <LazyExportDialog open onClose={onClose} services={exportServices} />,
    };
    const { user } = renderPanel({ canImport: true, canExport: true, transfer });
    await screen.findByText('No passwords yet. Add your first password!');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    // The fallback while the chunk loads has the same name; the dialog is there once its field is.
    expect(await screen.findByLabelText('File to import')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Import Passwords' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByLabelText('Master password')).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Export Passwords' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
  });

  it('imports a Chrome CSV into this vault through the real plan, run and vault writer, then a second time finds only duplicates', async () => {
    const transfer: VaultTransfer = {
      renderImport: (context) => <LazyImportDialog open onClose={context.onClose} target={importTargetOf(context)} />,
    };
    const { user } = renderPanel({ canImport: true, transfer });
    await screen.findByText('No passwords yet. Add your first password!');

    for (const round of [1, 2]) {
      await user.click(screen.getByRole('button', { name: 'Import' }));
      await user.upload(await screen.findByLabelText('File to import'), fixtureFile('chrome.csv', 'text/csv'));
      await user.click(screen.getByRole('button', { name: 'Preview' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import Passwords' });
      if (round === 1) {
        await user.click(await within(dialog).findByRole('button', { name: /^Import \d+ entries$/ }));
        await within(dialog).findByText(/^Imported \d+ entries\.$/);
        await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      } else {
        // Everything the file holds is there now: the preview offers nothing but its duplicates.
        await within(dialog).findByLabelText(/^Also import the \d+ duplicates$/);
        expect(within(dialog).queryByRole('button', { name: /^Import [1-9]\d* entr/ })).not.toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      }
    }
    const list = screen.getByRole('list', { name: 'Personal passwords' });
    expect(await within(list).findByRole('listitem', { name: 'accounts.google.com' })).toBeInTheDocument();
  });

  it('exports this vault through the real collection: the encrypted file opens with its password and holds every entry', async () => {
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const transfer: VaultTransfer = {
      renderExport: (context) => (
        <LazyExportDialog
          open
          onClose={context.onClose}
          services={{ verifyMasterPassword: () => Promise.resolve(true), iterations: 100_000, collect: (onProgress) => collectVault(context, onProgress) }}
        />
      ),
    };
    const vaultDeps = deps();
    await savePassword(vaultDeps, { title: 'Bank', url: 'https://bank.example', notes: 'PIN 1234', username: 'ana', password: ' pw with edge spaces ', groupId: null });
    const user = userEvent.setup();
    render(<VaultPanel deps={vaultDeps} heading="P" listLabel="Personal passwords" subject="your passwords" canCreate canEdit canDelete canExport transfer={transfer} />);
    await screen.findByRole('listitem', { name: 'Bank' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.type(await screen.findByLabelText('Master password'), 'master password');
    await user.type(screen.getByLabelText('File password'), 'file secret 1');
    await user.type(screen.getByLabelText('Confirm file password'), 'file secret 1');
    await user.click(within(screen.getByRole('dialog', { name: 'Export Passwords' })).getByRole('button', { name: 'Export' }));
    await screen.findByText(/^Saved keyloft-export-/);
    const file = JSON.parse(await (saved as unknown as Blob).text()) as unknown;
    const document = JSON.parse(await openExportFile('file secret 1', file)) as { entries: unknown[] };
    expect(document.entries).toEqual([
      { title: 'Bank', url: 'https://bank.example', username: 'ana', password: ' pw with edge spaces ', notes: 'PIN 1234', group: null, otp: null, passwordHistory: [] },
    ]);
  });
});
