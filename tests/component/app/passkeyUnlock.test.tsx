// Issue #46: the lock screen offers "Unlock with a passkey" only when this browser knows one of
// the user's passkeys and can use PRF; it opens the vault with it and records the use; a cancelled
// or failing passkey says so and leaves the master password form usable.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPasskeySettingsApi, PASSKEY_FLOW_MESSAGES, PASSKEY_MESSAGES, passkeysOnDevice } from '../../../src/features/passkeys';
import { forgedSealed } from '../../support/forgedCiphertext';
import { fakeDeviceCopy } from '../../doubles/fakeDeviceCopy';
import { memoryRepositories, type MemoryRepositories } from '../../doubles/memoryRepositories';
import { MemoryStorage } from '../../support/memoryStorage';
import { StandInAuthenticator, standInBrowser, type StandInOptions } from '../../support/standInWebAuthn';
import { ALICE, aliceAccount, fakeGateway, MASTER_PASSWORD } from '../auth/harness';
import { appAt, sessionIn } from './appAt';
import { fakeAppServices } from './fakeAppServices';

beforeAll(async () => {
  await aliceAccount();
}, 30_000);

/** Alice's account with one passkey registered in a browser of `authenticator`. */
async function withPasskey(authenticator: StandInAuthenticator) {
  const repositories = memoryRepositories();
  await repositories.users.create(ALICE.uid, await aliceAccount());
  const device = passkeysOnDevice(new MemoryStorage());
  const api = createPasskeySettingsApi(
    {
      loadUsers: () => Promise.resolve(repositories.users),
      loadPasskeys: () => Promise.resolve(repositories.passkeys),
      browser: standInBrowser(authenticator),
      device,
      now: () => Date.now(),
    },
    ALICE,
  );
  await api.register(await api.confirmMasterPassword(MASTER_PASSWORD), 'Laptop');
  return { repositories, device };
}

async function renderLocked(
  repositories: MemoryRepositories,
  passkeys: { authenticator: StandInAuthenticator; device: ReturnType<typeof passkeysOnDevice>; options?: StandInOptions },
) {
  const store = sessionIn('locked', ALICE);
  const services = fakeAppServices({
    store,
    repositories,
    uid: ALICE.uid,
    gateway: fakeGateway(store),
    deviceCopy: fakeDeviceCopy(),
    passkeys: { browser: standInBrowser(passkeys.authenticator, passkeys.options), device: passkeys.device },
  });
  render(appAt('/dashboard', services, store));
  const lockScreen = await screen.findByRole('main', { name: 'Your vault is locked' });
  return { store, lockScreen, user: userEvent.setup() };
}

describe('the lock screen with a passkey', () => {
  it('offers the passkey under the master password, unlocks with it and records when it was used', async () => {
    const authenticator = new StandInAuthenticator();
    const { repositories, device } = await withPasskey(authenticator);
    const { store, lockScreen, user } = await renderLocked(repositories, { authenticator, device });
    const button = await within(lockScreen).findByRole('button', { name: 'Unlock with a passkey' });
    // The master password stays offered, and keeps the focus.
    expect(within(lockScreen).getByLabelText('Master password')).toHaveFocus();
    expect(within(lockScreen).getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    const before = Date.now();
    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(store.getState().status).toBe('unlocked');
    // One assertion, allowed only the user's credentials, PRF asked by credential.
    const request = authenticator.calls.at(-1)!.options as CredentialRequestOptions;
    const [stored] = await repositories.passkeys.list(ALICE.uid);
    expect(request.publicKey?.allowCredentials).toHaveLength(1);
    expect(request.publicKey?.extensions).toHaveProperty(['prf', 'evalByCredential', stored!.credentialId]);
    await waitFor(async () => {
      expect((await repositories.passkeys.list(ALICE.uid))[0]!.lastUsedAt).toBeGreaterThanOrEqual(before);
    });
  }, 30_000);

  it('offers only the master password in a browser that does not know the passkey', async () => {
    const authenticator = new StandInAuthenticator();
    const { repositories } = await withPasskey(authenticator);
    // Another browser: its own storage, an authenticator without the credential.
    const { lockScreen } = await renderLocked(repositories, { authenticator: new StandInAuthenticator(), device: passkeysOnDevice(new MemoryStorage()) });
    await within(lockScreen).findByRole('button', { name: 'Unlock' });
    // Give the offer its chance to appear.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(lockScreen).queryByRole('button', { name: 'Unlock with a passkey' })).not.toBeInTheDocument();
  }, 30_000);

  it('offers only the master password where the browser reports no PRF', async () => {
    const authenticator = new StandInAuthenticator();
    const { repositories, device } = await withPasskey(authenticator);
    const { lockScreen } = await renderLocked(repositories, { authenticator, device, options: { browserPrf: false } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(lockScreen).queryByRole('button', { name: 'Unlock with a passkey' })).not.toBeInTheDocument();
  }, 30_000);

  it('says a cancelled passkey, and the master password form still unlocks', async () => {
    const authenticator = new StandInAuthenticator();
    const { repositories, device } = await withPasskey(authenticator);
    const { store, lockScreen, user } = await renderLocked(repositories, { authenticator, device });
    authenticator.cancelNext = true;
    await user.click(await within(lockScreen).findByRole('button', { name: 'Unlock with a passkey' }));
    expect(await within(lockScreen).findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.cancelled);
    expect(store.getState().status).toBe('locked');
    await user.type(within(lockScreen).getByLabelText('Master password'), `${MASTER_PASSWORD}{Enter}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 30_000);

  it('says so when the stored wrap does not open, and stays locked', async () => {
    const authenticator = new StandInAuthenticator();
    const { repositories, device } = await withPasskey(authenticator);
    const [stored] = await repositories.passkeys.list(ALICE.uid);
    // The server hands over another wrap under the same credential (tampered, or from another record).
    await repositories.passkeys.remove(ALICE.uid, stored!.credentialId);
    await repositories.passkeys.add(ALICE.uid, { ...stored!, wrappedVaultKey: forgedSealed(Buffer.alloc(60, 7).toString('base64')) });
    const { store, lockScreen, user } = await renderLocked(repositories, { authenticator, device });
    await user.click(await within(lockScreen).findByRole('button', { name: 'Unlock with a passkey' }));
    expect(await within(lockScreen).findByRole('alert')).toHaveTextContent(PASSKEY_FLOW_MESSAGES.doesNotOpen);
    expect(store.getState().status).toBe('locked');
    expect(within(lockScreen).getByLabelText('Master password')).toBeEnabled();
  }, 30_000);
});
