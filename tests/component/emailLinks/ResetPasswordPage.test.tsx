import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { ResetPasswordPage, type ResetPasswordGateway } from '../../../src/features/emailLinks';
import { deferred, elapse, renderEmailLinkPage, settle, SUPPORT_EMAIL, uniqueCode } from './harness';

const EMAIL = 'ada@example.com';

function fakeGateway() {
  const gateway = {
    verifyPasswordResetCode: vi.fn<ResetPasswordGateway['verifyPasswordResetCode']>(() => Promise.resolve(EMAIL)),
    confirmPasswordReset: vi.fn<ResetPasswordGateway['confirmPasswordReset']>(() => Promise.resolve()),
  } satisfies ResetPasswordGateway;
  const loadGateway = vi.fn(() => Promise.resolve<ResetPasswordGateway>(gateway));
  return { gateway, loadGateway };
}

type Fake = ReturnType<typeof fakeGateway>;

const GENERIC = 'Something went wrong while resetting your password. Please try again.';
const NETWORK = 'Network error. Please check your connection and try again.';
const EXPIRED = 'This password reset link has expired. Request a new one from the sign-in screen.';
const FAILED_HEADING = 'We couldn’t reset your password';

const resetQuery = (code: string) => `?mode=resetPassword&oobCode=${code}&apiKey=test-key&lang=en`;

function renderReset(query: string, fake: Fake = fakeGateway()) {
  const utils = renderEmailLinkPage(
    '/reset-password',
    `/reset-password${query}`,
    <ResetPasswordPage loadGateway={fake.loadGateway} />,
  );
  return { ...utils, ...fake };
}

/** Renders a valid link and waits for the form. */
async function renderForm(fake: Fake = fakeGateway()) {
  const code = uniqueCode('reset');
  const utils = renderReset(resetQuery(code), fake);
  await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
  await screen.findByLabelText('New password');
  return { ...utils, code };
}

const newPassword = () => screen.getByLabelText<HTMLInputElement>('New password');
const confirmPassword = () => screen.getByLabelText<HTMLInputElement>('Confirm new password');
const submitButton = () => screen.getByRole('button', { name: /Reset password|Resetting password/ });

function expectPageFrame() {
  const headings = screen.getAllByRole('heading', { level: 1 });
  expect(headings).toHaveLength(1);
  const main = screen.getByRole('main');
  expect(main).toHaveAttribute('id', 'main');
  expect(main).toContainElement(headings[0]!);
  expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  expect(document.title).toBe('Reset your password – Keyloft');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ResetPasswordPage: invalid link', () => {
  it.each([
    ['no code', '?mode=resetPassword'],
    ['a blank code', '?mode=resetPassword&oobCode=%20'],
    ['another mode', '?mode=verifyEmail&oobCode=abc'],
    ['no mode', '?oobCode=abc'],
    ['no query at all', ''],
  ])('shows the invalid state and calls nothing for %s', async (_case, query) => {
    const { gateway, loadGateway } = renderReset(query);
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid password reset link' })).toBeInTheDocument();
    expect(screen.getByText(/This link is incomplete or is not a password reset link/)).toBeInTheDocument();
    await settle();
    expect(loadGateway).not.toHaveBeenCalled();
    expect(gateway.verifyPasswordResetCode).not.toHaveBeenCalled();
    expect(gateway.confirmPasswordReset).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expectPageFrame();
  });

  it('offers a way back home', async () => {
    const { user } = renderReset('?mode=resetPassword');
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
  });
});

describe('ResetPasswordPage: loading', () => {
  it('says it is checking the link while the code is verified', async () => {
    const fake = fakeGateway();
    const pending = deferred<string>();
    fake.gateway.verifyPasswordResetCode.mockReturnValue(pending.promise);
    renderReset(resetQuery(uniqueCode()), fake);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your reset link…');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your reset link…');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expectPageFrame();
  });

  it('checks the code once under StrictMode', async () => {
    const { gateway, loadGateway, code } = await renderForm();
    expect(gateway.verifyPasswordResetCode).toHaveBeenCalledOnce();
    expect(gateway.verifyPasswordResetCode).toHaveBeenCalledWith(code);
    expect(loadGateway).toHaveBeenCalledOnce();
  });
});

describe('ResetPasswordPage: code check fails', () => {
  it('says the reset code is invalid', async () => {
    const fake = fakeGateway();
    fake.gateway.verifyPasswordResetCode.mockRejectedValue(new AuthServiceError('auth/invalid-action-code'));
    renderReset(resetQuery(uniqueCode()), fake);
    expect(await screen.findByRole('heading', { level: 1, name: FAILED_HEADING })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid reset code\.$/);
    expect(screen.getByText(/The link may have been used already or copied only in part/)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expectPageFrame();
  });

  it.each([
    ['auth/expired-action-code', EXPIRED],
    ['auth/user-disabled', 'This account has been disabled. Please contact support.'],
    ['auth/user-not-found', 'We could not find the account this reset link was sent for. It may have been deleted.'],
    [
      'auth/requires-recent-login',
      'For your security, please sign in again, then request a new password reset link.',
    ],
  ])('shows the message for %s with a way back', async (errorCode, message) => {
    const fake = fakeGateway();
    fake.gateway.verifyPasswordResetCode.mockRejectedValue(new AuthServiceError(errorCode));
    const { user } = renderReset(resetQuery(uniqueCode()), fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText(/The link may have been used already/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
  });

  it.each([
    ['a network failure', new AuthServiceError('auth/network-request-failed'), NETWORK],
    ['an unknown code', new AuthServiceError('auth/internal-error'), GENERIC],
    ['a failure that is not an auth error', new Error('boom'), GENERIC],
  ])('offers to try again after %s, and can then show the form', async (_case, error, message) => {
    const fake = fakeGateway();
    fake.gateway.verifyPasswordResetCode.mockRejectedValueOnce(error);
    const { user } = renderReset(resetQuery(uniqueCode()), fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(fake.gateway.verifyPasswordResetCode).toHaveBeenCalledTimes(2);
  });

  it('shows the generic message when the auth service cannot be loaded', async () => {
    const fake = fakeGateway();
    fake.loadGateway.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    renderReset(resetQuery(uniqueCode()), fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
  });
});

describe('ResetPasswordPage: form', () => {
  it('shows the account email and two labelled password fields', async () => {
    await renderForm();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(newPassword()).toHaveAccessibleDescription('At least 6 characters.');
    expect(confirmPassword()).toHaveAttribute('type', 'password');
    expect(submitButton()).toHaveTextContent('Reset password');
    expect(submitButton()).toBeEnabled();
    expectPageFrame();
  });

  it('shows and hides each password', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(confirmPassword()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(newPassword()).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password confirmation' }));
    expect(confirmPassword()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password confirmation' }));
    expect(confirmPassword()).toHaveAttribute('type', 'password');
  });

  it('rejects a password shorter than 6 characters on the new-password field', async () => {
    const { user, gateway } = await renderForm();
    await user.type(newPassword(), 'abcde');
    await user.type(confirmPassword(), 'abcde');
    await user.click(submitButton());
    const message = 'Password must be at least 6 characters long.';
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveAccessibleDescription(`At least 6 characters. ${message}`);
    expect(newPassword()).toHaveFocus();
    expect(confirmPassword()).not.toHaveAttribute('aria-invalid');
    expect(gateway.confirmPasswordReset).not.toHaveBeenCalled();
  });

  it('rejects passwords that do not match on the confirmation field', async () => {
    const { user, gateway } = await renderForm();
    await user.type(newPassword(), 'abcdef');
    await user.type(confirmPassword(), 'abcdeg');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(confirmPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(confirmPassword()).toHaveAccessibleDescription('Passwords do not match.');
    expect(confirmPassword()).toHaveFocus();
    expect(newPassword()).not.toHaveAttribute('aria-invalid');
    expect(gateway.confirmPasswordReset).not.toHaveBeenCalled();
  });

  it('reports the length before the mismatch', async () => {
    const { user } = await renderForm();
    await user.type(newPassword(), 'abc');
    await user.type(confirmPassword(), 'xyz');
    await user.click(submitButton());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long.');
  });

  it('validates an empty form without calling the service', async () => {
    const { user, gateway } = await renderForm();
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long.');
    expect(gateway.confirmPasswordReset).not.toHaveBeenCalled();
  });

  it('clears the message once the user edits a field', async () => {
    const { user } = await renderForm();
    await user.type(newPassword(), 'abc');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(newPassword(), 'd');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(newPassword()).not.toHaveAttribute('aria-invalid');
  });

  it('keeps what was typed after a validation error', async () => {
    const { user } = await renderForm();
    await user.type(newPassword(), 'abcdef');
    await user.type(confirmPassword(), 'abcdeg');
    await user.click(submitButton());
    expect(newPassword()).toHaveValue('abcdef');
    expect(confirmPassword()).toHaveValue('abcdeg');
  });
});

describe('ResetPasswordPage: submitting', () => {
  it('shows progress and disables the button while the reset is confirmed', async () => {
    const fake = fakeGateway();
    const pending = deferred<undefined>();
    fake.gateway.confirmPasswordReset.mockReturnValue(pending.promise);
    const { user } = await renderForm(fake);
    await user.type(newPassword(), 'correct horse');
    await user.type(confirmPassword(), 'correct horse');
    await user.click(submitButton());
    expect(submitButton()).toHaveTextContent('Resetting password…');
    expect(submitButton()).toBeDisabled();
    await user.type(confirmPassword(), '{Enter}');
    expect(fake.gateway.confirmPasswordReset).toHaveBeenCalledOnce();
    pending.resolve(undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Password reset' })).toBeInTheDocument();
  });

  it('keeps what was typed and shows the message on the field after a weak-password error', async () => {
    const fake = fakeGateway();
    fake.gateway.confirmPasswordReset.mockRejectedValueOnce(new AuthServiceError('auth/weak-password'));
    const { user } = await renderForm(fake);
    await user.type(newPassword(), 'password');
    await user.type(confirmPassword(), 'password');
    await user.click(submitButton());
    const message = 'Password is too weak. Please choose a stronger password.';
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveAccessibleDescription(`At least 6 characters. ${message}`);
    expect(newPassword()).toHaveValue('password');
    expect(confirmPassword()).toHaveValue('password');
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).toHaveTextContent('Reset password');
  });

  it.each([
    ['a network failure', new AuthServiceError('auth/network-request-failed'), NETWORK],
    ['an unknown failure', new Error('boom'), GENERIC],
  ])('keeps the form after %s and lets the user submit again', async (_case, error, message) => {
    const fake = fakeGateway();
    fake.gateway.confirmPasswordReset.mockRejectedValueOnce(error);
    const { user, code } = await renderForm(fake);
    await user.type(newPassword(), 'correct horse');
    await user.type(confirmPassword(), 'correct horse');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(newPassword()).toHaveValue('correct horse');
    expect(confirmPassword()).toHaveValue('correct horse');
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Password reset' })).toBeInTheDocument();
    expect(fake.gateway.confirmPasswordReset).toHaveBeenCalledTimes(2);
    expect(fake.gateway.confirmPasswordReset).toHaveBeenLastCalledWith(code, 'correct horse');
  });

  it.each([
    ['auth/expired-action-code', EXPIRED],
    ['auth/invalid-action-code', 'Invalid reset code.'],
    ['auth/user-disabled', 'This account has been disabled. Please contact support.'],
  ])('leaves the form for the error state when the link can no longer work (%s)', async (errorCode, message) => {
    const fake = fakeGateway();
    fake.gateway.confirmPasswordReset.mockRejectedValueOnce(new AuthServiceError(errorCode));
    const { user } = await renderForm(fake);
    await user.type(newPassword(), 'correct horse');
    await user.type(confirmPassword(), 'correct horse');
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { level: 1, name: FAILED_HEADING })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expectPageFrame();
  });
});

describe('ResetPasswordPage: success', () => {
  it('confirms the reset with the code and new password', async () => {
    const { user, gateway, code } = await renderForm();
    await user.type(newPassword(), 'correct horse');
    await user.type(confirmPassword(), 'correct horse');
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Password reset' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed. Taking you to sign in…');
    expect(gateway.confirmPasswordReset).toHaveBeenCalledOnce();
    expect(gateway.confirmPasswordReset).toHaveBeenCalledWith(code, 'correct horse');
    expectPageFrame();
  });

  it('links to sign in now, asking the landing page for the sign-in modal with the email', async () => {
    const { user } = await renderForm();
    await user.type(newPassword(), 'correct horse');
    await user.type(confirmPassword(), 'correct horse');
    await user.click(submitButton());
    await user.click(await screen.findByRole('link', { name: 'Sign in now' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByText(`state: {"openModal":true,"signup":false,"email":"${EMAIL}"}`)).toBeInTheDocument();
  });

  it('goes to sign in after 3 seconds, not before', async () => {
    const { user } = await renderForm();
    await user.type(newPassword(), 'correct horse');
    await user.type(confirmPassword(), 'correct horse');
    vi.useFakeTimers();
    fireEvent.click(submitButton());
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Password reset' })).toBeInTheDocument();
    elapse(2999);
    expect(screen.getByRole('heading', { level: 1, name: 'Password reset' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    elapse(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByText(`state: {"openModal":true,"signup":false,"email":"${EMAIL}"}`)).toBeInTheDocument();
  });

  it('does not redirect from the form', async () => {
    await renderForm();
    vi.useFakeTimers();
    elapse(10_000);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });
});
