// Issue #22 item 3, "a visible offline state": the vault screen says it is offline while the
// live reads find the server silent, and what that means for the vault on screen; the banner goes
// when the server answers again. Not on the browser's navigator.onLine alone (false without a
// network interface, while a server on the same machine answers).
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
  it('shows while the server does not answer, saying the vault on screen is the device’s copy, and goes when it answers', async () => {
    const connection = await renderVaultScreen({ deviceCopy: true });
    await screen.findByText('No passwords yet. Add your first password!');
    expect(screen.queryByText(WITH_COPY)).not.toBeInTheDocument();
    act(() => {
      connection.setReachable(false);
    });
    const banner = screen.getByText(WITH_COPY);
    expect(banner).toHaveAttribute('role', 'status');
    expect(screen.getByRole('main')).toContainElement(banner);
    act(() => {
      connection.setReachable(true);
    });
    expect(screen.queryByText(WITH_COPY)).not.toBeInTheDocument();
  });

  it('without the device copy, says only that changes cannot be saved', async () => {
    const connection = await renderVaultScreen({ deviceCopy: false });
    await screen.findByText('No passwords yet. Add your first password!');
    act(() => {
      connection.setReachable(false);
    });
    expect(screen.getByText(WITHOUT_COPY)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(WITH_COPY)).not.toBeInTheDocument();
  });

  it('the browser calling itself offline while the server answers shows nothing', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await renderVaultScreen({ deviceCopy: true });
    await screen.findByText('No passwords yet. Add your first password!');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.queryByText(WITH_COPY)).not.toBeInTheDocument();
  });
});
