import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthServiceError, type AuthUser } from '../../../src/data/auth/authGateway';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { MESSAGES } from '../../../src/features/auth/flows/errors';
import { AUTH_MESSAGES, resetEmailSent } from '../../../src/features/auth/messages';
import { VALIDATION } from '../../../src/features/auth/validation';
import { ACCOUNT_PASSWORD, ALICE, aliceAccount, deferred, MASTER_PASSWORD, renderAuthModal, usersWithAlice } from './harness';
import { expectConsoleError } from '../../support/consoleErrors';

beforeAll(async () => {
  await aliceAccount();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openLogin(options: Parameters<typeof renderAuthModal>[0] = {}) {
  const rendered = renderAuthModal(options);
  await rendered.user.click(screen.getByRole('button', { name: 'Continue with email' }));
  return rendered;
}

async function fillLogin(user: ReturnType<typeof renderAuthModal>['user'], values: { email?: string; account?: string; master?: string }) {
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.account) await user.type(screen.getByLabelText('Account password'), values.account);
  if (values.master) await user.type(screen.getByLabelText('Master password'), values.master);
}

describe('the login form', () => {
  it('labels every field, with autocomplete hints and show/hide toggles', async () => {
    const { user } = await openLogin();
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    const account = screen.getByLabelText('Account password');
    expect(account).toHaveAttribute('autocomplete', 'current-password');
    expect(account).toHaveAttribute('type', 'password');
    const master = screen.getByLabelText('Master password');
    expect(master).toHaveAttribute('autocomplete', 'off');

    await user.click(screen.getByRole('button', { name: 'Show account password' }));
    expect(account).toHaveAttribute('type', 'text');
    expect(master).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hide account password' }));
    expect(account).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show master password' }));
    expect(master).toHaveAttribute('type', 'text');
  });

  it('requires the master password before calling the service', async () => {
    const { user, gateway } = await openLogin();
    await fillLogin(user, { email: ALICE.email!, account: ACCOUNT_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.masterPasswordRequiredForLogin);
    expect(screen.getByLabelText('Master password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Master password')).toHaveAccessibleDescription(
      expect.stringContaining(VALIDATION.masterPasswordRequiredForLogin) as string,
    );
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(gateway.signInWithEmail).not.toHaveBeenCalled();
  });

  it('rejects an email that is not shaped like one', async () => {
    const { user, gateway } = await openLogin();
    await fillLogin(user, { email: 'alice', account: ACCOUNT_PASSWORD, master: MASTER_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.invalidEmail);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.signInWithEmail).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/invalid-credential', 'Invalid email or password. Please check your credentials and try again.'],
    ['auth/user-disabled', 'This account has been disabled. Please contact support.'],
    ['auth/too-many-requests', 'Too many failed login attempts. Please try again later.'],
    ['auth/network-request-failed', 'Network error. Please check your connection and try again.'],
  ])('shows %s as its message and keeps what was typed', async (code, message) => {
    const { user, gateway } = await openLogin();
    gateway.signInWithEmail.mockRejectedValueOnce(new AuthServiceError(code));
    await fillLogin(user, { email: ALICE.email!, account: ACCOUNT_PASSWORD, master: MASTER_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveValue(ALICE.email);
    expect(screen.getByLabelText('Account password')).toHaveValue(ACCOUNT_PASSWORD);
    expect(screen.getByLabelText('Master password')).toHaveValue(MASTER_PASSWORD);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('marks the credentials invalid on a wrong account password', async () => {
    const { user, gateway } = await openLogin();
    gateway.signInWithEmail.mockRejectedValueOnce(new AuthServiceError('auth/invalid-credential'));
    await fillLogin(user, { email: ALICE.email!, account: 'wrong', master: MASTER_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Account password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Master password')).not.toHaveAttribute('aria-invalid');
  });

  it('signs in, unlocks the vault and reports success once, ignoring a second submit', async () => {
    const { user, gateway, store, storage, onAuthenticated, onClose } = await openLogin({ users: await usersWithAlice() });
    const pending = deferred<AuthUser>();
    gateway.signInWithEmail.mockImplementationOnce(() => pending.promise.then((who) => gateway.signedIn(who)));
    await fillLogin(user, { email: ` ${ALICE.email!}`, account: ACCOUNT_PASSWORD, master: MASTER_PASSWORD });
    const submit = screen.getByRole('button', { name: 'Sign In' });
    // Two clicks before React re-renders the button as disabled: the second must be dropped.
    act(() => {
      submit.click();
      submit.click();
    });

    const busy = screen.getByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    await user.type(screen.getByLabelText('Master password'), '{Enter}');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    pending.resolve(ALICE);

    await waitFor(() => {
      expect(onAuthenticated).toHaveBeenCalledTimes(1);
    });
    expect(onAuthenticated).toHaveBeenCalledWith();
    expect(gateway.signInWithEmail).toHaveBeenCalledTimes(1);
    expect(gateway.signInWithEmail).toHaveBeenCalledWith(ALICE.email, ACCOUNT_PASSWORD);
    expect(store.getState()).toEqual({ status: 'unlocked', user: ALICE });
    expect(storage.items.size).toBe(1);
  });

  it('signs out again on a wrong master password and says so', async () => {
    const { user, gateway, store, onAuthenticated } = await openLogin({ users: await usersWithAlice() });
    await fillLogin(user, { email: ALICE.email!, account: ACCOUNT_PASSWORD, master: 'not my master password' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidMasterPassword);
    expect(screen.getByLabelText('Master password')).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('signed-out');
    expect(onAuthenticated).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("says 'User data not found' when the account has no record", async () => {
    const { user, store } = await openLogin();
    await fillLogin(user, { email: ALICE.email!, account: ACCOUNT_PASSWORD, master: MASTER_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.userDataNotFound);
    expect(store.getState().status).toBe('signed-out');
  });

  it('carries the email to the sign-up form through the switch', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'carol@example.com');
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign Up' }));
    expect(screen.getByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('carol@example.com');
    await user.click(screen.getByRole('button', { name: 'Already have an account? Log In' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('carol@example.com');
  });
});

describe('the password reset request', () => {
  async function openReset(email = '') {
    const rendered = await openLogin();
    if (email) await rendered.user.type(screen.getByLabelText('Email'), email);
    await rendered.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    return rendered;
  }

  it('asks for the email first', async () => {
    const { user, gateway } = await openReset();
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.emailRequiredForReset);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.sendPasswordResetEmail).not.toHaveBeenCalled();
  });

  it('sends the reset email to the address carried over from the login form', async () => {
    const { user, gateway } = await openReset(ALICE.email!);
    expect(screen.getByLabelText('Email')).toHaveValue(ALICE.email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(resetEmailSent(ALICE.email!));
    expect(gateway.sendPasswordResetEmail).toHaveBeenCalledWith(ALICE.email);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives the same answer for an address without an account', async () => {
    const { user, gateway } = await openReset('nobody@example.com');
    gateway.sendPasswordResetEmail.mockRejectedValueOnce(new AuthServiceError('auth/user-not-found'));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(resetEmailSent('nobody@example.com'));
  });

  it('shows a failure to send, and goes back to the login form with the email', async () => {
    const { user, gateway } = await openReset(ALICE.email!);
    gateway.sendPasswordResetEmail.mockRejectedValueOnce(new AuthServiceError('auth/network-request-failed'));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection and try again.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(ALICE.email);
  });

  it("says 'Failed to send password reset email' on any other failure, keeping the typed email", async () => {
    const { user, gateway } = await openReset(ALICE.email!);
    const consoleError = expectConsoleError(/^Could not send the password reset email (AuthServiceError: auth\/internal-error|Error: boom)/);
    gateway.sendPasswordResetEmail.mockRejectedValueOnce(new AuthServiceError('auth/internal-error'));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetSendFailed);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to send password reset email\. Please try again\.$/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(ALICE.email);

    // Not an auth code at all: the same wording.
    gateway.sendPasswordResetEmail.mockRejectedValueOnce(new Error('boom'));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => {
      expect(gateway.sendPasswordResetEmail).toHaveBeenCalledTimes(2);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetSendFailed);
    expect(screen.getByLabelText('Email')).toHaveValue(ALICE.email);
    expect(consoleError.calls).not.toHaveLength(0);

    // Then it works: the success notice replaces the alert.
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(resetEmailSent(ALICE.email!));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens pre-filled from the request email', async () => {
    const { user } = renderAuthModal({ request: authModalState(false, { email: 'invited@example.com' }) });
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('invited@example.com');
  });
});
