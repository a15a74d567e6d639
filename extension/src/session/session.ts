import type { ReadOnlyVault } from './readOnlyVault';

// The extension's session as its popup sees it (docs/extension.md, "Session"); firebaseSession.ts
// is the implementation, component tests give a stand-in.

export type SessionState =
  | { readonly screen: 'signed-out' }
  | { readonly screen: 'locked'; readonly email: string }
  | { readonly screen: 'unlocked'; readonly email: string };

export type SignInOutcome =
  | { readonly kind: 'signed-in'; readonly email: string }
  /** The account has an authenticator app: its current code completes the sign-in. */
  | { readonly kind: 'second-factor'; verify(code: string): Promise<SignInOutcome> }
  /** The account's only second factor is a text message, which the extension cannot send (no reCAPTCHA). */
  | { readonly kind: 'unsupported-second-factor' };

export interface ExtensionSession {
  state(): Promise<SessionState>;
  /** Rejects with AuthServiceError (the service's code) on a wrong address or password. */
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Rejects with WrongMasterPasswordError on a wrong master password. */
  unlock(masterPassword: string): Promise<void>;
  /** Forgets the vault key; the account stays signed in. */
  lock(): Promise<void>;
  signOut(): Promise<void>;
  /** The unlocked vault, or null when locked. */
  vault(): Promise<ReadOnlyVault | null>;
}
