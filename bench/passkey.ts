// Issue #46's passkey unlock: from the lock screen's "Unlock with a passkey" to the session
// unlocked (the assertion asked, HKDF of its PRF output, the vault key unwrapped, the user record
// read, the private key opened, the session unlocked), less the authenticator's own answer, which is
// the stand-in software authenticator's here (tests/support/standInWebAuthn.ts) and the user's
// touch in a browser. Over the in-memory repositories: the record's read is the server's part.
import { newTrialSubscription } from '@keyloft/contract/trial';
import { createAccountKeys } from '../src/crypto';
import type { AuthUser } from '../src/data/auth/authGateway';
import { storedKdfOf, type StoredUserRecord } from '../src/data/users/userRecord';
import { passkeysOnDevice } from '../src/features/passkeys/deviceMemory';
import { createPasskeySettingsApi, createPasskeyUnlockApi } from '../src/features/passkeys/passkeyService';
import { createSessionStore } from '../src/session/sessionStore';
import { MemoryPasskeyRepository } from '../tests/doubles/memoryPasskeyRepository';
import { MemoryUserRepository } from '../tests/doubles/memoryUserRepository';
import { MemoryStorage } from '../tests/support/memoryStorage';
import { StandInAuthenticator, standInBrowser } from '../tests/support/standInWebAuthn';
import { median } from './measure';

/** Issue #46: a passkey unlock within 50 ms beyond the authenticator's own answer. */
const PASSKEY_UNLOCK_TARGET_MS = 50;
/** Unlocks timed: each is a few ms, so a median of many; the first tenth warms up. */
const UNLOCKS = 60;

const USER: AuthUser = { uid: 'bench', email: 'bench@example.com', emailVerified: true, provider: 'password' };
const MASTER_PASSWORD = 'bench master password';

export async function passkeyBench(): Promise<string[]> {
  const users = new MemoryUserRepository();
  const passkeys = new MemoryPasskeyRepository();
  const { stored } = await createAccountKeys(MASTER_PASSWORD);
  const record: StoredUserRecord = {
    email: USER.email,
    encryptionSalt: stored.kdf.salt,
    kdf: storedKdfOf(stored.kdf),
    publicKey: stored.publicKey,
    encryptedPrivateKey: stored.encryptedPrivateKey,
    wrappedVaultKey: stored.wrappedVaultKey,
    masterPasswordTest: stored.masterPasswordTest,
    authProvider: USER.provider,
    createdAt: 1,
    updatedAt: 1,
    teamIds: [],
    pendingTeamKeys: {},
    subscription: newTrialSubscription(1),
    entryFormat: 2,
  };
  await users.create(USER.uid, record);

  // The authenticator, timed: its answers are left out of the figure.
  const authenticator = new StandInAuthenticator();
  let answeringMs = 0;
  const timedCredentials = {
    create: (options: CredentialCreationOptions) => authenticator.create(options),
    get: async (options: CredentialRequestOptions) => {
      const start = performance.now();
      try {
        return await authenticator.get(options);
      } finally {
        answeringMs += performance.now() - start;
      }
    },
  };
  const browser = { ...standInBrowser(authenticator), credentials: timedCredentials };
  const device = passkeysOnDevice(new MemoryStorage());
  const deps = { loadUsers: () => Promise.resolve(users), loadPasskeys: () => Promise.resolve(passkeys), browser, device, now: () => Date.now() };
  const settings = createPasskeySettingsApi(deps, USER);
  await settings.register(await settings.confirmMasterPassword(MASTER_PASSWORD), 'Bench');

  const session = createSessionStore(new MemoryStorage());
  const unlock = createPasskeyUnlockApi({ ...deps, session });
  const offered = await unlock.offer(USER.uid);
  if (offered.length !== 1) throw new Error(`The bench's passkey was not offered (${String(offered.length)})`);
  const beyond: number[] = [];
  session.markLocked(USER);
  for (let run = 0; run < UNLOCKS; run += 1) {
    session.lock();
    answeringMs = 0;
    const start = performance.now();
    await unlock.unlock(USER, offered);
    const ours = performance.now() - start - answeringMs;
    if (session.getState().status !== 'unlocked') throw new Error('The passkey did not unlock the session');
    if (run >= UNLOCKS / 10) beyond.push(ours);
  }
  const ms = median(beyond);
  const verdict = ms <= PASSKEY_UNLOCK_TARGET_MS ? 'within' : 'OVER';
  return [
    `${'passkey unlock beyond the authenticator'.padEnd(46)} ours ${ms.toFixed(1).padStart(8)} ms   (median of ${String(beyond.length)} unlocks, the stand-in authenticator's answer left out)   target ≤ ${String(PASSKEY_UNLOCK_TARGET_MS)} ms   ${verdict}`,
  ];
}
