// What the app needs from the authentication service, without Firebase types: features and the
// session depend on this interface; the Firebase implementation and the test doubles provide it.

export type AuthProviderName = 'password' | 'google' | 'microsoft' | 'github' | 'unknown';
export type ThirdPartyProvider = 'google' | 'microsoft' | 'github';

export interface AuthUser {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  /** How this account signs in; 'password' for email and account password. */
  readonly provider: AuthProviderName;
}

/** A failure of the auth service, with its code as the service reports it (e.g. 'auth/wrong-password'). */
export class AuthServiceError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'AuthServiceError';
  }
}

export interface MfaHint {
  /** The enrolled factor's id, passed back to sendSmsCode/verify. */
  readonly uid: string;
  readonly factorId: 'phone' | 'totp';
  readonly displayName: string | null;
  /** Masked phone number for phone factors, as the service gives it. */
  readonly phoneNumber: string | null;
}

/** A sign-in that needs a second factor. Each call may throw AuthServiceError. */
export interface MfaChallenge {
  readonly hints: readonly MfaHint[];
  /** Sends the SMS code for a phone hint (the invisible bot check runs here). */
  sendSmsCode(hintUid: string): Promise<void>;
  /** Completes the sign-in with a 6-digit code for the given hint. */
  verify(hintUid: string, code: string): Promise<AuthUser>;
}

/** Thrown by the sign-in calls when the account has multi-factor authentication. */
export class MfaRequiredError extends Error {
  constructor(readonly challenge: MfaChallenge) {
    super('auth/multi-factor-auth-required');
    this.name = 'MfaRequiredError';
  }
}

/** A second factor enrolled on the signed-in account (SPEC.md §3 "MFA factor"). */
export interface MfaFactor {
  readonly uid: string;
  readonly factorId: 'phone' | 'totp';
  readonly displayName: string | null;
  /** When it was enrolled, as the service gives it (a date string). */
  readonly enrollmentTime: string;
  /** The number of a phone factor, as the service gives it; null for an authenticator app. */
  readonly phoneNumber: string | null;
}

/** An enrolment waiting for its first code; `complete` throws AuthServiceError on a wrong or expired code. */
export interface PendingMfaEnrolment {
  complete(code: string, displayName: string): Promise<void>;
}

/** An authenticator-app enrolment: the shared secret the app needs, and how it makes codes. */
export interface PendingTotpEnrolment extends PendingMfaEnrolment {
  /** Base32, as authenticator apps take it. */
  readonly secretKey: string;
  /** 'SHA1', 'SHA256' or 'SHA512'. */
  readonly hashingAlgorithm: string;
  readonly codeLength: number;
  readonly codeIntervalSeconds: number;
}

export interface AuthGateway {
  currentUser(): AuthUser | null;
  /** Calls back with the user (or null) now and on every change; returns the unsubscribe. */
  onUserChanged(listener: (user: AuthUser | null) => void): () => void;
  /** Throws MfaRequiredError when a second factor is needed, AuthServiceError otherwise. */
  signInWithEmail(email: string, password: string): Promise<AuthUser>;
  createAccount(email: string, password: string): Promise<AuthUser>;
  /** Popup sign-in. Throws AuthServiceError('auth/popup-closed-by-user') etc. */
  signInWithProvider(provider: ThirdPartyProvider): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Deletes the signed-in account; used to undo a sign-up whose user record could not be written. */
  deleteCurrentUser(): Promise<void>;
  sendPasswordResetEmail(email: string): Promise<void>;
  /** The service's own verification email, the fallback when the custom one fails. */
  sendVerificationEmail(): Promise<void>;
  applyEmailVerificationCode(oobCode: string): Promise<void>;
  /** Returns the email the reset code was issued for. */
  verifyPasswordResetCode(oobCode: string): Promise<string>;
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>;
  /**
   * Reloads the signed-in user and forces a new ID token, so a callable sees claims that changed
   * since the last token (an address verified in another tab). Does nothing when signed out.
   */
  refreshIdToken(): Promise<void>;
  /**
   * Reloads the signed-in user from the service (no new ID token) and returns it, or null when
   * signed out: how a screen sees an address verified in another tab or on another device.
   */
  reloadUser(): Promise<AuthUser | null>;
  /**
   * Checks `currentPassword` by re-authenticating (which also satisfies auth/requires-recent-login),
   * then sets `newPassword`. Email-and-password accounts only. Throws AuthServiceError
   * ('auth/wrong-password' or 'auth/invalid-credential', 'auth/weak-password', …), or, for an
   * account with a second factor, MfaRequiredError: its challenge's `verify` completes the
   * re-authentication with the code and then sets `newPassword`.
   */
  changeAccountPassword(currentPassword: string, newPassword: string): Promise<void>;
  /** The second factors of the signed-in account (none when signed out). */
  listMfaFactors(): readonly MfaFactor[];
  /**
   * Sends a code by SMS to `phoneNumber` (E.164) to enrol it as a second factor; the invisible bot
   * check runs here. Throws AuthServiceError ('auth/unverified-email', 'auth/invalid-phone-number',
   * 'auth/requires-recent-login', …).
   */
  startPhoneEnrolment(phoneNumber: string): Promise<PendingMfaEnrolment>;
  /** Makes a new authenticator-app secret for the signed-in account. */
  startTotpEnrolment(): Promise<PendingTotpEnrolment>;
  unenrolMfaFactor(factorUid: string): Promise<void>;
}
