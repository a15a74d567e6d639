import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { UNEXPECTED_ERROR } from '../../../src/features/auth/authErrorMessages';
import { ALICE, aliceAccount, GOOGLE_BOB, MASTER_PASSWORD, renderAuthModal, usersWithAlice } from './harness';
import { expectConsoleError } from '../../support/consoleErrors';

beforeAll(async () => {
  await aliceAccount();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a locked session (reloaded tab or pending sign-in)', () => {
  it('opens at Enter Master Password for a user with a vault, after checking the account', async () => {
    const { user, store, onAuthenticated } = renderAuthModal({
      request: null,
      users: await usersWithAlice(),
      prepare: (session) => {
        session.markLocked(ALICE);
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent(`Checking your account (${ALICE.email!})…`);
    expect(await screen.findByRole('dialog', { name: 'Enter Master Password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with email' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Master password'), MASTER_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => {
      expect(onAuthenticated).toHaveBeenCalledTimes(1);
    });
    expect(store.getState()).toEqual({ status: 'unlocked', user: ALICE });
  });

  it('opens at Set Master Password for a user without a vault, even when a request asked for sign-up', async () => {
    renderAuthModal({
      request: authModalState(true),
      prepare: (session) => {
        session.markLocked(GOOGLE_BOB);
      },
    });
    expect(await screen.findByRole('dialog', { name: 'Set Master Password' })).toBeInTheDocument();
    expect(screen.getByText(GOOGLE_BOB.email!)).toBeInTheDocument();
  });

  it('offers to try again when the account cannot be checked', async () => {
    const consoleError = expectConsoleError(/^Unexpected error in the auth modal Error: offline/);
    const users = await usersWithAlice();
    const get = vi.spyOn(users, 'get').mockRejectedValue(new Error('offline'));
    const { user } = renderAuthModal({
      request: null,
      users,
      prepare: (session) => {
        session.markLocked(ALICE);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR);
    expect(consoleError.calls).not.toHaveLength(0);
    get.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Master Password' })).toBeInTheDocument();
  });

  it('signs out before closing, from Escape or from Cancel', async () => {
    const escape = renderAuthModal({
      request: null,
      users: await usersWithAlice(),
      prepare: (session) => {
        session.markLocked(ALICE);
      },
    });
    await screen.findByRole('dialog', { name: 'Enter Master Password' });
    await escape.user.keyboard('{Escape}');
    await waitFor(() => {
      expect(escape.onClose).toHaveBeenCalledTimes(1);
    });
    expect(escape.gateway.signOut).toHaveBeenCalledTimes(1);
    expect(escape.store.getState().status).toBe('signed-out');
    escape.unmount();

    // Cancel while the account is still being checked.
    const users = new MemoryUserRepository();
    vi.spyOn(users, 'get').mockReturnValue(new Promise(() => undefined));
    const cancel = renderAuthModal({
      request: null,
      users,
      prepare: (session) => {
        session.markLocked(ALICE);
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your account');
    await cancel.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(cancel.onClose).toHaveBeenCalledTimes(1);
    });
    expect(cancel.gateway.signOut).toHaveBeenCalledTimes(1);
    expect(cancel.store.getState().status).toBe('signed-out');
  });

  it('moves to the master-password step when someone signs in while the choices are shown', async () => {
    const { store } = renderAuthModal({ users: await usersWithAlice() });
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    act(() => {
      store.markLocked(ALICE);
    });
    expect(await screen.findByRole('dialog', { name: 'Enter Master Password' })).toBeInTheDocument();
  });

  it('recovers a third-party sign-in whose record lookup failed by checking again', async () => {
    expectConsoleError(/^Unexpected error in the auth modal Error: offline/);
    const users = new MemoryUserRepository();
    vi.spyOn(users, 'get').mockRejectedValueOnce(new Error('offline'));
    const { user, store } = renderAuthModal({ users });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('dialog', { name: 'Set Master Password' })).toBeInTheDocument();
    expect(store.getState()).toEqual({ status: 'locked', user: GOOGLE_BOB });
  });
});
