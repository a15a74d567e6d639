import { screen, waitFor, within } from '@testing-library/react';
import { URI } from 'otpauth';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { fakeMfa } from '../../doubles/fakeMfa';
import { readQrCode } from '../mfa/readQrCode';
import { renderDashboardPage } from './dashboardHarness';
import { fakeGateway } from './fakeGateway';

const DAY = 86_400_000;

async function renderDashboard(uid: string, subscription: 'trial' | 'expired' | 'none') {
  const repositories = memoryRepositories();
  const { users } = repositories;
  const now = Date.now();
  if (subscription === 'trial') await users.create(uid, { ...sampleUserRecord(now), subscription: newTrialSubscription(now) });
  if (subscription === 'expired') await users.create(uid, { ...sampleUserRecord(now), subscription: newTrialSubscription(now - 15 * DAY) });
  const harness = renderDashboardPage({
    uid,
    emailVerified: false,
    // Nothing is stored for these users, so nothing is decrypted: stand-in keys are enough.
    keys: { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey },
    repositories,
    initialEntry: { pathname: '/dashboard', state: { notice: 'Verification email sent!' } },
    routes: <Route path="/billing" element={<h1>Billing page</h1>} />,
  });
  return { store: harness.store, signOut: vi.spyOn(harness.gateway, 'signOut'), user: harness.user };
}

describe('the dashboard (SPEC.md §2)', () => {
  it('has the header, the notice and the three sections with their empty states', async () => {
    const { user } = await renderDashboard('dash-trial', 'trial');
    const nav = screen.getByRole('navigation', { name: 'Account' });
    for (const name of ['Dashboard', 'Billing']) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    for (const name of ['Account Settings', 'Log out']) expect(within(nav).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByText('Verification email sent!')).toBeInTheDocument();
    // The vault screen opens on All items; the sidebar holds the vaults and SPEC.md's team sections.
    expect(await screen.findByText('No passwords yet. Add your first password!')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'All items' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Vaults' });
    expect(within(sidebar).getByRole('button', { name: /^All items/ })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('heading', { name: 'My Teams' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('heading', { name: 'Joined Teams' })).toBeInTheDocument();
    expect(within(sidebar).getByText('No teams yet. Create your first team!')).toBeInTheDocument();
    // One search on the empty dashboard (issue #43 item 6): the passwords', none per team section.
    expect(screen.getAllByRole('searchbox').map((box) => box.closest('nav'))).not.toContain(sidebar);
    await user.click(within(sidebar).getByRole('button', { name: /^Personal Passwords/ }));
    expect(await screen.findByRole('heading', { name: 'Personal Passwords' })).toBeInTheDocument();
    expect(screen.getByText('No passwords yet. Add your first password!')).toBeInTheDocument();
    // Groups are the sidebar's (none yet): no Group dropdown above the list.
    expect(screen.queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    expect(screen.queryByText('Upgrade to Access')).not.toBeInTheDocument();
  });

  it('covers personal passwords and My Teams with the upgrade overlay after the trial', async () => {
    const { user } = await renderDashboard('dash-expired', 'expired');
    expect(await screen.findByText('Upgrade to Access')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Joined Teams' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /View plans/ }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeInTheDocument();
  });

  it('falls back to the free plan, with the overlay, when the subscription cannot be read', async () => {
    await renderDashboard('dash-none', 'none');
    expect(await screen.findByText('Upgrade to Access')).toBeInTheDocument();
  });

  it('shows the account in Account Settings, and Log out clears the session', async () => {
    const { user, store, signOut } = await renderDashboard('dash-logout', 'trial');
    await user.click(screen.getByRole('button', { name: 'Account Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Account Settings' });
    expect(settings).toHaveTextContent('dash-logout@example.com');
    expect(settings).toHaveTextContent('PlanUnlimited');
    // The auto-lock choice is kept: the dialog opened again shows it.
    await user.selectOptions(within(settings).getByLabelText('Lock the vault after inactivity'), '5 minutes');
    await user.click(within(settings).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Account Settings' }));
    const again = await screen.findByRole('dialog', { name: 'Account Settings' });
    expect(within(again).getByLabelText('Lock the vault after inactivity')).toHaveDisplayValue('5 minutes');
    // The account actions open their dialogs over the settings.
    for (const name of ['Change Email', 'Change Account Password', 'Change Master Password']) {
      expect(within(again).getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(within(again).getByRole('button', { name: 'Change Email' }));
    const email = await screen.findByRole('dialog', { name: 'Change Email' });
    await user.click(within(email).getByRole('button', { name: 'Cancel' }));
    await user.click(within(again).getByRole('button', { name: 'Delete Account' }));
    const deletion = await screen.findByRole('dialog', { name: 'Delete Account' });
    await user.click(within(deletion).getByRole('button', { name: 'Cancel' }));
    await user.click(within(again).getByRole('button', { name: 'Change Master Password' }));
    const change = await screen.findByRole('dialog', { name: 'Change Master Password' });
    await user.click(within(change).getByRole('button', { name: 'Cancel' }));
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => {
      expect(store.getState().status).toBe('signed-out');
    });
    expect(store.keys()).toBeNull();
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

describe('two-factor enrolment from Account Settings (SPEC.md §2 MFA enrolment modal)', () => {
  it('Add Authentication Method opens the overlay over the settings; the enrolled app is then listed', async () => {
    const mfa = fakeMfa();
    const gateway = {
      ...fakeGateway(),
      listMfaFactors: () => [...mfa.factors],
      startTotpEnrolment: mfa.api.startTotp,
      startPhoneEnrolment: mfa.api.startPhone,
      unenrolMfaFactor: mfa.api.unenrol,
    };
    const enrolled = vi.fn(() => Promise.resolve());
    const repositories = memoryRepositories();
    await repositories.users.create('dash-mfa', { ...sampleUserRecord(Date.now()), subscription: newTrialSubscription(Date.now()) });
    const { user } = renderDashboardPage({
      uid: 'dash-mfa',
      keys: { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey },
      repositories,
      gateway,
      mfaNotifications: { enrolled, removed: () => Promise.resolve() },
    });
    await user.click(screen.getByRole('button', { name: 'Account Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Account Settings' });
    const section = within(settings).getByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(section).findByRole('button', { name: 'Add Authentication Method' }));

    const overlay = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    await user.click(within(overlay).getByRole('button', { name: 'Authenticator app' }));
    const app = URI.parse(readQrCode(await within(overlay).findByRole('img', { name: 'QR code for your authenticator app' })));
    expect(app.label).toBe('dash-mfa@example.com');
    await user.type(within(overlay).getByLabelText('Verification code'), app.generate());
    await user.click(within(overlay).getByRole('button', { name: 'Verify' }));
    await user.click(await within(overlay).findByRole('button', { name: 'Done' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Set Up Two-Factor Authentication' })).toBeNull();
    });
    expect(within(section).getByText('Authenticator app')).toBeInTheDocument();
    expect(enrolled).toHaveBeenCalledWith('totp');
  });
});
