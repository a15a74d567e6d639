import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthServiceError, MfaRequiredError, type MfaHint } from '../../../src/data/auth/authGateway';
import { MESSAGES } from '../../../src/features/auth/flows/errors';
import {
  ACCOUNT_PASSWORD,
  ALICE,
  aliceAccount,
  deferred,
  fakeChallenge,
  GOOD_CODE,
  GOOGLE_BOB,
  MASTER_PASSWORD,
  PHONE_HINT,
  renderAuthModal,
  SECOND_PHONE_HINT,
  TOTP_HINT,
  usersWithAlice,
} from './harness';
import { expectConsoleError } from '../../support/consoleErrors';

beforeAll(async () => {
  await aliceAccount();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const INVALID_CODE = 'Invalid verification code. Please check the code and try again.';

/** Email login that meets a second-factor challenge with `hints`. */
async function loginIntoMfa(hints: readonly MfaHint[], masterPassword = MASTER_PASSWORD) {
  const rendered = renderAuthModal({ users: await usersWithAlice() });
  const challenge = fakeChallenge(rendered.gateway, hints);
  rendered.gateway.signInWithEmail.mockRejectedValueOnce(new MfaRequiredError(challenge));
  const { user } = rendered;
  await user.click(screen.getByRole('button', { name: 'Continue with email' }));
  await user.type(screen.getByLabelText('Email'), ALICE.email!);
  await user.type(screen.getByLabelText('Account password'), ACCOUNT_PASSWORD);
  await user.type(screen.getByLabelText('Master password'), masterPassword);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('dialog', { name: 'Two-Factor Authentication' });
  return { ...rendered, challenge };
}

describe('multi-factor sign-in after an email login', () => {
  it('texts a lone phone factor at once, takes only six digits, and finishes the sign-in', async () => {
    const { user, challenge, store, onAuthenticated } = await loginIntoMfa([PHONE_HINT]);
    expect(challenge.sendSmsCode).toHaveBeenCalledTimes(1);
    expect(challenge.sendSmsCode).toHaveBeenCalledWith(PHONE_HINT.uid);
    expect(await screen.findByText(`Enter the 6-digit code we sent to ${PHONE_HINT.phoneNumber!}.`)).toBeInTheDocument();

    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(code, '12a3-45');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(code, '6789');
    expect(code).toHaveValue(GOOD_CODE);
    expect(verify).toBeEnabled();

    await user.click(verify);
    await waitFor(() => {
      expect(onAuthenticated).toHaveBeenCalledTimes(1);
    });
    expect(challenge.verify).toHaveBeenCalledWith(PHONE_HINT.uid, GOOD_CODE);
    expect(store.getState()).toEqual({ status: 'unlocked', user: ALICE });
  });

  it('shows a wrong code on the code field and lets the user correct it', async () => {
    const { user, challenge } = await loginIntoMfa([TOTP_HINT]);
    const code = screen.getByLabelText('Verification code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_CODE);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining(INVALID_CODE) as string);
    expect(code).toHaveValue('000000');
    expect(challenge.verify).toHaveBeenCalledTimes(1);
  });

  it('goes straight to the code for a lone authenticator app and signs in with TOTP', async () => {
    const { user, challenge, store, onAuthenticated } = await loginIntoMfa([TOTP_HINT]);
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(challenge.sendSmsCode).not.toHaveBeenCalled();

    const pending = deferred<typeof ALICE>();
    challenge.verify.mockImplementationOnce(() => pending.promise);
    await user.type(screen.getByLabelText('Verification code'), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('button', { name: 'Verifying…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    pending.resolve(ALICE);

    await waitFor(() => {
      expect(onAuthenticated).toHaveBeenCalledTimes(1);
    });
    expect(challenge.verify).toHaveBeenCalledWith(TOTP_HINT.uid, GOOD_CODE);
    expect(store.getState()).toEqual({ status: 'unlocked', user: ALICE });
  });

  it('lets the user pick a method among several, and Back returns to the choice, then to the login form', async () => {
    const { user, challenge } = await loginIntoMfa([TOTP_HINT, PHONE_HINT, SECOND_PHONE_HINT]);
    expect(challenge.sendSmsCode).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Authenticator app' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(challenge.sendSmsCode).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Text message (SMS)' }));
    expect(challenge.sendSmsCode).toHaveBeenCalledWith(PHONE_HINT.uid);
    expect(await screen.findByText(`Enter the 6-digit code we sent to ${PHONE_HINT.phoneNumber!}.`)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verification code'), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Authenticator app' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(ALICE.email);
    expect(challenge.verify).not.toHaveBeenCalled();
  });

  it('returns to the login form on Back with a single factor', async () => {
    const { user } = await loginIntoMfa([TOTP_HINT]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('closes on Cancel without a sign-out, since no one is signed in yet', async () => {
    const { user, onClose, gateway } = await loginIntoMfa([PHONE_HINT]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(gateway.signOut).not.toHaveBeenCalled();
  });

  it('says when the text could not be sent, and sends it again on request', async () => {
    const consoleError = expectConsoleError(/^Could not send the MFA code AuthServiceError: auth\/too-many-requests/);
    const rendered = renderAuthModal();
    const challenge = fakeChallenge(rendered.gateway, [PHONE_HINT]);
    const firstSend = deferred<undefined>();
    challenge.sendSmsCode.mockReturnValueOnce(firstSend.promise);
    rendered.gateway.signInWithEmail.mockRejectedValueOnce(new MfaRequiredError(challenge));
    const { user } = rendered;
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    await user.type(screen.getByLabelText('Email'), ALICE.email!);
    await user.type(screen.getByLabelText('Master password'), MASTER_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(`Sending a code to ${PHONE_HINT.phoneNumber!}…`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    firstSend.reject(new AuthServiceError('auth/too-many-requests'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send verification code. Please try again.');
    expect(consoleError.calls).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(`Enter the 6-digit code we sent to ${PHONE_HINT.phoneNumber!}.`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(challenge.sendSmsCode).toHaveBeenCalledTimes(2);
  });

  it('comes back to the login form, signed out, when the master password is wrong after the second factor', async () => {
    const { user, store, gateway, onAuthenticated } = await loginIntoMfa([TOTP_HINT], 'not my master password');
    await user.type(screen.getByLabelText('Verification code'), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidMasterPassword);
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(ALICE.email);
    expect(screen.getByLabelText('Master password')).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('signed-out');
    expect(onAuthenticated).not.toHaveBeenCalled();
  });
});

describe('multi-factor sign-in after a third-party popup', () => {
  it('continues to the master-password step of the verified user', async () => {
    const { user, gateway } = renderAuthModal({ users: await usersWithAlice() });
    const challenge = fakeChallenge(gateway, [TOTP_HINT], ALICE);
    gateway.signInWithProvider.mockRejectedValueOnce(new MfaRequiredError(challenge));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('dialog', { name: 'Two-Factor Authentication' });
    await user.type(screen.getByLabelText('Verification code'), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Master Password' })).toBeInTheDocument();
  });

  it('asks a new user to set a master password, and Back from a lone factor returns to the choices', async () => {
    const { user, gateway } = renderAuthModal();
    const challenge = fakeChallenge(gateway, [PHONE_HINT], GOOGLE_BOB);
    gateway.signInWithProvider.mockRejectedValue(new MfaRequiredError(challenge));
    await user.click(screen.getByRole('button', { name: 'Continue with Microsoft' }));
    await screen.findByRole('dialog', { name: 'Two-Factor Authentication' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue with Microsoft' }));
    await user.type(await screen.findByLabelText('Verification code'), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Set Master Password' })).toBeInTheDocument();
    expect(challenge.sendSmsCode).toHaveBeenCalledTimes(2);
  });
});
