// 'Delete Account' with the real service over the in-memory repositories (a real user record,
// so the master password is checked by the crypto module) and a fake deleteAccount callable.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KdfMemoryError } from '../../../src/crypto';
import type { AccountDeletionApi } from '../../../src/features/settings/accountDeletion';
import { DeleteAccountDialog } from '../../../src/features/settings/DeleteAccountDialog';
import { MASTER, accountWorld } from '../../doubles/accountWorld';
import { expectConsoleError } from '../../support/consoleErrors';

function renderDialog(api: AccountDeletionApi) {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  render(<DeleteAccountDialog open onClose={onClose} api={api} onDeleted={onDeleted} />);
  return { onClose, onDeleted, user: userEvent.setup() };
}

const field = () => screen.getByLabelText('Master Password');
const confirmButton = () => screen.getByRole('button', { name: 'Delete Account' });

describe('DeleteAccountDialog', () => {
  it('says it cannot be undone and lists the teams the user owns, not the ones they joined', async () => {
    const { api } = await accountWorld();
    renderDialog(api);
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: /These teams you own will be deleted/ });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Alpha', 'Zeta']);
    expect(within(dialog).queryByText('Joined')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Teams you joined but do not own stay with their other members.')).toBeInTheDocument();
  });

  it('says when billing ends and that it is not prorated', async () => {
    const { api } = await accountWorld({ teams: false });
    renderDialog(api);
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(
      within(dialog).getByText(
        'If you pay for a subscription, it is cancelled immediately: billing ends the moment your account is deleted, and there is no prorated refund for the rest of the period already paid.',
      ),
    ).toBeInTheDocument();
    await screen.findByText('You do not own any team.');
  });

  it('says so when the user owns no team', async () => {
    const { api } = await accountWorld({ teams: false });
    renderDialog(api);
    expect(await screen.findByText('You do not own any team.')).toBeInTheDocument();
  });

  it('needs a master password before it can confirm', async () => {
    const { api } = await accountWorld();
    const { user } = renderDialog(api);
    await screen.findByRole('list');
    expect(confirmButton()).toBeDisabled();
    await user.type(field(), 'x');
    expect(confirmButton()).toBeEnabled();
    await user.clear(field());
    expect(confirmButton()).toBeDisabled();
  });

  it('a wrong master password opens the Invalid Master Password dialog, deletes nothing and keeps the input', async () => {
    const { api, functions, signedOut } = await accountWorld();
    const { user, onDeleted } = renderDialog(api);
    await screen.findByRole('list');
    await user.type(field(), 'wrong one');
    await user.click(confirmButton());
    const invalid = await screen.findByRole('dialog', { name: 'Invalid Master Password' }, { timeout: 5000 });
    expect(within(invalid).getByText('Invalid master password. Please try again.')).toBeInTheDocument();
    expect(functions.deleteCalls).toBe(0);
    expect(signedOut.count).toBe(0);
    await user.click(within(invalid).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Invalid Master Password' })).not.toBeInTheDocument();
    expect(field()).toHaveValue('wrong one');
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('with the right master password, shows progress, deletes, signs out and hands over to the caller', async () => {
    const { api, functions, signedOut } = await accountWorld();
    let release = () => {};
    functions.hold = new Promise((resolve) => {
      release = resolve;
    });
    const { user, onDeleted, onClose } = renderDialog(api);
    await screen.findByRole('list');
    await user.type(field(), MASTER);
    await user.click(confirmButton());
    expect(await screen.findByText('Deleting your account and its data…', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    await waitFor(() => {
      expect(onDeleted).toHaveBeenCalledTimes(1);
    });
    expect(functions.deleteCalls).toBe(1);
    expect(signedOut.count).toBe(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a device without Argon2id’s memory: the unlock’s clear message, nothing deleted, the input kept (issue #46)', async () => {
    const { api, signedOut } = await accountWorld();
    const deleteAccount = vi.fn(() => Promise.reject(new KdfMemoryError(65_536)));
    const { user, onDeleted } = renderDialog({ ...api, deleteAccount });
    await screen.findByRole('list');
    await user.type(field(), MASTER);
    await user.click(confirmButton());
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'This device could not set aside the 64 MiB of memory that unlocking needs. Close other tabs or apps and try again.',
    );
    expect(field()).toHaveValue(MASTER);
    expect(signedOut.count).toBe(0);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('a server failure shows the error, keeps the input and lets the user try again', async () => {
    expectConsoleError(/^Failed to delete account\. Please try again\. Error: The account could not be deleted\./);
    const { api, functions, signedOut } = await accountWorld();
    functions.fail = new Error('The account could not be deleted.');
    const { user, onDeleted } = renderDialog(api);
    await screen.findByRole('list');
    await user.type(field(), MASTER);
    await user.click(confirmButton());
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('The account could not be deleted.');
    expect(field()).toHaveValue(MASTER);
    expect(signedOut.count).toBe(0);
    functions.fail = null;
    await user.click(confirmButton());
    await waitFor(() => {
      expect(onDeleted).toHaveBeenCalledTimes(1);
    });
    expect(functions.deleteCalls).toBe(2);
  });

  it('when the team list cannot be loaded, says so and does not offer to delete', async () => {
    expectConsoleError(/^Failed to load teams\/passwords Error: offline/);
    const { api } = await accountWorld();
    const { user } = renderDialog({ ...api, listTeamsToDelete: () => Promise.reject(new Error('offline')) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load teams/passwords');
    await user.type(field(), MASTER);
    expect(confirmButton()).toBeDisabled();
  });

  it('Cancel closes it', async () => {
    const { api } = await accountWorld();
    const { user, onClose } = renderDialog(api);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
