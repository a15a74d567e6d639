// Issue #18 item 2: details opened on demand live only while the vault is open. The dashboard clears
// them when the session forgets the keys, so after lock and unlock they are decrypted afresh.
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type PrivateKey } from '../../../src/crypto';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { savePassword } from '../../../src/features/vault/vaultService';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { renderDashboardPage } from './dashboardHarness';
import { openItem } from '../../support/vaultList';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('opened details and the session', () => {
  it('a sealed password shown once is served from memory; after lock and unlock it is decrypted again', async () => {
    const { vaultKey } = await createAccountKeys('master password');
    const repositories = memoryRepositories();
    const uid = 'sealed-lock';
    const now = Date.now();
    await repositories.users.create(uid, { ...sampleUserRecord(now), subscription: newTrialSubscription(now) });
    await savePassword(
      { passwords: repositories.passwords, groups: repositories.groups, vaultKey, userId: uid, sealedFormat: true, now: () => now },
      { title: 'Bank', url: null, notes: null, username: 'ana', password: 'sealed secret', groupId: null },
    );
    const keys = { vaultKey, privateKey: { kind: 'private' } as PrivateKey };
    const { store, user } = renderDashboardPage({ uid, keys, repositories });
    const decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt');

    const showAndHide = async () => {
      const row = await openItem('Bank', user);
      const before = decrypt.mock.calls.length;
      await user.click(within(row).getByRole('button', { name: 'Show password for Bank' }));
      expect(await within(row).findByText('sealed secret')).toBeInTheDocument();
      await user.click(within(row).getByRole('button', { name: 'Hide password for Bank' }));
      return decrypt.mock.calls.length - before;
    };
    expect(await showAndHide()).toBe(1);

    act(() => {
      store.lock();
    });
    expect(screen.queryByRole('heading', { name: 'Bank' })).not.toBeInTheDocument();
    act(() => {
      store.unlock({ uid, email: `${uid}@example.com`, emailVerified: true, provider: 'password' }, keys, 'encrypted');
    });
    // The list is loaded again (one overview), and the details are opened again: nothing was kept.
    expect(await showAndHide()).toBe(1);
  });
});
