import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../src/crypto';
import { LazyExportDialog, LazyImportDialog, type ExportServices, type ImportServices } from '../../../src/features/import';
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

const importServices: ImportServices = {
  plan: () => Promise.reject(new Error('not in this test')),
  run: () => Promise.reject(new Error('not in this test')),
  skippedListCsv: () => '',
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

  it('opens the import dialog the app renders, with this vault, and reloads the list when it imported', async () => {
    const renderImport = vi.fn<NonNullable<VaultTransfer['renderImport']>>(({ onClose, onImported }) => (
      <div role="dialog" aria-label="Import stand-in">
        <button type="button" onClick={onImported}>
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

    const reads = vi.spyOn(vaultDeps.groups, 'scanPersonal');
    await user.click(within(dialog).getByRole('button', { name: 'Imported' }));
    await waitFor(() => {
      expect(reads).toHaveBeenCalledTimes(1);
    });
    await screen.findByText('No passwords yet. Add your first password!');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads the real dialogs on demand', async () => {
    const transfer: VaultTransfer = {
      renderImport: ({ onClose, onImported }) => <LazyImportDialog open onClose={onClose} onImported={onImported} services={importServices} />,
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
});
