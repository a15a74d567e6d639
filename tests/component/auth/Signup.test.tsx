import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { AUTH_MESSAGES } from '../../../src/features/auth/messages';
import { VALIDATION } from '../../../src/features/auth/validation';
import { ACCOUNT_PASSWORD, MASTER_PASSWORD, renderAuthModal } from './harness';
import { expectConsoleError } from '../../support/consoleErrors';

beforeEach(() => {
  // Without a site key the bot check is skipped with a console note (BotCheck.test.tsx covers it).
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const STRONG_MASTER = 'Plum-Violin-Quartz-93!';

async function openSignup(email = 'new@example.com') {
  const rendered = renderAuthModal({ request: authModalState(true, { email, inviteId: 'invite-1', sharedSecret: 'secret' }) });
  await rendered.user.click(screen.getByRole('button', { name: 'Continue with email' }));
  return rendered;
}

type User = Awaited<ReturnType<typeof openSignup>>['user'];

async function fillSignup(
  user: User,
  values: { account?: string; confirmAccount?: string; master?: string; confirmMaster?: string } = {},
) {
  const account = values.account ?? ACCOUNT_PASSWORD;
  const master = values.master ?? STRONG_MASTER;
  if (account) await user.type(screen.getByLabelText('Account password'), account);
  const confirmAccount = values.confirmAccount ?? account;
  if (confirmAccount) await user.type(screen.getByLabelText('Confirm account password'), confirmAccount);
  if (master) await user.type(screen.getByLabelText('Master password'), master);
  const confirmMaster = values.confirmMaster ?? master;
  if (confirmMaster) await user.type(screen.getByLabelText('Confirm master password'), confirmMaster);
}

describe('the sign-up form', () => {
  it('labels every field, pre-fills the invited email and gives each password a show/hide toggle', async () => {
    const { user } = await openSignup();
    expect(screen.getByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Account password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm account password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Master password')).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByLabelText('Confirm master password')).toHaveAttribute('autocomplete', 'off');

    for (const [label, toggle] of [
      ['Account password', 'account password'],
      ['Confirm account password', 'account password confirmation'],
      ['Master password', 'master password'],
      ['Confirm master password', 'master password confirmation'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `Show ${toggle}` }));
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'text');
      await user.click(screen.getByRole('button', { name: `Hide ${toggle}` }));
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
    }
  });

  it('advises on the master password and keeps Create Account disabled while it is blank', async () => {
    const { user } = await openSignup();
    const master = screen.getByLabelText('Master password');
    expect(master).toHaveAccessibleDescription(expect.stringMatching(/at least 12 characters.*cannot be recovered/) as string);
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    await user.type(master, 'x');
    expect(submit).toBeEnabled();
    await user.clear(master);
    expect(submit).toBeDisabled();
  });

  it('rates the master password as the user types, without blocking a weak one', async () => {
    const { user } = await openSignup();
    const master = screen.getByLabelText('Master password');
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    await user.type(master, 'password');
    const meter = await screen.findByRole('meter', { name: 'Master password strength' });
    expect(meter).toHaveAttribute('aria-valuetext', 'Very weak');
    expect(meter).toHaveAttribute('value', '0');
    expect(screen.getByText(/Strength:/)).toHaveTextContent(/Very weak — .+/);
    expect(master).toHaveAccessibleDescription(expect.stringContaining('Very weak') as string);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();

    await user.clear(master);
    await user.type(master, STRONG_MASTER);
    await waitFor(() => {
      expect(screen.getByRole('meter', { name: 'Master password strength' })).toHaveAttribute('aria-valuetext', 'Strong');
    });
  });

  it('advises what the meter measures, length and unpredictability, not character classes (issue #43 item 10)', async () => {
    const { user } = await openSignup();
    const master = screen.getByLabelText('Master password');
    expect(master).toHaveAccessibleDescription(expect.stringMatching(/long and unpredictable: at least 12 characters, such as four or more random words/) as string);
    expect(master).not.toHaveAccessibleDescription(expect.stringMatching(/upper|lower-case|digits/i) as string);
    // Every character class, and guessable: the meter says so, as the advice does.
    await user.type(master, 'Password1!');
    expect(await screen.findByRole('meter', { name: 'Master password strength' })).toHaveAttribute('aria-valuetext', 'Weak');
    // Four random lowercase words: what the advice asks for, and what the meter rates Strong.
    await user.clear(master);
    await user.type(master, 'quilt oxygen marble ferret');
    await waitFor(() => {
      expect(screen.getByRole('meter', { name: 'Master password strength' })).toHaveAttribute('aria-valuetext', 'Strong');
    });
  });

  it('warns, without blocking, when the master password equals the account password', async () => {
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Account password'), 'same-secret-123');
    expect(screen.queryByText(/same as your account password/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Master password'), 'same-secret-123');
    expect(screen.getByRole('status')).toHaveTextContent(/same as your account password/);
    expect(screen.getByLabelText('Master password')).toHaveAccessibleDescription(
      expect.stringContaining('same as your account password') as string,
    );
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it.each([
    [{ confirmAccount: 'something else' }, VALIDATION.accountPasswordsDiffer, 'Confirm account password'],
    [{ confirmMaster: 'something else' }, VALIDATION.masterPasswordsDiffer, 'Confirm master password'],
  ])('refuses mismatched confirmations (%o)', async (values, message, field) => {
    const { user, gateway } = await openSignup();
    await fillSignup(user, values);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(field)).toHaveAccessibleDescription(message);
    expect(gateway.createAccount).not.toHaveBeenCalled();
  });

  it.each([
    ['Confirm master password', { confirmMaster: 'Plum-Violin-Quartz-9' }, '3!', VALIDATION.masterPasswordsDiffer],
    ['Confirm account password', { confirmAccount: ACCOUNT_PASSWORD.slice(0, -2) }, ACCOUNT_PASSWORD.slice(-2), VALIDATION.accountPasswordsDiffer],
  ])('clears the mismatch message once %s matches, keeping what was typed', async (field, values, rest, message) => {
    const { user } = await openSignup();
    await fillSignup(user, values);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);

    // Still different after one more character: the message stays.
    await user.type(screen.getByLabelText(field), rest.charAt(0));
    expect(screen.getByRole('alert')).toHaveTextContent(message);

    await user.type(screen.getByLabelText(field), rest.charAt(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(field)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.getByLabelText('Account password')).toHaveValue(ACCOUNT_PASSWORD);
    expect(screen.getByLabelText('Confirm account password')).toHaveValue(ACCOUNT_PASSWORD);
    expect(screen.getByLabelText('Master password')).toHaveValue(STRONG_MASTER);
    expect(screen.getByLabelText('Confirm master password')).toHaveValue(STRONG_MASTER);
  });

  it('refuses an email that is not shaped like one', async () => {
    const { user, gateway } = await openSignup('not-an-email');
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.invalidEmail);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.createAccount).not.toHaveBeenCalled();
  });

  it('shows an address already in use on the email field and keeps everything typed', async () => {
    const { user, gateway } = await openSignup();
    gateway.createAccount.mockRejectedValueOnce(new AuthServiceError('auth/email-already-in-use'));
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Please sign in instead.',
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Account password')).toHaveValue(ACCOUNT_PASSWORD);
    expect(screen.getByLabelText('Master password')).toHaveValue(STRONG_MASTER);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('creates the account and its keys, and reports the verification email', async () => {
    const { user, gateway, store, users, sendCustomEmailVerification, onAuthenticated } = await openSignup();
    await fillSignup(user, { master: MASTER_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Creating your encryption keys…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Creating account…' })).toBeDisabled();
    await waitFor(
      () => {
        expect(onAuthenticated).toHaveBeenCalledTimes(1);
      },
      { timeout: 5000 },
    );
    expect(onAuthenticated).toHaveBeenCalledWith(AUTH_MESSAGES.verificationSent);
    expect(gateway.createAccount).toHaveBeenCalledWith('new@example.com', ACCOUNT_PASSWORD);
    expect(sendCustomEmailVerification).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ status: 'unlocked', user: { uid: 'new-user' } });
    expect(await users.get('new-user')).not.toBeNull();
  });

  it('signs the new user in without the notice when no verification email could be sent', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expectConsoleError(/^Could not send a verification email AuthServiceError: auth\/network-request-failed/);
    const { user, gateway, sendCustomEmailVerification, store, onAuthenticated } = await openSignup();
    sendCustomEmailVerification.mockRejectedValueOnce(new Error('function down'));
    gateway.sendVerificationEmail.mockRejectedValueOnce(new AuthServiceError('auth/network-request-failed'));
    await fillSignup(user, { master: MASTER_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(
      () => {
        expect(onAuthenticated).toHaveBeenCalledTimes(1);
      },
      { timeout: 5000 },
    );
    expect(onAuthenticated).toHaveBeenCalledWith(undefined);
    expect(store.getState().status).toBe('unlocked');
  });
});
