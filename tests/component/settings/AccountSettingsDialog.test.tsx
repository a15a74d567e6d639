import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import { AccountSettingsDialog, type AccountActions } from '../../../src/features/settings/AccountSettingsDialog';
import { DEFAULT_AUTO_LOCK } from '../../../src/session/autoLock';

const ana: AuthUser = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' };

function renderSettings(user: AuthUser = ana, actions?: AccountActions) {
  const onAutoLockChange = vi.fn();
  render(
    <AccountSettingsDialog
      open
      onClose={() => {}}
      user={user}
      planName="Unlimited"
      autoLock={DEFAULT_AUTO_LOCK}
      onAutoLockChange={onAutoLockChange}
      actions={actions}
    />,
  );
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: 'Account Settings' }), onAutoLockChange };
}

describe('Account Settings', () => {
  it('shows the account: email, sign-in method, verification and plan', () => {
    const { dialog } = renderSettings();
    expect(dialog).toHaveTextContent('Emailana@example.com');
    expect(dialog).toHaveTextContent('Sign-in methodEmail and password');
    expect(dialog).toHaveTextContent('Email verifiedYes');
    expect(dialog).toHaveTextContent('PlanUnlimited');
    expect(within(dialog).queryByText('Managed by OAuth Provider')).not.toBeInTheDocument();
  });

  it('shows a 60-character address whole', () => {
    const email = `${'a'.repeat(48)}@example.com`;
    expect(email).toHaveLength(60);
    const { dialog } = renderSettings({ ...ana, email });
    // The whole value is there (wrapped by the layout, never cut), as the address's own element.
    expect(within(dialog).getByText(email).tagName).toBe('DD');
    expect(within(dialog).getByText(email)).toHaveTextContent(email);
    // How it wraps inside the dialog is measured in the browser tier (tests/browser/settings.test.ts).
  });

  it('shows the key fingerprint section it is given, for every kind of account', () => {
    for (const account of [ana, { ...ana, provider: 'google' as const }]) {
      const { dialog } = renderSettings(account, { keyFingerprint: <p>fingerprint section</p> });
      expect(within(dialog).getByText('fingerprint section')).toBeInTheDocument();
      cleanup();
    }
  });

  it('offers the actions it is given, each opening its dialog', async () => {
    const actions = { changeEmail: vi.fn(), changeAccountPassword: vi.fn(), changeMasterPassword: vi.fn(), deleteAccount: vi.fn() };
    const { user, dialog } = renderSettings(ana, actions);
    for (const [name, action] of [
      ['Change Email', actions.changeEmail],
      ['Change Account Password', actions.changeAccountPassword],
      ['Change Master Password', actions.changeMasterPassword],
      ['Delete Account', actions.deleteAccount],
    ] as const) {
      await user.click(within(dialog).getByRole('button', { name }));
      expect(action).toHaveBeenCalledOnce();
    }
  });

  it('a third-party account sees Managed by OAuth Provider in place of the account password', () => {
    const { dialog } = renderSettings({ ...ana, provider: 'google' }, { changeAccountPassword: vi.fn(), changeMasterPassword: vi.fn() });
    expect(within(dialog).getByText('Managed by OAuth Provider')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Change Account Password' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change Master Password' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Sign-in methodGoogle');
  });

  it('offers email verification only to an unverified address', () => {
    const control = <button type="button">Send Email Verification</button>;
    const { dialog } = renderSettings({ ...ana, emailVerified: false }, { sendEmailVerification: control });
    expect(within(dialog).getByRole('button', { name: 'Send Email Verification' })).toBeInTheDocument();
  });

  it('changes the auto-lock limit and the lock on hide', async () => {
    const { user, dialog, onAutoLockChange } = renderSettings();
    const idle = within(dialog).getByLabelText('Lock the vault after inactivity');
    expect(idle).toHaveDisplayValue('15 minutes');
    await user.selectOptions(idle, '1 hour');
    expect(onAutoLockChange).toHaveBeenLastCalledWith({ idleMinutes: 60, lockWhenHidden: false });
    await user.click(within(dialog).getByLabelText('Lock when this tab is hidden'));
    expect(onAutoLockChange).toHaveBeenLastCalledWith({ idleMinutes: 15, lockWhenHidden: true });
  });
});
