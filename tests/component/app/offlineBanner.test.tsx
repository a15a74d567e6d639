// Issue #22 item 3, "a visible offline state": the vault screen says it is offline while the
// browser is (its 'online'/'offline' events) or while the live reads find the server silent, and
// what that means for the vault on screen; the banner goes when the server answers again.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import { fakeConnection, fakeDeviceCopy } from '../../doubles/fakeDeviceCopy';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { renderDashboardPage } from './dashboardHarness';

const WITH_COPY = "You are offline. You are seeing the copy of your vault kept on this device; changes can't be saved until you are back online.";
const WITHOUT_COPY = "You are offline. Changes can't be saved until you are back online.";

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the browser says about its network, as the test sets it (online to begin with). */
function browserNetwork() {
  const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
  return {
    /** The browser going off or on line, as it tells the page. */
    set(online: boolean) {
      onLine.mockReturnValue(online);
      act(() => {
        window.dispatchEvent(new Event(online ? 'online' : 'offline'));
      });
    },
  };
}

async function renderVaultScreen(options: { deviceCopy: boolean }) {
  const connection = fakeConnection();
  const repositories = memoryRepositories();
  const now = Date.now();
  await repositories.users.create('offline-ana', { ...sampleUserRecord(now), subscription: newTrialSubscription(now) });
  renderDashboardPage({
    uid: 'offline-ana',
    // Nothing is stored for this user, so nothing is decrypted: stand-in keys are enough.
    keys: { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey },
    repositories,
    deviceCopy: fakeDeviceCopy({ enabled: options.deviceCopy }),
    connection,
  });
  return connection;
}

describe('the offline state of the vault screen', () => {
  it('shows while the browser is offline, saying the vault on screen is the device’s copy, and goes when it is back', async () => {
    const network = browserNetwork();
    await renderVaultScreen({ deviceCopy: true });
    await screen.findByText('No passwords yet. Add your first password!');
    expect(screen.queryByText(WITH_COPY)).not.toBeInTheDocument();
    network.set(false);
    const banner = screen.getByText(WITH_COPY);
    expect(banner).toHaveAttribute('role', 'status');
    expect(screen.getByRole('main')).toContainElement(banner);
    network.set(true);
    expect(screen.queryByText(WITH_COPY)).not.toBeInTheDocument();
  });

  it('shows while the server does not answer though the browser is online, and goes when it answers', async () => {
    const connection = await renderVaultScreen({ deviceCopy: false });
    await screen.findByText('No passwords yet. Add your first password!');
    act(() => {
      connection.setReachable(false);
    });
    expect(screen.getByText(WITHOUT_COPY)).toHaveAttribute('role', 'status');
    act(() => {
      connection.setReachable(true);
    });
    expect(screen.queryByText(WITHOUT_COPY)).not.toBeInTheDocument();
  });

  it('shows from the start on a screen opened offline', async () => {
    browserNetwork().set(false);
    await renderVaultScreen({ deviceCopy: false });
    expect(await screen.findByText(WITHOUT_COPY)).toBeInTheDocument();
  });
});
