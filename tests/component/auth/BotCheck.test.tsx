import type { HCaptchaProps } from '@hcaptcha/react-hcaptcha';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { AUTH_MESSAGES } from '../../../src/features/auth/messages';
import { ACCOUNT_PASSWORD, deferred, renderAuthModal } from './harness';

// hCaptcha's script cannot load here (ENGINEERING.md §5): the widget is replaced by a double that
// records its props and hands execute() to the test.
const captcha = vi.hoisted(() => ({
  execute: vi.fn<(options: { async: true }) => Promise<{ response: string; key: string }>>(),
  reset: vi.fn<() => void>(),
  props: null as HCaptchaProps | null,
}));

vi.mock('@hcaptcha/react-hcaptcha', async () => {
  const { Component, createElement } = await import('react');
  class FakeHCaptcha extends Component<HCaptchaProps> {
    execute(options: { async: true }) {
      return captcha.execute(options);
    }
    resetCaptcha() {
      captcha.reset();
    }
    override render() {
      captcha.props = this.props;
      return createElement('div');
    }
  }
  return { default: FakeHCaptcha };
});

const SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';
const ALREADY_IN_USE = 'An account with this email already exists. Please sign in instead.';

beforeEach(() => {
  captcha.execute.mockReset();
  captcha.reset.mockReset();
  captcha.props = null;
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function submitSignup(hcaptchaSiteKey: string | null) {
  const rendered = renderAuthModal({ request: authModalState(true, { email: 'new@example.com' }), hcaptchaSiteKey });
  const { user, gateway } = rendered;
  // The account step fails fast: these tests are about what happens before it.
  gateway.createAccount.mockRejectedValue(new AuthServiceError('auth/email-already-in-use'));
  await user.click(screen.getByRole('button', { name: 'Continue with email' }));
  await user.type(screen.getByLabelText('Account password'), ACCOUNT_PASSWORD);
  await user.type(screen.getByLabelText('Confirm account password'), ACCOUNT_PASSWORD);
  await user.type(screen.getByLabelText('Master password'), 'master');
  await user.type(screen.getByLabelText('Confirm master password'), 'master');
  return rendered;
}

describe('the bot check before sign-up', () => {
  it('runs the invisible hCaptcha before creating the account', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const token = deferred<{ response: string; key: string }>();
    captcha.execute.mockReturnValueOnce(token.promise);
    const { user, gateway } = await submitSignup(SITE_KEY);
    expect(captcha.props).toMatchObject({ sitekey: SITE_KEY, size: 'invisible' });

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Checking that you are not a bot…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Creating account…' })).toBeDisabled();
    expect(captcha.execute).toHaveBeenCalledWith({ async: true });
    expect(gateway.createAccount).not.toHaveBeenCalled();

    token.resolve({ response: 'token', key: 'key' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ALREADY_IN_USE);
    expect(gateway.createAccount).toHaveBeenCalledTimes(1);
    expect(captcha.reset).toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });

  it('stops when the check fails, keeping what was typed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    captcha.execute.mockRejectedValueOnce(new Error('challenge-closed'));
    const { user, gateway } = await submitSignup(SITE_KEY);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.botCheckFailed);
    expect(gateway.createAccount).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Account password')).toHaveValue(ACCOUNT_PASSWORD);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('does not wait forever when the hCaptcha script failed to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, gateway } = await submitSignup(SITE_KEY);
    act(() => {
      captcha.props?.onError?.('script-error');
    });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.botCheckFailed);
    expect(captcha.execute).not.toHaveBeenCalled();
    expect(gateway.createAccount).not.toHaveBeenCalled();
  });

  it('fails a pending check when hCaptcha reports an error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    captcha.execute.mockReturnValueOnce(new Promise(() => undefined));
    const { user, gateway } = await submitSignup(SITE_KEY);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    act(() => {
      captcha.props?.onError?.('network-error');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.botCheckFailed);
    expect(gateway.createAccount).not.toHaveBeenCalled();
  });

  it('is skipped without a site key, saying so in the console once per page load', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { user, gateway } = await submitSignup(null);
    expect(captcha.props).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALREADY_IN_USE);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => {
      expect(gateway.createAccount).toHaveBeenCalledTimes(2);
    });
    expect(captcha.execute).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('Bot check is off'));
  });
});
