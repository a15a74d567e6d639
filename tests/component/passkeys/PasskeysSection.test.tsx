// Account Settings' "Unlock with a passkey" (issue #46) over the in-memory repositories and a
// stand-in WebAuthn: add (master password, then the authenticator), list with last use, remove
// with a confirmation; and, where the browser or the authenticator lacks PRF, why not.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptText, encryptText, entryFieldContext, unlockVault, unlockVaultWithPasskey } from '../../../src/crypto';
import { masterKeyMaterialOf } from '../../../src/data/users/userRecord';
import {
  createPasskeySettingsApi,
  PASSKEY_MESSAGES,
  PASSKEY_SECTION_MESSAGES,
  PasskeysSection,
  passkeysOnDevice,
} from '../../../src/features/passkeys';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { MemoryStorage } from '../../support/memoryStorage';
import { StandInAuthenticator, standInBrowser, type StandInOptions } from '../../support/standInWebAuthn';
import { ALICE, aliceAccount, MASTER_PASSWORD } from '../auth/harness';

beforeAll(async () => {
  await aliceAccount();
}, 30_000);

async function renderSection(options: StandInOptions = {}) {
  const repositories = memoryRepositories();
  await repositories.users.create(ALICE.uid, await aliceAccount());
  const authenticator = new StandInAuthenticator(options);
  const device = passkeysOnDevice(new MemoryStorage());
  const api = createPasskeySettingsApi(
    {
      loadUsers: () => Promise.resolve(repositories.users),
      loadPasskeys: () => Promise.resolve(repositories.passkeys),
      browser: standInBrowser(authenticator, options),
      device,
      now: () => Date.now(),
    },
    ALICE,
  );
  render(<PasskeysSection api={api} />);
  const section = screen.getByRole('region', { name: PASSKEY_SECTION_MESSAGES.heading });
  await within(section).findByText(PASSKEY_SECTION_MESSAGES.none);
  return { section, repositories, authenticator, device, user: userEvent.setup() };
}

/** Add → master password → name → Create passkey, by keyboard. */
async function addPasskey(section: HTMLElement, user: ReturnType<typeof userEvent.setup>, name: string, masterPassword = MASTER_PASSWORD) {
  await user.click(await within(section).findByRole('button', { name: 'Add a passkey' }));
  const field = within(section).getByLabelText('Master password');
  await waitFor(() => {
    expect(field).toHaveFocus();
  });
  await user.keyboard(`${masterPassword}{Enter}`);
}

describe('Settings: unlock with a passkey', () => {
  it('adds a passkey: the master password, then a name and the authenticator; lists it, never used, and its wrap opens the vault key', async () => {
    const { section, repositories, authenticator, device, user } = await renderSection();
    await addPasskey(section, user, 'Work laptop');
    const name = await within(section).findByLabelText('Passkey name', {}, { timeout: 10_000 });
    await waitFor(() => {
      expect(name).toHaveFocus();
    });
    await user.keyboard('Work laptop{Enter}');
    // The section's status line (always there, empty until something is said) announces it.
    const added = await within(section).findByText(PASSKEY_SECTION_MESSAGES.added, {}, { timeout: 10_000 });
    expect(added).toHaveAttribute('role', 'status');
    const list = within(section).getByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Work laptop')).toBeInTheDocument();
    expect(list).toHaveTextContent('Never used');
    // Focus goes back to where the user started.
    await waitFor(() => {
      expect(within(section).getByRole('button', { name: 'Add a passkey' })).toHaveFocus();
    });

    const [stored] = await repositories.passkeys.list(ALICE.uid);
    expect(stored).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(device.known(ALICE.uid)).toEqual([stored!.credentialId]);
    // One creation with PRF asked for, then one assertion for the output.
    expect(authenticator.calls.map((call) => call.kind)).toEqual(['create', 'get']);
    const created = authenticator.calls[0]!.options as CredentialCreationOptions;
    expect(created.publicKey?.extensions).toHaveProperty('prf');
    expect(created.publicKey?.authenticatorSelection?.userVerification).toBe('required');
    // The wrap opens, with the authenticator's PRF output, the same vault key the master password opens.
    const passkeyKey = await unlockVaultWithPasskey(authenticator.prfFor(stored!.credentialId, stored!.prfSalt), stored!.credentialId, stored!.wrappedVaultKey);
    const { vaultKey } = await unlockVault(MASTER_PASSWORD, masterKeyMaterialOf((await repositories.users.get(ALICE.uid))!));
    const context = entryFieldContext('e1', 'password');
    expect(await decryptText(passkeyKey, await encryptText(vaultKey, 'secret', context), context)).toBe('secret');
  }, 30_000);

  it('refuses a wrong master password before any passkey is made, and keeps the form', async () => {
    const { section, authenticator, user } = await renderSection();
    await addPasskey(section, user, 'Laptop', 'not the master password');
    expect(await within(section).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Invalid master password. Please try again.');
    expect(within(section).getByLabelText('Master password')).toHaveAttribute('aria-invalid', 'true');
    expect(authenticator.calls).toEqual([]);
  }, 30_000);

  it('says why when the authenticator has no PRF, and stores nothing', async () => {
    const { section, repositories, user } = await renderSection({ prf: false });
    await addPasskey(section, user, 'Old key');
    await user.type(await within(section).findByLabelText('Passkey name', {}, { timeout: 10_000 }), 'Old key{Enter}');
    expect(await within(section).findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.authenticatorNoPrf);
    expect(await repositories.passkeys.list(ALICE.uid)).toEqual([]);
  }, 30_000);

  it('says so when the user cancels the authenticator, and the form stays to try again', async () => {
    const { section, repositories, authenticator, user } = await renderSection();
    await addPasskey(section, user, 'Phone');
    const name = await within(section).findByLabelText('Passkey name', {}, { timeout: 10_000 });
    authenticator.cancelNext = true;
    await user.type(name, 'Phone{Enter}');
    expect(await within(section).findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.cancelled);
    expect(await repositories.passkeys.list(ALICE.uid)).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Create passkey' }));
    expect(await within(section).findByText('Phone')).toBeInTheDocument();
  }, 30_000);

  it('asks for a name', async () => {
    const { section, user } = await renderSection();
    await addPasskey(section, user, '');
    await within(section).findByLabelText('Passkey name', {}, { timeout: 10_000 });
    await user.click(within(section).getByRole('button', { name: 'Create passkey' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Name the passkey (1 to 64 characters).');
  }, 30_000);

  it('removes a passkey only after a confirmation, deleting its record; Cancel keeps it', async () => {
    const { section, repositories, device, user } = await renderSection();
    await addPasskey(section, user, 'Laptop');
    await user.type(await within(section).findByLabelText('Passkey name', {}, { timeout: 10_000 }), 'Laptop{Enter}');
    await within(section).findByText('Laptop');
    const remove = within(section).getByRole('button', { name: 'Remove passkey Laptop' });
    await user.click(remove);
    const question = within(section).getByRole('group', { name: 'Remove the passkey “Laptop”? It will no longer unlock your vault.' });
    await waitFor(() => {
      expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(within(section).getByRole('button', { name: 'Remove passkey Laptop' })).toHaveFocus();
    });
    expect(await repositories.passkeys.list(ALICE.uid)).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Remove passkey Laptop' }));
    await user.click(within(section).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(section).findByText(PASSKEY_SECTION_MESSAGES.none)).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent(PASSKEY_SECTION_MESSAGES.removed);
    expect(await repositories.passkeys.list(ALICE.uid)).toEqual([]);
    expect(device.known(ALICE.uid)).toEqual([]);
  }, 30_000);

  it('offers nothing and says why in a browser without WebAuthn', async () => {
    const { section } = await renderSection({ absent: true });
    expect(await within(section).findByText(PASSKEY_MESSAGES.noWebAuthn)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('offers nothing and says why in a browser that reports no PRF', async () => {
    const { section } = await renderSection({ browserPrf: false });
    expect(await within(section).findByText(PASSKEY_MESSAGES.noPrf)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});
