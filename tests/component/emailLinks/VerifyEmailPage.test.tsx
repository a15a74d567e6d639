import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { VerifyEmailPage, type VerifyEmailGateway } from '../../../src/features/emailLinks';
import { deferred, elapse, renderEmailLinkPage, settle, SUPPORT_EMAIL, uniqueCode } from './harness';

function fakeGateway(apply: (code: string) => Promise<void> = () => Promise.resolve()) {
  const gateway = { applyEmailVerificationCode: vi.fn(apply) } satisfies VerifyEmailGateway;
  const loadGateway = vi.fn(() => Promise.resolve<VerifyEmailGateway>(gateway));
  return { gateway, loadGateway };
}

function renderVerify(
  query: string,
  loadGateway: () => Promise<VerifyEmailGateway> = fakeGateway().loadGateway,
) {
  return renderEmailLinkPage('/verify-email', `/verify-email${query}`, <VerifyEmailPage loadGateway={loadGateway} />);
}

const GENERIC = 'Something went wrong while verifying your email. Please try again.';
const NETWORK = 'Network error. Please check your connection and try again.';

const verifyQuery = (code: string) => `?mode=verifyEmail&oobCode=${code}&apiKey=test-key&lang=en`;

function expectPageFrame() {
  const headings = screen.getAllByRole('heading', { level: 1 });
  expect(headings).toHaveLength(1);
  const main = screen.getByRole('main');
  expect(main).toHaveAttribute('id', 'main');
  expect(main).toContainElement(headings[0]!);
  expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  expect(document.title).toBe('Verify your email – Keyloft');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('VerifyEmailPage: invalid link', () => {
  it.each([
    ['no code', '?mode=verifyEmail'],
    ['an empty code', '?mode=verifyEmail&oobCode='],
    ['another mode', '?mode=resetPassword&oobCode=abc'],
    ['no mode', '?oobCode=abc'],
    ['no query at all', ''],
  ])('shows the invalid state and calls nothing for %s', async (_case, query) => {
    const { gateway, loadGateway } = fakeGateway();
    renderVerify(query, loadGateway);
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid verification link' })).toBeInTheDocument();
    expect(screen.getByText(/This link is incomplete or is not an email verification link/)).toBeInTheDocument();
    await settle();
    expect(loadGateway).not.toHaveBeenCalled();
    expect(gateway.applyEmailVerificationCode).not.toHaveBeenCalled();
    expectPageFrame();
  });

  it('offers a way back home', async () => {
    const { user } = renderVerify('?mode=verifyEmail');
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
  });
});

describe('VerifyEmailPage: loading', () => {
  it('says it is checking while the code is applied', async () => {
    const pending = deferred<undefined>();
    const { gateway, loadGateway } = fakeGateway(() => pending.promise);
    renderVerify(verifyQuery(uniqueCode()), loadGateway);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your verification link…');
    await settle();
    expect(gateway.applyEmailVerificationCode).toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying your email' })).toBeInTheDocument();
    expectPageFrame();
  });

  it('is loading while the auth service itself is still being loaded', async () => {
    const loading = deferred<VerifyEmailGateway>();
    renderVerify(verifyQuery(uniqueCode()), () => loading.promise);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your verification link…');
  });
});

describe('VerifyEmailPage: success', () => {
  it('applies the code and says the email is verified', async () => {
    const code = uniqueCode();
    const { gateway } = fakeGateway();
    renderVerify(verifyQuery(code), () => Promise.resolve(gateway));
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your email address is confirmed. Taking you to your dashboard…',
    );
    expect(gateway.applyEmailVerificationCode).toHaveBeenCalledWith(code);
    expectPageFrame();
  });

  it('applies the code exactly once under StrictMode', async () => {
    const { gateway, loadGateway } = fakeGateway();
    renderVerify(verifyQuery(uniqueCode()), loadGateway);
    await screen.findByRole('heading', { level: 1, name: 'Email verified!' });
    expect(gateway.applyEmailVerificationCode).toHaveBeenCalledOnce();
    expect(loadGateway).toHaveBeenCalledOnce();
  });

  it('still shows the result when StrictMode remounts while the apply is in flight', async () => {
    // A guard that only skipped the second call would leave the page loading forever: the first
    // mount's effect was cleaned up before the call settled.
    const pending = deferred<undefined>();
    const { gateway, loadGateway } = fakeGateway(() => pending.promise);
    renderVerify(verifyQuery(uniqueCode()), loadGateway);
    await settle();
    pending.resolve(undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified!' })).toBeInTheDocument();
    expect(gateway.applyEmailVerificationCode).toHaveBeenCalledOnce();
  });

  it('does not spend the code again when the same link is opened again', async () => {
    const code = uniqueCode();
    const { gateway, loadGateway } = fakeGateway();
    const first = renderVerify(verifyQuery(code), loadGateway);
    await screen.findByRole('heading', { level: 1, name: 'Email verified!' });
    first.unmount();
    renderVerify(verifyQuery(code), loadGateway);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified!' })).toBeInTheDocument();
    expect(gateway.applyEmailVerificationCode).toHaveBeenCalledOnce();
  });

  it('links straight to the dashboard', async () => {
    const { user } = renderVerify(verifyQuery(uniqueCode()));
    await user.click(await screen.findByRole('link', { name: 'Go to dashboard now' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('goes to the dashboard after 3 seconds, not before', async () => {
    vi.useFakeTimers();
    renderVerify(verifyQuery(uniqueCode()), fakeGateway().loadGateway);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Email verified!' })).toBeInTheDocument();
    elapse(2999);
    expect(screen.getByRole('heading', { level: 1, name: 'Email verified!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).not.toBeInTheDocument();
    elapse(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('cancels the redirect when the user leaves first', async () => {
    vi.useFakeTimers();
    renderVerify(verifyQuery(uniqueCode()));
    await settle();
    fireEvent.click(screen.getByRole('link', { name: 'Keyloft' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    elapse(5000);
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
  });
});

describe('VerifyEmailPage: error', () => {
  it.each([
    [
      'auth/expired-action-code',
      'This verification link has expired. Sign in to request a new verification email.',
    ],
    [
      'auth/invalid-action-code',
      'This verification link is invalid or has already been used. ' +
        'If your email is not verified yet, sign in to request a new one.',
    ],
    ['auth/user-disabled', 'This account has been disabled. Please contact support.'],
    [
      'auth/user-not-found',
      'We could not find the account this verification link was sent for. It may have been deleted.',
    ],
    ['auth/requires-recent-login', 'For your security, please sign in again, then open the link once more.'],
  ])('shows the message for %s with a way back and no retry', async (errorCode, message) => {
    const { user } = renderVerify(
      verifyQuery(uniqueCode()),
      fakeGateway(() => Promise.reject(new AuthServiceError(errorCode))).loadGateway,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'We couldn’t verify your email' });
    expect(heading).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expectPageFrame();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
  });

  it.each([
    ['an unknown code', new AuthServiceError('auth/internal-error'), GENERIC],
    ['a network failure', new AuthServiceError('auth/network-request-failed'), NETWORK],
    ['a failure that is not an auth error', new Error('boom'), GENERIC],
  ])('shows a retryable message for %s', async (_case, error, message) => {
    renderVerify(verifyQuery(uniqueCode()), fakeGateway(() => Promise.reject(error)).loadGateway);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the generic message when the auth service cannot be loaded', async () => {
    const loadFailure = new TypeError('Failed to fetch dynamically imported module');
    renderVerify(verifyQuery(uniqueCode()), () => Promise.reject(loadFailure));
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
  });

  it('tries again on request and can then succeed', async () => {
    const code = uniqueCode();
    const { gateway, loadGateway } = fakeGateway();
    gateway.applyEmailVerificationCode.mockRejectedValueOnce(new AuthServiceError('auth/network-request-failed'));
    const { user } = renderVerify(verifyQuery(code), loadGateway);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified!' })).toBeInTheDocument();
    expect(gateway.applyEmailVerificationCode).toHaveBeenCalledTimes(2);
    expect(gateway.applyEmailVerificationCode).toHaveBeenNthCalledWith(2, code);
  });

  it('never redirects from the error state', async () => {
    vi.useFakeTimers();
    renderVerify(
      verifyQuery(uniqueCode()),
      fakeGateway(() => Promise.reject(new AuthServiceError('auth/expired-action-code'))).loadGateway
    );
    await settle();
    elapse(10_000);
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveTextContent(
      'We couldn’t verify your email',
    );
  });
});
