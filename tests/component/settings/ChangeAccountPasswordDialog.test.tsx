import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthServiceError, MfaRequiredError, type MfaChallenge, type MfaHint } from '../../../src/data/auth/authGateway';
import { ChangeAccountPasswordDialog } from '../../../src/features/settings';
import { deferred } from '../../support/async';

function renderDialog(change: (current: string, next: string) => Promise<void> = vi.fn(() => Promise.resolve())) {
  const onClose = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(<ChangeAccountPasswordDialog open changeAccountPassword={change} onClose={onClose} />);
  return { user, change, onClose };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current) await user.type(screen.getByLabelText('Current account password'), current);
  if (next) await user.type(screen.getByLabelText('New account password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new account password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangeAccountPasswordDialog', () => {
  it('is titled Change Account Password', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Change Account Password' })).toBeInTheDocument();
  });

  it.each([
    ['', 'newpass1', 'newpass1', 'All fields are required'],
    ['oldpass1', 'newpass1', 'newpass2', 'Account passwords do not match.'],
    ['oldpass1', 'abc', 'abc', 'New account password must be at least 6 characters'],
    ['oldpass1', 'oldpass1', 'oldpass1', 'New account password must be different from current password'],
  ])('refuses (%j, %j, %j) before calling the service', async (current, next, confirm, message) => {
    const { user, change } = renderDialog();
    await fill(user, current, next, confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(change).not.toHaveBeenCalled();
  });

  it('changes the password with the current one and says so', async () => {
    const pending = deferred<undefined>();
    const { user, change, onClose } = renderDialog(vi.fn(() => pending.promise));
    await fill(user, 'oldpass1', 'newpass1', 'newpass1');
    expect(change).toHaveBeenCalledWith('oldpass1', 'newpass1');
    expect(screen.getByRole('button', { name: 'Changing…' })).toBeDisabled();
    pending.resolve(undefined);
    expect(await screen.findByRole('status')).toHaveTextContent('Your account password has been changed.');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it.each([
    ['auth/wrong-password', 'Your current account password is incorrect.'],
    ['auth/invalid-credential', 'Your current account password is incorrect.'],
    ['auth/weak-password', 'Password is too weak. Please choose a stronger password.'],
    ['auth/requires-recent-login', 'For your security, please sign out and sign in again, then change your password.'],
    ['auth/internal-error', 'Failed to change your account password. Please try again.'],
  ])('shows a clear message for %s and keeps the fields', async (code, message) => {
    const { user } = renderDialog(vi.fn(() => Promise.reject(new AuthServiceError(code))));
    await fill(user, 'oldpass1', 'newpass1', 'newpass1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('New account password')).toHaveValue('newpass1');
  });
});

describe('ChangeAccountPasswordDialog for a two-factor account', () => {
  const PHONE: MfaHint = { uid: 'phone-1', factorId: 'phone', displayName: 'Phone ending 0123', phoneNumber: '+1******0123' };
  const APP: MfaHint = { uid: 'totp-1', factorId: 'totp', displayName: 'Authenticator app', phoneNumber: null };

  function challengeOf(hints: MfaHint[]) {
    let changed = false;
    const challenge = {
      hints,
      sendSmsCode: vi.fn<MfaChallenge['sendSmsCode']>(() => Promise.resolve()),
      verify: vi.fn<MfaChallenge['verify']>((_hint, code) => {
        if (code !== '135790') return Promise.reject(new AuthServiceError('auth/invalid-verification-code'));
        changed = true;
        return Promise.resolve({ uid: 'u1', email: 'ana@example.com', emailVerified: true, provider: 'password' });
      }),
    };
    return { challenge, changed: () => changed };
  }

  it('texts the lone phone at once, refuses a wrong code, and finishes the change with the right one', async () => {
    const { challenge, changed } = challengeOf([PHONE]);
    const { user, change } = renderDialog(vi.fn(() => Promise.reject(new MfaRequiredError(challenge))));
    await fill(user, 'oldpass1', 'newpass1', 'newpass1');
    expect(change).toHaveBeenCalledWith('oldpass1', 'newpass1');
    expect(await screen.findByText('Enter the 6-digit code we sent to +1******0123.')).toBeInTheDocument();
    expect(challenge.sendSmsCode).toHaveBeenCalledTimes(1);
    expect(challenge.sendSmsCode).toHaveBeenCalledWith('phone-1');

    await user.type(screen.getByLabelText('Verification code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code. Please check the code and try again.');
    expect(changed()).toBe(false);

    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account password has been changed.');
    expect(challenge.verify).toHaveBeenLastCalledWith('phone-1', '135790');
    expect(changed()).toBe(true);
  });

  it('with two factors asks which one, and the authenticator app sends no SMS', async () => {
    const { challenge } = challengeOf([PHONE, APP]);
    const { user } = renderDialog(vi.fn(() => Promise.reject(new MfaRequiredError(challenge))));
    await fill(user, 'oldpass1', 'newpass1', 'newpass1');
    await user.click(await screen.findByRole('button', { name: 'Authenticator app' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(challenge.sendSmsCode).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Verification code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account password has been changed.');
    expect(challenge.verify).toHaveBeenCalledWith('totp-1', '135790');
  });

  it('a failed SMS says so and offers to resend; Back returns to the form with what was typed', async () => {
    const { challenge } = challengeOf([PHONE]);
    challenge.sendSmsCode.mockRejectedValueOnce(new AuthServiceError('auth/internal-error'));
    const { user } = renderDialog(vi.fn(() => Promise.reject(new MfaRequiredError(challenge))));
    await fill(user, 'oldpass1', 'newpass1', 'newpass1');
    expect(await screen.findByText('Failed to send verification code. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Enter the 6-digit code we sent to +1******0123.')).toBeInTheDocument();
    expect(challenge.sendSmsCode).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Current account password')).toHaveValue('oldpass1');
  });
});
