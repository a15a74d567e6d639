import { vi } from 'vitest';
import type { AuthGateway } from '../../../src/data/auth/authGateway';

/** An AuthGateway with nobody signed in, whose calls are spies that succeed. */
export function fakeGateway(): AuthGateway {
  return {
    currentUser: () => null,
    onUserChanged: vi.fn((listener: (user: null) => void) => {
      listener(null);
      return () => undefined;
    }),
    signInWithEmail: vi.fn(),
    createAccount: vi.fn(),
    signInWithProvider: vi.fn(),
    signOut: vi.fn(() => Promise.resolve()),
    deleteCurrentUser: vi.fn(() => Promise.resolve()),
    sendPasswordResetEmail: vi.fn(() => Promise.resolve()),
    sendVerificationEmail: vi.fn(() => Promise.resolve()),
    applyEmailVerificationCode: vi.fn(() => Promise.resolve()),
    verifyPasswordResetCode: vi.fn(() => Promise.resolve('ana@example.com')),
    refreshIdToken: vi.fn(() => Promise.resolve()),
    confirmPasswordReset: vi.fn(() => Promise.resolve()),
    reloadUser: vi.fn(() => Promise.resolve(null)),
    changeAccountPassword: vi.fn(() => Promise.resolve()),
    listMfaFactors: vi.fn(() => []),
    startPhoneEnrolment: vi.fn(() => Promise.reject(new Error('not used here'))),
    startTotpEnrolment: vi.fn(() => Promise.reject(new Error('not used here'))),
    unenrolMfaFactor: vi.fn(() => Promise.resolve()),
  };
}
