import {
  DecryptionError,
  InvalidCiphertextError,
  KdfMemoryError,
  WrongMasterPasswordError,
  newPrfSalt,
  prfSaltBytes,
  startPasskeyEnrolment,
  unlockPrivateKey,
  unlockVaultWithPasskey,
  type PasskeyEnrolment,
} from '../../crypto';
import type { AuthUser } from '../../data/auth/authGateway';
import { MAX_PASSKEYS, passkeyName, PASSKEY_NAME_MAX_LENGTH, type PasskeyRepository, type StoredPasskey } from '../../data/passkeys/storedPasskeys';
import { masterKeyMaterialOf, type UserRepository } from '../../data/users/userRecord';
import type { SessionStore } from '../../session/sessionStore';
import type { PasskeysOnDevice } from './deviceMemory';
import { createPasskey, evaluatePrf, PasskeyError, passkeySupport, type BrowserWebAuthn, type PasskeySupport } from './webauthn';

// Registering, listing, removing and unlocking with passkeys (issue #46; docs/crypto.md, "Unlock
// with a passkey"). Over injected repositories, WebAuthn and storage, so the component tier runs
// it with doubles and a stand-in authenticator.

export const PASSKEY_FLOW_MESSAGES = {
  invalidMasterPassword: 'Invalid master password. Please try again.',
  nameRequired: `Name the passkey (1 to ${PASSKEY_NAME_MAX_LENGTH} characters).`,
  tooMany: `You have ${MAX_PASSKEYS} passkeys, the most an account can have. Remove one first.`,
  doesNotOpen: 'This passkey could not open your vault. Unlock with your master password.',
  noRecord: 'User data not found',
} as const;

export interface PasskeyDeps {
  loadUsers(): Promise<UserRepository>;
  loadPasskeys(): Promise<PasskeyRepository>;
  readonly browser: BrowserWebAuthn;
  readonly device: PasskeysOnDevice;
  /** Epoch milliseconds. */
  now(): number;
}

/** Account Settings' "Passkeys" (PasskeysSection.tsx) for the signed-in user. */
export interface PasskeySettingsApi {
  support(): Promise<PasskeySupport>;
  list(): Promise<readonly StoredPasskey[]>;
  /** Checks the master password and opens the vault key for wrapping; PasskeyError with the form's message otherwise. */
  confirmMasterPassword(masterPassword: string): Promise<PasskeyEnrolment>;
  /** Makes a passkey with the authenticator, wraps the vault key under it and stores it. */
  register(enrolment: PasskeyEnrolment, typedName: string): Promise<StoredPasskey>;
  /** Deletes the passkey's record (its wrapped vault key with it). */
  remove(credentialId: string): Promise<void>;
}

export function createPasskeySettingsApi(deps: PasskeyDeps, user: Pick<AuthUser, 'uid' | 'email'>): PasskeySettingsApi {
  const { uid } = user;
  return {
    support: () => passkeySupport(deps.browser),
    list: async () => (await deps.loadPasskeys()).list(uid),
    async confirmMasterPassword(masterPassword) {
      const record = await (await deps.loadUsers()).get(uid);
      if (record === null) throw new PasskeyError(PASSKEY_FLOW_MESSAGES.noRecord);
      try {
        return await startPasskeyEnrolment(masterPassword, masterKeyMaterialOf(record));
      } catch (error) {
        if (error instanceof WrongMasterPasswordError) throw new PasskeyError(PASSKEY_FLOW_MESSAGES.invalidMasterPassword, { cause: error });
        if (error instanceof KdfMemoryError) throw new PasskeyError(error.message, { cause: error });
        throw error;
      }
    },
    async register(enrolment, typedName) {
      const name = passkeyName(typedName);
      if (name === null) throw new PasskeyError(PASSKEY_FLOW_MESSAGES.nameRequired);
      const passkeys = await deps.loadPasskeys();
      const existing = await passkeys.list(uid);
      if (existing.length >= MAX_PASSKEYS) throw new PasskeyError(PASSKEY_FLOW_MESSAGES.tooMany);
      const credentials = requireCredentials(deps.browser);
      const prfSalt = newPrfSalt();
      const created = await createPasskey(credentials, user, prfSaltBytes(prfSalt), existing.map((each) => each.credentialId));
      // Most authenticators give the PRF output only when asked for an assertion: one more touch.
      const prfOutput =
        created.prfOutput ?? (await evaluatePrf(credentials, [{ credentialId: created.credentialId, prfSalt: prfSaltBytes(prfSalt) }])).prfOutput;
      const now = deps.now();
      const passkey: StoredPasskey = {
        credentialId: created.credentialId,
        name,
        wrappedVaultKey: await enrolment.wrap(prfOutput, created.credentialId),
        prfSalt,
        createdAt: now,
        lastUsedAt: null,
      };
      await passkeys.add(uid, passkey);
      deps.device.remember(uid, passkey.credentialId);
      return passkey;
    },
    async remove(credentialId) {
      await (await deps.loadPasskeys()).remove(uid, credentialId);
      deps.device.forget(uid, credentialId);
    },
  };
}

/** The lock screen's passkey (PasskeyUnlock.tsx). */
export interface PasskeyUnlockApi {
  /** The user's passkeys when one is known on this browser and the browser can use PRF; else none (no offer). */
  offer(uid: string): Promise<readonly StoredPasskey[]>;
  /** Asks the authenticator, opens the vault key and unlocks the session; PasskeyError with the user's message otherwise. */
  unlock(user: AuthUser, passkeys: readonly StoredPasskey[]): Promise<void>;
}

export function createPasskeyUnlockApi(deps: PasskeyDeps & { readonly session: SessionStore }): PasskeyUnlockApi {
  return {
    async offer(uid) {
      if (deps.device.known(uid).length === 0) return [];
      if ((await passkeySupport(deps.browser)).kind !== 'prf') return [];
      const stored = await (await deps.loadPasskeys()).list(uid);
      const ids = new Set(stored.map((each) => each.credentialId));
      // A passkey removed elsewhere is forgotten here too.
      for (const id of deps.device.known(uid)) if (!ids.has(id)) deps.device.forget(uid, id);
      return deps.device.known(uid).length === 0 ? [] : stored;
    },
    async unlock(user, passkeys) {
      const credentials = requireCredentials(deps.browser);
      const answer = await evaluatePrf(
        credentials,
        passkeys.map((each) => ({ credentialId: each.credentialId, prfSalt: prfSaltBytes(each.prfSalt) })),
      );
      const passkey = passkeys.find((each) => each.credentialId === answer.credentialId);
      if (passkey === undefined) throw new PasskeyError(PASSKEY_FLOW_MESSAGES.doesNotOpen);
      const [vaultKey, record] = await Promise.all([
        unlockVaultWithPasskey(answer.prfOutput, passkey.credentialId, passkey.wrappedVaultKey).catch((cause: unknown) => {
          if (cause instanceof DecryptionError || cause instanceof InvalidCiphertextError) throw new PasskeyError(PASSKEY_FLOW_MESSAGES.doesNotOpen, { cause });
          throw cause;
        }),
        deps.loadUsers().then((users) => users.get(user.uid)),
      ]);
      if (record === null) throw new PasskeyError(PASSKEY_FLOW_MESSAGES.noRecord);
      const privateKey = await unlockPrivateKey(vaultKey, record.encryptedPrivateKey);
      deps.session.unlock(user, { vaultKey, privateKey }, record.encryptedPrivateKey);
      deps.device.remember(user.uid, passkey.credentialId);
      // When it was last used is shown in Settings; the vault is open whether or not this lands.
      void deps
        .loadPasskeys()
        .then((repository) => repository.markUsed(user.uid, passkey.credentialId, deps.now()))
        .catch((error: unknown) => {
          console.warn('Could not record when the passkey was used', error);
        });
    },
  };
}

function requireCredentials(browser: BrowserWebAuthn) {
  if (browser.credentials === undefined) throw new PasskeyError('This browser cannot use passkeys.');
  return browser.credentials;
}
