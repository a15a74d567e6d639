import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { UNEXPECTED_ERROR } from '../../../src/features/auth/authErrorMessages';
import { MESSAGES } from '../../../src/features/auth/flows/errors';
import { VALIDATION } from '../../../src/features/auth/validation';
import { ALICE, aliceAccount, deferred, GOOGLE_BOB, MASTER_PASSWORD, renderAuthModal, usersWithAlice } from './harness';
import { expectConsoleError } from '../../support/consoleErrors';

beforeAll(async () => {
  await aliceAccount();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('choosing how to sign in', () => {
  it('starts with the four choices and switches between sign-in and sign-up', async () => {
    const { user } = renderAuthModal();
    const dialog = screen.getByRole('dialog', { name: 'Sign In' });
    for (const name of ['Continue with email', 'Continue with Google', 'Continue with Microsoft', 'Continue with GitHub']) {
      expect(within(dialog).getByRole('button', { name })).toBeEnabled();
    }

    await user.click(screen.getByRole('button', { name: 'Need an account? Sign Up' }));
    expect(screen.getByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Already have an account? Log In' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('opens on the sign-up side when the request asks for it, and email leads to the sign-up form', async () => {
    const { user } = renderAuthModal({ request: authModalState(true, { email: 'new@example.com' }) });
    expect(screen.getByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });

  it('leads to the login form, and Back returns to the choices', async () => {
    const { user } = renderAuthModal();
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('closes with the × button or Escape without signing anyone out', async () => {
    const { user, onClose, gateway } = renderAuthModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(gateway.signOut).not.toHaveBeenCalled();
  });
});

describe('third-party sign-in', () => {
  it('ignores a popup the user closed', async () => {
    const { user, gateway, onClose, onAuthenticated } = renderAuthModal();
    gateway.signInWithProvider.mockRejectedValueOnce(new AuthServiceError('auth/popup-closed-by-user'));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    });
    expect(gateway.signInWithProvider).toHaveBeenCalledWith('google');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onAuthenticated).not.toHaveBeenCalled();
  });

  it.each([
    ['Google', 'auth/internal-error'],
    ['Microsoft', 'auth/internal-error'],
    ['GitHub', 'auth/network-request-failed'],
  ])('says %s is unreachable when its sign-in script cannot load (%s), and email still works', async (name, code) => {
    const { user, gateway } = renderAuthModal();
    gateway.signInWithProvider.mockRejectedValueOnce(new AuthServiceError(code));
    await user.click(screen.getByRole('button', { name: `Continue with ${name}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${name} sign-in is unreachable right now. Check your connection, or sign in with email.`,
    );
    expect(screen.queryByText(UNEXPECTED_ERROR)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Continue with ${name}` })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each([
    ['auth/account-exists-with-different-credential', 'An account already exists with this email using a different sign-in method.'],
    ['auth/operation-not-allowed', 'GitHub authentication is not enabled. Please contact support.'],
  ])('shows %s as its message', async (code, message) => {
    const { user, gateway } = renderAuthModal();
    gateway.signInWithProvider.mockRejectedValueOnce(new AuthServiceError(code));
    await user.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(gateway.signInWithProvider).toHaveBeenCalledWith('github');
  });

  it('shows the generic message for an unexpected failure and logs it', async () => {
    const consoleError = expectConsoleError(/^Unexpected error in the auth modal TypeError: boom/);
    const { user, gateway } = renderAuthModal();
    const failure = new TypeError('boom');
    gateway.signInWithProvider.mockRejectedValueOnce(failure);
    await user.click(screen.getByRole('button', { name: 'Continue with Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR);
    expect(consoleError.calls).toContainEqual([expect.any(String), failure]);
  });

  it('disables the choices and says what it waits for while the popup is open', async () => {
    const { user, gateway } = renderAuthModal();
    const popup = deferred<typeof ALICE>();
    gateway.signInWithProvider.mockReturnValueOnce(popup.promise);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for Google sign-in…');
    for (const name of ['Continue with email', 'Continue with Google', 'Continue with GitHub', 'Need an account? Sign Up']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    popup.reject(new AuthServiceError('auth/cancelled-popup-request'));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks an existing user for the master password, clears a wrong one, and unlocks with the right one', async () => {
    const { user, gateway, store, onAuthenticated } = renderAuthModal({ users: await usersWithAlice() });
    gateway.signInWithProvider.mockImplementationOnce(() => gateway.signedIn(ALICE));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByRole('dialog', { name: 'Enter Master Password' })).toBeInTheDocument();
    expect(screen.getByText(ALICE.email!)).toBeInTheDocument();
    const input = screen.getByLabelText('Master password');
    await user.type(input, 'not it');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidMasterPassword);
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(MESSAGES.invalidMasterPassword);
    expect(store.getState()).toEqual({ status: 'locked', user: ALICE });
    expect(gateway.signOut).not.toHaveBeenCalled();

    await user.type(input, MASTER_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => {
      expect(onAuthenticated).toHaveBeenCalledTimes(1);
    });
    expect(onAuthenticated).toHaveBeenCalledWith();
    expect(store.getState()).toEqual({ status: 'unlocked', user: ALICE });
    expect(store.keys()).not.toBeNull();
  });

  it('asks for the master password again when it is left blank', async () => {
    const { user, gateway } = renderAuthModal({ users: await usersWithAlice() });
    gateway.signInWithProvider.mockImplementationOnce(() => gateway.signedIn(ALICE));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.masterPasswordRequiredForLogin);
  });

  it('lets a new user set and confirm a master password, which creates the vault', async () => {
    const { user, users, store, onAuthenticated } = renderAuthModal();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByRole('dialog', { name: 'Set Master Password' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Set Master Password' });
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText('Master password')).toHaveAccessibleDescription(/at least 12 characters/);
    await user.type(screen.getByLabelText('Master password'), 'Tr0ub4dor&3-horse');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm master password'), 'Tr0ub4dor&3-hors');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.masterPasswordsDiffer);
    expect(screen.getByLabelText('Confirm master password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Master password')).toHaveValue('Tr0ub4dor&3-horse');

    await user.type(screen.getByLabelText('Confirm master password'), 'e');
    await user.click(submit);
    expect(await screen.findByText('Creating your encryption keys…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Creating vault…' })).toBeDisabled();
    await waitFor(
      () => {
        expect(onAuthenticated).toHaveBeenCalledTimes(1);
      },
      { timeout: 5000 },
    );
    expect(store.getState()).toEqual({ status: 'unlocked', user: GOOGLE_BOB });
    expect((await users.get(GOOGLE_BOB.uid))?.authProvider).toBe('google');
  });

  it('clears the mismatch message on Set Master Password as soon as the confirmation matches', async () => {
    const { user } = renderAuthModal();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('dialog', { name: 'Set Master Password' });
    await user.type(screen.getByLabelText('Master password'), 'Tr0ub4dor&3-horse');
    await user.type(screen.getByLabelText('Confirm master password'), 'Tr0ub4dor&3-hor');
    await user.click(screen.getByRole('button', { name: 'Set Master Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.masterPasswordsDiffer);

    await user.type(screen.getByLabelText('Confirm master password'), 's');
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.masterPasswordsDiffer);
    await user.type(screen.getByLabelText('Confirm master password'), 'e');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Confirm master password')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Master password')).toHaveValue('Tr0ub4dor&3-horse');
    expect(screen.getByLabelText('Confirm master password')).toHaveValue('Tr0ub4dor&3-horse');
    expect(screen.getByRole('button', { name: 'Set Master Password' })).toBeEnabled();
  });

  it('says the OAuth login failed when the new vault cannot be saved, and keeps the step open', async () => {
    const users = new MemoryUserRepository();
    vi.spyOn(users, 'create').mockRejectedValue(new Error('database unavailable'));
    expectConsoleError(/^Third-party sign-in could not be completed Error: database unavailable/);
    const { user, store, onAuthenticated } = renderAuthModal({ users });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('dialog', { name: 'Set Master Password' });
    await user.type(screen.getByLabelText('Master password'), 'Tr0ub4dor&3-horse');
    await user.type(screen.getByLabelText('Confirm master password'), 'Tr0ub4dor&3-horse');
    await user.click(screen.getByRole('button', { name: 'Set Master Password' }));
    expect(await screen.findByText('Failed to complete OAuth login. Please try again.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(onAuthenticated).not.toHaveBeenCalled();
    expect(store.getState().status).not.toBe('unlocked');
    expect(screen.getByRole('dialog', { name: 'Set Master Password' })).toBeInTheDocument();
  });

  it('cancels a pending sign-in: Cancel signs out and closes', async () => {
    const { user, gateway, store, onClose } = renderAuthModal({ users: await usersWithAlice() });
    gateway.signInWithProvider.mockImplementationOnce(() => gateway.signedIn(ALICE));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(gateway.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('signed-out');
  });

  it('signs out as well when the master-password step is closed with ×', async () => {
    const { user, gateway, store, onClose } = renderAuthModal();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('dialog', { name: 'Set Master Password' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(gateway.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('signed-out');
  });
});
