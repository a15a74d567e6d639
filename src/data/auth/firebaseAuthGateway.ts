// The AuthGateway on the Firebase Auth SDK. Loaded lazily (it pulls the SDK), only once a screen
// needs authentication.
import { FirebaseError } from 'firebase/app';
import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  getMultiFactorResolver,
  GithubAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  onAuthStateChanged,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  reauthenticateWithCredential,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  TotpMultiFactorGenerator,
  updatePassword,
  verifyPasswordResetCode,
  type Auth,
  type AuthProvider,
  type MultiFactorError,
  type MultiFactorResolver,
  type User,
} from 'firebase/auth';
import {
  AuthServiceError,
  MfaRequiredError,
  type AuthGateway,
  type AuthProviderName,
  type AuthUser,
  type MfaChallenge,
  type MfaHint,
  type ThirdPartyProvider,
} from './authGateway';
import { translated, recaptchaContainer } from './firebaseAuthSupport';
import { firebaseMfaEnrolment } from './firebaseMfaEnrolment';

const PROVIDER_NAMES: Readonly<Record<string, AuthProviderName>> = {
  password: 'password',
  'google.com': 'google',
  'microsoft.com': 'microsoft',
  'github.com': 'github',
};

function toAuthUser(user: User): AuthUser {
  const providerId = user.providerData[0]?.providerId ?? 'unknown';
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    provider: PROVIDER_NAMES[providerId] ?? 'unknown',
  };
}

function thirdPartyProvider(name: ThirdPartyProvider): AuthProvider {
  switch (name) {
    case 'google':
      return new GoogleAuthProvider();
    case 'microsoft':
      return new OAuthProvider('microsoft.com');
    case 'github': {
      const provider = new GithubAuthProvider();
      provider.setCustomParameters({ allow_signup: 'true' });
      return provider;
    }
  }
}

function mfaChallenge(auth: Auth, resolver: MultiFactorResolver): MfaChallenge {
  const verificationIds = new Map<string, string>();
  const hints: MfaHint[] = resolver.hints.map((hint) => ({
    uid: hint.uid,
    factorId: hint.factorId === 'totp' ? 'totp' : 'phone',
    displayName: hint.displayName ?? null,
    phoneNumber: 'phoneNumber' in hint && typeof hint.phoneNumber === 'string' ? hint.phoneNumber : null,
  }));
  const findHint = (hintUid: string) => {
    const hint = resolver.hints.find((candidate) => candidate.uid === hintUid);
    if (!hint) throw new AuthServiceError('auth/unsupported-mfa-method', 'Unsupported MFA method.');
    return hint;
  };

  return {
    hints,
    sendSmsCode: (hintUid) =>
      translated(async () => {
        const hint = findHint(hintUid);
        const verifier = new RecaptchaVerifier(auth, recaptchaContainer(), { size: 'invisible' });
        try {
          const id = await new PhoneAuthProvider(auth).verifyPhoneNumber(
            { multiFactorHint: hint, session: resolver.session },
            verifier,
          );
          verificationIds.set(hintUid, id);
        } finally {
          verifier.clear();
        }
      }),
    verify: (hintUid, code) =>
      translated(async () => {
        const hint = findHint(hintUid);
        let assertion;
        if (hint.factorId === 'totp') {
          assertion = TotpMultiFactorGenerator.assertionForSignIn(hint.uid, code);
        } else {
          const verificationId = verificationIds.get(hintUid);
          if (verificationId === undefined) {
            throw new AuthServiceError('auth/missing-verification-id', 'Verification ID not found. Please try again.');
          }
          assertion = PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code));
        }
        const credential = await resolver.resolveSignIn(assertion);
        return toAuthUser(credential.user);
      }),
  };
}

export function createFirebaseAuthGateway(auth: Auth, options: { emulator: boolean }): AuthGateway {
  if (options.emulator) {
    // The Auth emulator sends no real SMS and has no reCAPTCHA to solve.
    auth.settings.appVerificationDisabledForTesting = true;
  }

  const signInOrChallenge = async (work: () => Promise<User>): Promise<AuthUser> => {
    try {
      return toAuthUser(await work());
    } catch (error) {
      if (error instanceof FirebaseError && error.code === 'auth/multi-factor-auth-required') {
        throw new MfaRequiredError(mfaChallenge(auth, getMultiFactorResolver(auth, error as MultiFactorError)));
      }
      throw error;
    }
  };

  const requireUser = (): User => {
    const user = auth.currentUser;
    if (!user) throw new AuthServiceError('auth/no-current-user', 'User not authenticated');
    return user;
  };

  return {
    currentUser: () => (auth.currentUser ? toAuthUser(auth.currentUser) : null),
    onUserChanged: (listener) =>
      onAuthStateChanged(auth, (user) => {
        listener(user ? toAuthUser(user) : null);
      }),
    signInWithEmail: (email, password) =>
      translated(() => signInOrChallenge(async () => (await signInWithEmailAndPassword(auth, email, password)).user)),
    createAccount: (email, password) =>
      translated(async () => toAuthUser((await createUserWithEmailAndPassword(auth, email, password)).user)),
    signInWithProvider: (provider) =>
      translated(() => signInOrChallenge(async () => (await signInWithPopup(auth, thirdPartyProvider(provider))).user)),
    signOut: () => translated(() => signOut(auth)),
    deleteCurrentUser: () => translated(() => deleteUser(requireUser())),
    sendPasswordResetEmail: (email) => translated(() => sendPasswordResetEmail(auth, email)),
    sendVerificationEmail: () => translated(() => sendEmailVerification(requireUser())),
    applyEmailVerificationCode: (oobCode) =>
      translated(async () => {
        await applyActionCode(auth, oobCode);
        // A signed-in tab should see the verified flag at once, not after its next token refresh.
        if (auth.currentUser) await reload(auth.currentUser);
      }),
    refreshIdToken: () =>
      translated(async () => {
        const user = auth.currentUser;
        if (user === null) return;
        await reload(user);
        await user.getIdToken(true);
      }),
    reloadUser: () =>
      translated(async () => {
        const user = auth.currentUser;
        if (user === null) return null;
        await reload(user);
        return toAuthUser(auth.currentUser ?? user);
      }),
    changeAccountPassword: (currentPassword, newPassword) =>
      translated(async () => {
        const user = requireUser();
        if (user.email === null) throw new AuthServiceError('auth/operation-not-allowed', 'This account has no email address.');
        // Always asked, even when the sign-in is recent: whoever sits at an open session must still
        // know the current password. Re-authenticating also renews the "recent login" Firebase wants.
        try {
          await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
        } catch (error) {
          if (!(error instanceof FirebaseError && error.code === 'auth/multi-factor-auth-required')) throw error;
          // A two-factor account re-authenticates with its second factor too; the challenge's
          // verify finishes that and then sets the new password.
          const challenge = mfaChallenge(auth, getMultiFactorResolver(auth, error as MultiFactorError));
          throw new MfaRequiredError({
            ...challenge,
            verify: async (hintUid, code) => {
              const reauthenticated = await challenge.verify(hintUid, code);
              await translated(() => updatePassword(requireUser(), newPassword));
              return reauthenticated;
            },
          });
        }
        await updatePassword(user, newPassword);
      }),
    verifyPasswordResetCode: (oobCode) => translated(() => verifyPasswordResetCode(auth, oobCode)),
    confirmPasswordReset: (oobCode, newPassword) => translated(() => confirmPasswordReset(auth, oobCode, newPassword)),
    ...firebaseMfaEnrolment(auth),
  };
}
