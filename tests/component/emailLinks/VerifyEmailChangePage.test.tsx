import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
import { VerifyEmailChangePage } from '../../../src/features/emailLinks';
import { deferred, elapse, renderEmailLinkPage, settle, SUPPORT_EMAIL, uniqueCode } from './harness';

function renderPage(query: string, verify: (token: string, newEmail: string) => Promise<void> = vi.fn(() => Promise.resolve())) {
  const utils = renderEmailLinkPage('/verify-email-change', `/verify-email-change${query}`, <VerifyEmailChangePage verifyEmailChange={verify} />);
  return { ...utils, verify };
}

const query = (token: string, email = 'new@example.com') => `?token=${token}&newEmail=${encodeURIComponent(email)}`;

function expectFrame() {
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  expect(document.title).toBe('Confirm email change – Keyloft');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('VerifyEmailChangePage', () => {
  it.each([
    ['no token', '?newEmail=new%40example.com'],
    ['no address', '?token=abc'],
    ['an empty token', '?token=&newEmail=new%40example.com'],
    ['nothing', ''],
  ])('shows the invalid state for %s and calls nothing', async (_case, search) => {
    const { verify } = renderPage(search);
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid email change link' })).toBeInTheDocument();
    await settle();
    expect(verify).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/');
    expectFrame();
  });

  it('is loading while the token is checked', async () => {
    const pending = deferred<undefined>();
    renderPage(query(uniqueCode()), vi.fn(() => pending.promise));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your new email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your email change link…');
    expectFrame();
  });

  it('confirms once under StrictMode, says so, and goes to the dashboard after 3 s', async () => {
    vi.useFakeTimers();
    const token = uniqueCode('token');
    const { verify } = renderPage(query(token, 'New@Example.com'));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Email address changed!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your account now uses New@Example.com.');
    expect(verify).toHaveBeenCalledOnce();
    expect(verify).toHaveBeenCalledWith(token, 'New@Example.com');
    expectFrame();
    elapse(2999);
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).not.toBeInTheDocument();
    elapse(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('offers the login with the new address filled in', async () => {
    const { user } = renderPage(query(uniqueCode()));
    await user.click(await screen.findByRole('link', { name: 'Go to login' }));
    expect(screen.getByText(/state:/)).toHaveTextContent('"openModal":true');
    expect(screen.getByText(/state:/)).toHaveTextContent('"email":"new@example.com"');
  });

  it.each([
    ['not-found', 'This email change link is invalid or has already been used.'],
    ['failed-precondition', 'This email change link has expired. Please request a new one from Account Settings.'],
    ['invalid-argument', 'This email change link does not match the new email address.'],
    ['already-exists', 'This email address is already used by another account.'],
  ])('shows the server’s %s refusal without a retry', async (code, message) => {
    const { user } = renderPage(query(uniqueCode()), vi.fn(() => Promise.reject(new CallableError(code, message))));
    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t change your email' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expectFrame();
    await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('never shows a server message it does not know', async () => {
    renderPage(query(uniqueCode()), vi.fn(() => Promise.reject(new CallableError('not-found', 'internal detail'))));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email change link is invalid or has already been used.');
  });

  it('retries after a failure of the service', async () => {
    let calls = 0;
    const verify = vi.fn(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new CallableError('internal', 'boom')) : Promise.resolve();
    });
    const { user } = renderPage(query(uniqueCode()), verify);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while changing your email address. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Email address changed!' })).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('does not spend the token again when the link is reopened', async () => {
    const token = uniqueCode();
    const verify = vi.fn(() => Promise.resolve());
    const first = renderPage(query(token), verify);
    await screen.findByRole('heading', { level: 1, name: 'Email address changed!' });
    first.unmount();
    renderPage(query(token), verify);
    fireEvent.click(await screen.findByRole('link', { name: 'Back to dashboard' }));
    expect(verify).toHaveBeenCalledOnce();
  });
});
