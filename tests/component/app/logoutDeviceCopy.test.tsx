// Issue #22 item 3, "logout offers to clear it": right after a logout in this tab, the signed-out
// screen says a sealed copy of the vault stays on the device and offers to remove it. Logging out
// itself stays one click; the offer shows only after a logout here, and goes once used or dismissed.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDeviceCopy, type FakeDeviceCopy } from '../../doubles/fakeDeviceCopy';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { deferred } from '../../support/async';
import { appAt, sessionIn } from './appAt';
import { fakeAppServices } from './fakeAppServices';
import { fakeGateway } from './fakeGateway';

const ANA = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' } as const;
const OFFER = 'A sealed copy of your vault stays on this device for offline use.';
const REMOVED = 'The copy was removed from this device.';
const LANDING = 'Secure Password Management for Teams';

/** The app's routes in one tab at `path`, unlocked (stand-in keys: nothing is stored to open) or signed out. */
function renderTab(deviceCopy: FakeDeviceCopy, session: 'unlocked' | 'signed-out', path = '/dashboard') {
  const store = sessionIn(session, ANA);
  const gateway = fakeGateway();
  render(appAt(path, fakeAppServices({ store, repositories: memoryRepositories(), uid: ANA.uid, gateway, deviceCopy }), store));
  return { user: userEvent.setup(), store, signOut: vi.spyOn(gateway, 'signOut') };
}

/** Logs out from the dashboard with one click; the landing page follows. */
async function logOut(deviceCopy: FakeDeviceCopy) {
  const tab = renderTab(deviceCopy, 'unlocked');
  await tab.user.click(await screen.findByRole('button', { name: 'Log out' }));
  expect(await screen.findByRole('heading', { level: 1, name: LANDING })).toBeInTheDocument();
  expect(tab.store.getState().status).toBe('signed-out');
  expect(tab.signOut).toHaveBeenCalledTimes(1);
  return tab;
}

/** The same tab loaded again: a new page over the same sessionStorage and localStorage. */
function reload(deviceCopy: FakeDeviceCopy) {
  cleanup();
  const again = fakeDeviceCopy({ tab: deviceCopy.tab, choice: deviceCopy.choice });
  return { ...renderTab(again, 'signed-out'), deviceCopy: again };
}

describe('the device copy after a logout', () => {
  it('a logout leaves the offer; removing the copy clears it, reloads, and the page says it was removed until dismissed', async () => {
    const removal = deferred<undefined>();
    const deviceCopy = fakeDeviceCopy({ clear: () => removal.promise });
    const { user } = await logOut(deviceCopy);
    expect(await screen.findByText(OFFER)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove it from this device' }));
    expect(await screen.findByText('Removing the copy from this device…')).toBeInTheDocument();
    // Nothing reloads before the copy is gone.
    expect(deviceCopy.calls).toEqual(['clear']);
    removal.resolve(undefined);
    const removed = await screen.findByText(REMOVED);
    await waitFor(() => {
      expect(removed).toHaveFocus();
    });
    expect(deviceCopy.calls).toEqual(['clear', 'reload']);
    // The removal ends this page's database: the reload it asked for shows the same result.
    expect(deviceCopy.enabled()).toBe(true);

    const { user: again } = reload(deviceCopy);
    const shownAgain = await screen.findByText(REMOVED);
    await waitFor(() => {
      expect(shownAgain).toHaveFocus();
    });
    expect(screen.getByRole('heading', { level: 1, name: LANDING })).toBeInTheDocument();
    await again.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(REMOVED)).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();

    reload(deviceCopy);
    expect(await screen.findByRole('heading', { level: 1, name: LANDING })).toBeInTheDocument();
    expect(screen.queryByText(REMOVED)).not.toBeInTheDocument();
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
  });

  it('keeping the copy dismisses the offer for good', async () => {
    const deviceCopy = fakeDeviceCopy();
    const { user } = await logOut(deviceCopy);
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
    expect(deviceCopy.calls).toEqual([]);
    reload(deviceCopy);
    expect(await screen.findByRole('heading', { level: 1, name: LANDING })).toBeInTheDocument();
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
  });

  it('with the copy open in another tab, it says to close them and the offer stays; nothing reloads', async () => {
    const deviceCopy = fakeDeviceCopy({ clear: () => Promise.reject(Object.assign(new Error('held'), { code: 'failed-precondition' })) });
    const { user } = await logOut(deviceCopy);
    await user.click(await screen.findByRole('button', { name: 'Remove it from this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Close Keyloft's other tabs, then try again.");
    expect(screen.getByText(OFFER)).toBeInTheDocument();
    expect(deviceCopy.calls).toEqual(['clear']);
  });

  it('is not shown on a visit to the signed-out screen without a logout in this tab', async () => {
    renderTab(fakeDeviceCopy(), 'signed-out', '/');
    expect(await screen.findByRole('heading', { level: 1, name: LANDING })).toBeInTheDocument();
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
  });

  it('is not shown after a logout when this browser keeps no copy', async () => {
    const deviceCopy = fakeDeviceCopy({ enabled: false });
    await logOut(deviceCopy);
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove it from this device' })).not.toBeInTheDocument();
  });

  it('an offer left unanswered is over once the user signs in again', async () => {
    const deviceCopy = fakeDeviceCopy();
    await logOut(deviceCopy);
    expect(await screen.findByText(OFFER)).toBeInTheDocument();
    cleanup();
    renderTab(deviceCopy, 'unlocked');
    await screen.findByRole('button', { name: 'Log out' });
    await waitFor(() => {
      expect(deviceCopy.afterLogout.read()).toBeNull();
    });
  });
});
