import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { vi } from 'vitest';
import {
  AuthServiceError,
  type AuthGateway,
  type AuthUser,
  type MfaChallenge,
  type MfaHint,
} from '../../../src/data/auth/authGateway';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import type { StoredUserRecord } from '../../../src/data/users/userRecord';
import { authModalState, type AuthModalRequest } from '@keyloft/contract/authModalRequest';
import AuthModal from '../../../src/features/auth/AuthModal';
import type { AuthDeps } from '../../../src/features/auth/flows/deps';
import { createVault } from '../../../src/features/auth/flows/vault';
import { SessionProvider } from '../../../src/session/SessionContext';
import { createSessionStore, type KeyValueStorage, type SessionStore } from '../../../src/session/sessionStore';

// Doubles for the auth modal's tests: a fake auth service (vi.fn()s), the real in-memory user
// repository, the real session store and real crypto.

export const NOW = Date.UTC(2026, 0, 15);
export const MASTER_PASSWORD = 'correct horse battery staple';
export const ACCOUNT_PASSWORD = 'account-password-1';

export const ALICE: AuthUser = { uid: 'alice', email: 'alice@example.com', emailVerified: true, provider: 'password' };
export const GOOGLE_BOB: AuthUser = { uid: 'bob', email: 'bob@example.com', emailVerified: true, provider: 'google' };

export function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

function depsFor(
  gateway: AuthGateway,
  users: MemoryUserRepository,
  store: SessionStore,
  sendCustomEmailVerification = vi.fn<AuthDeps['sendCustomEmailVerification']>(() => Promise.resolve()),
): AuthDeps {
  return {
    loadGateway: () => Promise.resolve(gateway),
    loadUsers: () => Promise.resolve(users),
    sendCustomEmailVerification,
    session: store,
    now: () => NOW,
    isDevelopment: false,
  };
}

let aliceRecord: Promise<StoredUserRecord> | undefined;

/** Alice's stored record (master password MASTER_PASSWORD), made once per file with real crypto. */
export function aliceAccount(): Promise<StoredUserRecord> {
  aliceRecord ??= (async () => {
    const users = new MemoryUserRepository();
    const store = createSessionStore(memoryStorage());
    await createVault(depsFor(fakeGateway(store), users, store), ALICE, MASTER_PASSWORD);
    const record = await users.get(ALICE.uid);
    if (record === null) throw new Error('no record');
    return record;
  })();
  return aliceRecord;
}

/** A user repository holding Alice's record. */
export async function usersWithAlice(): Promise<MemoryUserRepository> {
  const users = new MemoryUserRepository();
  await users.create(ALICE.uid, await aliceAccount());
  return users;
}

/**
 * The auth service double. Signing in marks the session locked, as the app's watchAuth does when
 * the service reports a user; signing out clears it.
 */
export function fakeGateway(store: SessionStore) {
  const signedIn = (user: AuthUser) => {
    store.markLocked(user);
    return Promise.resolve(user);
  };
  const gateway = {
    currentUser: vi.fn<AuthGateway['currentUser']>(() => null),
    onUserChanged: vi.fn<AuthGateway['onUserChanged']>(() => () => undefined),
    signInWithEmail: vi.fn<AuthGateway['signInWithEmail']>(() => signedIn(ALICE)),
    createAccount: vi.fn<AuthGateway['createAccount']>((email) =>
      signedIn({ uid: 'new-user', email, emailVerified: false, provider: 'password' }),
    ),
    signInWithProvider: vi.fn<AuthGateway['signInWithProvider']>(() => signedIn(GOOGLE_BOB)),
    signOut: vi.fn<AuthGateway['signOut']>(() => {
      store.clear();
      return Promise.resolve();
    }),
    deleteCurrentUser: vi.fn<AuthGateway['deleteCurrentUser']>(() => {
      store.clear();
      return Promise.resolve();
    }),
    sendPasswordResetEmail: vi.fn<AuthGateway['sendPasswordResetEmail']>(() => Promise.resolve()),
    sendVerificationEmail: vi.fn<AuthGateway['sendVerificationEmail']>(() => Promise.resolve()),
    applyEmailVerificationCode: vi.fn<AuthGateway['applyEmailVerificationCode']>(() => Promise.resolve()),
    verifyPasswordResetCode: vi.fn<AuthGateway['verifyPasswordResetCode']>(() => Promise.resolve('alice@example.com')),
    refreshIdToken: vi.fn<AuthGateway['refreshIdToken']>(() => Promise.resolve()),
    confirmPasswordReset: vi.fn<AuthGateway['confirmPasswordReset']>(() => Promise.resolve()),
    reloadUser: vi.fn<AuthGateway['reloadUser']>(() => Promise.resolve(null)),
    changeAccountPassword: vi.fn<AuthGateway['changeAccountPassword']>(() => Promise.resolve()),
    listMfaFactors: vi.fn<AuthGateway['listMfaFactors']>(() => []),
    startPhoneEnrolment: vi.fn<AuthGateway['startPhoneEnrolment']>(() => Promise.reject(new Error('not used here'))),
    startTotpEnrolment: vi.fn<AuthGateway['startTotpEnrolment']>(() => Promise.reject(new Error('not used here'))),
    unenrolMfaFactor: vi.fn<AuthGateway['unenrolMfaFactor']>(() => Promise.resolve()),
  } satisfies AuthGateway;
  return { ...gateway, signedIn };
}

export type FakeGateway = ReturnType<typeof fakeGateway>;

export const PHONE_HINT: MfaHint = { uid: 'phone-1', factorId: 'phone', displayName: 'Work phone', phoneNumber: '+1 ***-***-1234' };
export const SECOND_PHONE_HINT: MfaHint = { uid: 'phone-2', factorId: 'phone', displayName: null, phoneNumber: '+44 ****-5678' };
export const TOTP_HINT: MfaHint = { uid: 'totp-1', factorId: 'totp', displayName: 'Authenticator', phoneNumber: null };
export const GOOD_CODE = '123456';

/** A second-factor challenge that signs `user` in for GOOD_CODE. */
export function fakeChallenge(gateway: FakeGateway, hints: readonly MfaHint[], user: AuthUser = ALICE) {
  return {
    hints,
    sendSmsCode: vi.fn<MfaChallenge['sendSmsCode']>(() => Promise.resolve()),
    verify: vi.fn<MfaChallenge['verify']>((_hintUid, code) =>
      code === GOOD_CODE ? gateway.signedIn(user) : Promise.reject(new AuthServiceError('auth/invalid-verification-code')),
    ),
  } satisfies MfaChallenge;
}

export interface RenderOptions {
  /** Defaults to a login request; null renders the modal for a locked session only. */
  request?: AuthModalRequest | null;
  hcaptchaSiteKey?: string | null;
  users?: MemoryUserRepository;
  /** Called with the store before rendering (to lock the session, say). */
  prepare?: (store: SessionStore) => void;
}

export function renderAuthModal(options: RenderOptions = {}) {
  const storage = memoryStorage();
  const store = createSessionStore(storage);
  const users = options.users ?? new MemoryUserRepository();
  const gateway = fakeGateway(store);
  const sendCustomEmailVerification = vi.fn<AuthDeps['sendCustomEmailVerification']>(() => Promise.resolve());
  const deps = depsFor(gateway, users, store, sendCustomEmailVerification);
  const onClose = vi.fn<() => void>();
  const onAuthenticated = vi.fn<(notice?: string) => void>();
  options.prepare?.(store);
  const user = userEvent.setup();
  const request = options.request === undefined ? authModalState(false) : options.request;
  const utils = render(
    <StrictMode>
      <SessionProvider store={store}>
        <AuthModal
          request={request}
          deps={deps}
          hcaptchaSiteKey={options.hcaptchaSiteKey ?? null}
          onClose={onClose}
          onAuthenticated={onAuthenticated}
        />
      </SessionProvider>
    </StrictMode>,
  );
  return { ...utils, user, store, storage, users, gateway, sendCustomEmailVerification, onClose, onAuthenticated };
}

export { deferred } from '../../support/async';
