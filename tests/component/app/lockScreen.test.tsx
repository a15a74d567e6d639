// Issue #43 item 1: a signed-in user whose vault is closed gets a screen of its own on every app
// route, as the app mounts its routes: the account, the master password, Unlock and Log out,
// never the landing page behind it; unlocking shows the route that was asked for.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { fakeDeviceCopy } from '../../doubles/fakeDeviceCopy';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { ALICE, aliceAccount, fakeGateway, MASTER_PASSWORD } from '../auth/harness';
import { appAt, sessionIn } from './appAt';
import { fakeAppServices } from './fakeAppServices';

beforeAll(async () => {
  await aliceAccount();
});

/** Where the router is, read after each render. */
const seen: { path: string } = { path: '' };
function WhereAmI() {
  const { pathname, search } = useLocation();
  seen.path = `${pathname}${search}`;
  return null;
}

async function renderLocked(path: string | { pathname: string; state: unknown }) {
  const store = sessionIn('locked', ALICE);
  const repositories = memoryRepositories();
  await repositories.users.create(ALICE.uid, await aliceAccount());
  const gateway = fakeGateway(store);
  const deviceCopy = fakeDeviceCopy();
  render(appAt(path, fakeAppServices({ store, repositories, uid: ALICE.uid, gateway, deviceCopy }), store, <WhereAmI />));
  const lockScreen = await screen.findByRole('main', { name: 'Your vault is locked' });
  return { store, gateway, deviceCopy, lockScreen, user: userEvent.setup() };
}

describe('the lock screen', () => {
  it("shows whose vault it is, with the master password focused, a page title, one h1 and nothing of the public site", async () => {
    const { lockScreen } = await renderLocked('/dashboard');
    expect(lockScreen).toHaveTextContent(`Signed in as ${ALICE.email!}`);
    const field = within(lockScreen).getByLabelText('Master password');
    await waitFor(() => {
      expect(field).toHaveFocus();
    });
    expect(document.title).toBe('Vault locked – Keyloft');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(lockScreen).getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(within(lockScreen).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByText('Keyloft')).toBeInTheDocument();
    for (const name of ['Sign In', 'Sign Up', 'Get Started Free', 'Cancel']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('says a wrong master password in place, keeping the field, its text and the focus; the vault stays closed', async () => {
    const { lockScreen, store, user } = await renderLocked('/dashboard');
    const field = within(lockScreen).getByLabelText('Master password');
    await user.type(field, 'not my master password');
    await user.click(within(lockScreen).getByRole('button', { name: 'Unlock' }));
    expect(await within(lockScreen).findByRole('alert')).toHaveTextContent('Invalid master password. Please try again.');
    expect(field).toHaveValue('not my master password');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Invalid master password. Please try again.');
    expect(store.getState().status).toBe('locked');
    // The selected text is replaced by the next try, submitted with Enter.
    await user.keyboard(`${MASTER_PASSWORD}{Enter}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(store.getState().status).toBe('unlocked');
  }, 30_000);

  it('asks for the master password before trying an empty one', async () => {
    const { lockScreen, store, user } = await renderLocked('/dashboard');
    await user.keyboard('{Enter}');
    expect(await within(lockScreen).findByRole('alert')).toHaveTextContent('Master password is required to decrypt your vault.');
    expect(within(lockScreen).getByLabelText('Master password')).toHaveFocus();
    expect(store.getState().status).toBe('locked');
  });

  it('logs out for someone who is not that user, with the logout offer of the device copy', async () => {
    const { lockScreen, store, gateway, deviceCopy, user } = await renderLocked('/dashboard');
    await user.click(within(lockScreen).getByRole('button', { name: 'Log out' }));
    await waitFor(() => {
      expect(store.getState().status).toBe('signed-out');
    });
    expect(gateway.signOut).toHaveBeenCalledTimes(1);
    expect(deviceCopy.afterLogout.read()).toBe('offer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Secure Password Management for Teams' })).toBeInTheDocument();
    expect(screen.queryByRole('main', { name: 'Your vault is locked' })).not.toBeInTheDocument();
  });

  it.each([
    ['/billing', 'Billing & Subscriptions'],
    ['/dashboard?from=reload', 'Dashboard'],
  ])('unlocks back to the route it stood in for (%s)', async (path, title) => {
    const { lockScreen, user } = await renderLocked(path);
    await user.type(within(lockScreen).getByLabelText('Master password'), MASTER_PASSWORD);
    await user.click(within(lockScreen).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeInTheDocument();
    expect(seen.path).toBe(path);
    expect(screen.queryByRole('main', { name: 'Your vault is locked' })).not.toBeInTheDocument();
  }, 30_000);

  it("is not kept away by an auth-modal request the page loaded with (a reload right after sign-up keeps the entry's state)", async () => {
    const { lockScreen } = await renderLocked({ pathname: '/', state: authModalState(false) });
    expect(within(lockScreen).getByLabelText('Master password')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
