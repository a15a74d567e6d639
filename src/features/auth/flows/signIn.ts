import { AuthServiceError, type AuthUser, type ThirdPartyProvider } from '../../../data/auth/authGateway';
import { authErrorCode, authErrorMessage, UNEXPECTED_ERROR } from '../authErrorMessages';
import { AUTH_MESSAGES } from '../messages';
import { providerSignInMessage } from '../providerErrors';
import type { AuthDeps } from './deps';
import { FlowError, MESSAGES } from './errors';
import { settleBeforeSignOut } from '../../../session/workBeforeSignOut';
import { createVault, openVault, requireRecord } from './vault';

// The sign-in journeys of SPEC.md §4 as plain async functions over injected services. Each one
// either leaves the session unlocked or changes nothing the user would have to undo.

/** Email sign-up: account, keys and user record, then the verification email. */
export async function signUp(
  deps: AuthDeps,
  input: { email: string; accountPassword: string; masterPassword: string },
): Promise<{ verificationSent: boolean }> {
  const gateway = await deps.loadGateway();
  const user = await gateway.createAccount(input.email.trim(), input.accountPassword);
  try {
    await createVault(deps, user, input.masterPassword);
  } catch (error) {
    // An account without its record could never sign in; remove it so the address can sign up again.
    await gateway.deleteCurrentUser().catch((cleanupError: unknown) => {
      console.error('Could not remove the half-created account', cleanupError);
    });
    deps.session.clear();
    throw error;
  }
  return { verificationSent: await sendVerification(deps) };
}

async function sendVerification(deps: AuthDeps): Promise<boolean> {
  try {
    await deps.sendCustomEmailVerification(deps.isDevelopment);
    return true;
  } catch (customError) {
    console.warn('Custom verification email failed; falling back to the default one', customError);
  }
  try {
    await (await deps.loadGateway()).sendVerificationEmail();
    return true;
  } catch (fallbackError) {
    console.error('Could not send a verification email', fallbackError);
    return false;
  }
}

/** Email sign-in up to the second factor; MfaRequiredError escapes to the caller. */
export async function signInWithEmail(deps: AuthDeps, email: string, accountPassword: string): Promise<AuthUser> {
  return (await deps.loadGateway()).signInWithEmail(email.trim(), accountPassword);
}

/**
 * The master-password check after an email sign-in (SPEC.md §4 "Email and password login"):
 * a wrong master password, or no record, signs the user out again.
 */
export async function finishEmailSignIn(deps: AuthDeps, user: AuthUser, masterPassword: string): Promise<void> {
  try {
    await openVault(deps, user, await requireRecord(deps, user.uid), masterPassword);
  } catch (error) {
    await signOutQuietly(deps);
    throw error;
  }
}

/** Popup sign-in. null when the user closed the popup (ignored silently, SPEC.md §4). */
export async function startThirdPartySignIn(
  deps: AuthDeps,
  provider: ThirdPartyProvider,
): Promise<{ user: AuthUser; hasRecord: boolean } | null> {
  try {
    const user = await (await deps.loadGateway()).signInWithProvider(provider);
    return { user, hasRecord: await hasRecord(deps, user.uid) };
  } catch (error) {
    if (error instanceof AuthServiceError && POPUP_DISMISSED.has(error.code)) return null;
    const unreachable = providerSignInMessage(error, provider);
    if (unreachable !== null) throw new FlowError(unreachable, { cause: error });
    throw error;
  }
}

const POPUP_DISMISSED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

export async function hasRecord(deps: AuthDeps, uid: string): Promise<boolean> {
  return (await (await deps.loadUsers()).get(uid)) !== null;
}

/** 'Enter Master Password' for a signed-in user with a record; stays signed in on a wrong one. */
export async function unlockSignedInUser(deps: AuthDeps, user: AuthUser, masterPassword: string): Promise<void> {
  await explainedForThirdParty(user, async () => {
    await openVault(deps, user, await requireRecord(deps, user.uid), masterPassword);
  });
}

/** 'Set Master Password' for a signed-in user without a record (new third-party account). */
export async function setMasterPassword(deps: AuthDeps, user: AuthUser, masterPassword: string): Promise<void> {
  await explainedForThirdParty(user, async () => {
    if (await hasRecord(deps, user.uid)) throw new FlowError('This account already has a master password.');
    await createVault(deps, user, masterPassword);
  });
}

/** An unexpected failure after a third-party sign-in reads as SPEC.md §8 words it. */
async function explainedForThirdParty(user: AuthUser, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (user.provider === 'password' || error instanceof FlowError || error instanceof AuthServiceError) throw error;
    console.error('Third-party sign-in could not be completed', error);
    throw new FlowError(MESSAGES.oauthIncomplete, { cause: error });
  }
}

/** Cancel of a pending sign-in, and logout: keys and stored key go first, then the auth session. */
export async function signOutQuietly(deps: AuthDeps): Promise<void> {
  deps.session.clear();
  // What the page was writing for this user reaches the server under their token first.
  await settleBeforeSignOut();
  try {
    await (await deps.loadGateway()).signOut();
  } catch (error) {
    // SPEC.md §8: logout errors are only logged. The keys are already gone.
    console.error('Sign-out failed', error);
  }
}

/**
 * Sends the reset email. An unknown address looks the same as a known one, so the form cannot be
 * used to find out who has an account. A failure with a §8 wording of its own (network, invalid
 * email, too many requests) keeps it; any other reads 'Failed to send password reset email'.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  try {
    await (await deps.loadGateway()).sendPasswordResetEmail(email.trim());
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return;
    if (error instanceof AuthServiceError && authErrorMessage(error) !== UNEXPECTED_ERROR) throw error;
    console.error('Could not send the password reset email', error);
    throw new FlowError(AUTH_MESSAGES.resetSendFailed, { cause: error });
  }
}
