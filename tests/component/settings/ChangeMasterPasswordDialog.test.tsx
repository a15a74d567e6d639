import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KdfMemoryError, unlockVault } from '../../../src/crypto';
import { ChangeMasterPasswordDialog } from '../../../src/features/settings/ChangeMasterPasswordDialog';
import { InvalidCurrentMasterPasswordError } from '../../../src/features/settings/masterPasswordChange';
import { createMasterPasswordApi, NOTIFY_FAILED_LOG, type MasterPasswordApi } from '../../../src/features/settings/masterPasswordService';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { createVaultUser } from '../../support/vaultUser';
import { expectConsoleError } from '../../support/consoleErrors';

const OLD = 'old master password';
const NEW = 'new master password';

afterEach(() => {
  vi.restoreAllMocks();
});

function Harness({ api, onClose = () => undefined }: { api: MasterPasswordApi; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => { setOpen(true); }}>
        Open
      </button>
      <ChangeMasterPasswordDialog
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
        api={api}
      />
    </>
  );
}

function fakeApi(change: MasterPasswordApi['change'] = () => Promise.resolve()) {
  return { change: vi.fn(change) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current !== '') await user.type(screen.getByLabelText('Current master password'), current);
  if (next !== '') await user.type(screen.getByLabelText('New master password'), next);
  if (confirm !== '') await user.type(screen.getByLabelText('Confirm new master password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Master Password' }));
}

function expectTyped(current: string, next: string, confirm: string) {
  expect(screen.getByLabelText('Current master password')).toHaveValue(current);
  expect(screen.getByLabelText('New master password')).toHaveValue(next);
  expect(screen.getByLabelText('Confirm new master password')).toHaveValue(confirm);
}

describe('ChangeMasterPasswordDialog', () => {
  it('is a dialog titled Change Master Password with the three password fields', () => {
    render(<Harness api={fakeApi()} />);
    expect(screen.getByRole('dialog', { name: 'Change Master Password' })).toBeInTheDocument();
    for (const label of ['Current master password', 'New master password', 'Confirm new master password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
    }
  });

  it('renders nothing when closed', () => {
    render(<ChangeMasterPasswordDialog open={false} onClose={() => undefined} api={fakeApi()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a missing current password', '', NEW, NEW, 'All fields are required'],
    ['a missing new password', OLD, '', NEW, 'All fields are required'],
    ['a missing confirmation', OLD, NEW, '', 'All fields are required'],
    ['a confirmation that differs', OLD, NEW, `${NEW}!`, 'New passwords do not match'],
    ['a new password of 5 characters', OLD, '12345', '12345', 'New master password must be at least 6 characters'],
    ['the current password again', OLD, OLD, OLD, 'New master password must be different from current password'],
  ])('%s: says so, keeps what was typed and changes nothing', async (_what, current, next, confirm, message) => {
    const user = userEvent.setup();
    const api = fakeApi();
    render(<Harness api={api} />);
    await fill(user, current, next, confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expectTyped(current, next, confirm);
    expect(api.change).not.toHaveBeenCalled();
  });

  it('a wrong current password: Invalid current master password, input kept, focus on the current password', async () => {
    const user = userEvent.setup();
    const api = fakeApi(() => Promise.reject(new InvalidCurrentMasterPasswordError()));
    render(<Harness api={api} />);
    await fill(user, 'wrong password', NEW, NEW);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid current master password');
    expectTyped('wrong password', NEW, NEW);
    expect(screen.getByLabelText('Current master password')).toHaveFocus();
    expect(api.change).toHaveBeenCalledWith('wrong password', NEW);
  });

  it('a device without Argon2id’s memory: the unlock’s clear message, not the retry one, input kept (issue #46)', async () => {
    const user = userEvent.setup();
    render(<Harness api={fakeApi(() => Promise.reject(new KdfMemoryError(65_536)))} />);
    await fill(user, OLD, NEW, NEW);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This device could not set aside the 64 MiB of memory that unlocking needs. Close other tabs or apps and try again.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Could not change the master password');
    expectTyped(OLD, NEW, NEW);
  });

  it('any other failure: a retry message, input kept', async () => {
    const user = userEvent.setup();
    const error = expectConsoleError(/^Could not change the master password\. Please try again\. Error: offline/);
    render(<Harness api={fakeApi(() => Promise.reject(new Error('offline')))} />);
    await fill(user, OLD, NEW, NEW);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change the master password. Please try again.');
    expectTyped(OLD, NEW, NEW);
    expect(error.calls).not.toHaveLength(0);
  });

  it('shows progress while the keys are derived and cannot be closed meanwhile', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onClose = vi.fn();
    render(<Harness api={fakeApi(() => new Promise<void>((resolve) => { finish = resolve; }))} onClose={onClose} />);
    await fill(user, OLD, NEW, NEW);
    expect(screen.getByRole('status')).toHaveTextContent('Deriving new keys…');
    expect(screen.getByRole('button', { name: 'Changing…' })).toBeDisabled();
    expect(screen.getByLabelText('Current master password')).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
    expect(await screen.findByText('Your master password has been changed.')).toBeInTheDocument();
  });

  it('success: a success message, then Done; reopening starts with an empty form', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    render(<Harness api={api} />);
    await fill(user, OLD, NEW, NEW);
    expect(await screen.findByRole('status')).toHaveTextContent('Your master password has been changed.');
    expect(api.change).toHaveBeenCalledWith(OLD, NEW);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expectTyped('', '', '');
  });

  describe('with the real service over the in-memory repository', () => {
    async function world(notify: () => Promise<void>) {
      const { record } = await createVaultUser(OLD);
      const users = new MemoryUserRepository();
      users.replace('ana', record);
      const api = createMasterPasswordApi({ uid: 'ana', loadUsers: () => Promise.resolve(users), notify });
      return { users, api };
    }

    it('a wrong current password is refused by the stored check value', async () => {
      const user = userEvent.setup();
      const { api, users } = await world(() => Promise.resolve());
      render(<Harness api={api} />);
      await fill(user, 'not the password', NEW, NEW);
      expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Invalid current master password');
      expect(users.masterKeyWrites).toBe(0);
    });

    it('a failed notice is only logged: the change succeeds and the new password opens the vault', async () => {
      const user = userEvent.setup();
      const error = expectConsoleError(/^Could not send the master password change notification /);
      const { api, users } = await world(() => Promise.reject(new Error('functions unavailable')));
      render(<Harness api={api} />);
      await fill(user, OLD, NEW, NEW);
      expect(await screen.findByText('Your master password has been changed.', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await waitFor(() => {
        expect(error.calls).toContainEqual([NOTIFY_FAILED_LOG, expect.any(Error)]);
      });
      const stored = await users.get('ana');
      if (stored === null) throw new Error('record gone');
      await expect(
        unlockVault(NEW, { kdf: { ...stored.kdf, salt: stored.encryptionSalt }, wrappedVaultKey: stored.wrappedVaultKey, masterPasswordTest: stored.masterPasswordTest }),
      ).resolves.toBeDefined();
    });
  });
});
