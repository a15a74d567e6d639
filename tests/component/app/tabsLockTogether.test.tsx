// Issue #22 item 4, "Tabs agree": two tabs of one browser as the app mounts them (AutoLock over a
// channel pair that behaves like BroadcastChannel). The first tab's lock reaches the second's
// screen, which asks for the master password again; unlocking stays in the tab that unlocks.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/AppRoutes';
import { AppServicesProvider, type AppServices } from '../../../src/app/AppServices';
import { AutoLock } from '../../../src/app/AutoLock';
import { MfaEnrolment } from '../../../src/app/mfa/MfaEnrolment';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import { SessionProvider } from '../../../src/session/SessionContext';
import { createSessionStore, type SessionStore } from '../../../src/session/sessionStore';
import type { TabChannel } from '../../../src/session/tabChannel';
import { memoryRepositories, type MemoryRepositories } from '../../doubles/memoryRepositories';
import { MemoryStorage } from '../../support/memoryStorage';
import { memoryTabChannels, type MemoryTabChannels } from '../../support/memoryTabChannels';
import { ALICE, aliceAccount, MASTER_PASSWORD } from '../auth/harness';
import { fakeAppServices } from './fakeAppServices';

// Stand-ins: the first tab's keys are never used, only held and forgotten.
const standInKeys = { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey };

beforeAll(async () => {
  await aliceAccount();
});

function servicesFor(store: SessionStore, repositories: MemoryRepositories): AppServices {
  return fakeAppServices({ store, repositories, uid: ALICE.uid });
}

/** One tab: its own session store and services, linked to the others through `openChannel`. */
function renderTab(store: SessionStore, repositories: MemoryRepositories, openChannel: () => TabChannel, screenOf: ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <AppServicesProvider services={servicesFor(store, repositories)}>
        <SessionProvider store={store}>
          <AutoLock openChannel={openChannel} />
          {screenOf}
        </SessionProvider>
      </AppServicesProvider>
    </MemoryRouter>,
  );
}

const routes = (
  <MfaEnrolment notifications={{ enrolled: () => Promise.resolve(), removed: () => Promise.resolve() }}>
    <AppRoutes />
  </MfaEnrolment>
);

async function twoTabs() {
  const repositories = memoryRepositories();
  await repositories.users.create(ALICE.uid, await aliceAccount());
  const net: MemoryTabChannels = memoryTabChannels();
  // The first tab shows nothing here (its session is what matters); the second shows the app.
  const first = createSessionStore(new MemoryStorage());
  first.unlock(ALICE, standInKeys, 'encrypted');
  renderTab(first, repositories, net.open, null);
  const second = createSessionStore(new MemoryStorage());
  second.markLocked(ALICE);
  renderTab(second, repositories, net.open, routes);
  const deliver = () => {
    act(() => {
      net.deliver();
    });
  };
  // Both tabs share this one window, so typing in the second counts as activity in both: the
  // locks and sign-outs are what is asserted here ('active' has its own tests).
  const announced = () => net.posted.filter(({ message }) => (message as { kind: string }).kind !== 'active');
  return { first, second, announced, deliver, user: userEvent.setup() };
}

/** The second tab's lock screen (issue #43), in place of the dashboard. */
const lockScreen = () => screen.queryByRole('main', { name: 'Your vault is locked' });

async function unlockWithMasterPassword(user: ReturnType<typeof userEvent.setup>) {
  const locked = await screen.findByRole('main', { name: 'Your vault is locked' });
  await user.type(within(locked).getByLabelText('Master password'), MASTER_PASSWORD);
  await user.click(within(locked).getByRole('button', { name: 'Unlock' }));
  expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
}

describe('two tabs of one browser', () => {
  it('the second tab asks for the master password again once the first locks; unlocking stays per tab', async () => {
    const { first, second, announced, deliver, user } = await twoTabs();

    // Unlocking the second tab is its own business: nothing crosses, the first keeps its keys.
    await unlockWithMasterPassword(user);
    deliver();
    expect(second.getState().status).toBe('unlocked');
    expect(first.keys()).toBe(standInKeys);
    expect(announced()).toEqual([]);

    act(() => {
      first.lock();
    });
    deliver();
    expect(await screen.findByRole('main', { name: 'Your vault is locked' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard', level: 1 })).not.toBeInTheDocument();
    expect(second.getState()).toEqual({ status: 'locked', user: ALICE });
    expect(second.keys()).toBeNull();
    // One message, and only the kind and the uid: the second tab's lock is not announced again.
    expect(announced()).toEqual([{ from: 0, message: { kind: 'locked', uid: ALICE.uid } }]);

    // The first tab unlocks again: the second still asks.
    act(() => {
      first.unlock(ALICE, standInKeys, 'encrypted');
    });
    deliver();
    expect(announced()).toHaveLength(1);
    expect(second.keys()).toBeNull();
    expect(lockScreen()).toBeInTheDocument();
    await unlockWithMasterPassword(user);
    expect(first.keys()).toBe(standInKeys);
  }, 30_000);

  it('a logout in the first tab signs the second out at once, without asking for its master password', async () => {
    const { first, second, deliver, user } = await twoTabs();
    await unlockWithMasterPassword(user);
    act(() => {
      first.clear();
    });
    deliver();
    expect(second.keys()).toBeNull();
    // Signed out at once, ahead of the auth service's own sign-out (watchAuth, shared by every
    // tab): never locked, so nothing asks for the master password or reads the record meanwhile.
    expect(second.getState()).toEqual({ status: 'signed-out' });
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Dashboard', level: 1 })).not.toBeInTheDocument();
    });
    expect(lockScreen()).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Master password')).not.toBeInTheDocument();
  }, 30_000);
});
