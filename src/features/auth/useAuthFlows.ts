import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import {
  MfaRequiredError,
  type AuthUser,
  type MfaChallenge,
  type MfaHint,
  type ThirdPartyProvider,
} from '../../data/auth/authGateway';
import { useSessionStore } from '../../session/SessionContext';
import {
  firstHintOf,
  hintToTextAtOnce,
  isSignedInView,
  type AuthModalEvent,
  type AuthView,
  type MfaFactor,
  type MfaOrigin,
} from './authModalMachine';
import type { AuthDeps } from './flows/deps';
import {
  finishEmailSignIn,
  hasRecord,
  requestPasswordReset,
  setMasterPassword,
  signInWithEmail,
  signOutQuietly,
  signUp,
  startThirdPartySignIn,
  unlockSignedInUser,
} from './flows/signIn';
import { toFormError } from './formError';
import { AUTH_MESSAGES } from './messages';
import type { SignupValues } from './SignupForm';
import type { LoginInput } from './validation';

/**
 * The auth modal's side of the flows: each action calls the flows of ./flows and tells the reducer
 * which screen comes next. Actions that submit a form return a promise that rejects with what the
 * user should read (the form turns it into its message).
 */
export function useAuthFlows({
  deps,
  view,
  dispatch,
  onClose,
  onAuthenticated,
}: {
  deps: AuthDeps;
  view: AuthView;
  dispatch: Dispatch<AuthModalEvent>;
  onClose: () => void;
  onAuthenticated: (notice?: string) => void;
}) {
  const store = useSessionStore();
  // Sign-ins and unlocks in progress. While one runs the modal does not close (the session would
  // end up unlocked after the user cancelled) and a session turning 'locked' is ours, not news.
  const inFlight = useRef(0);
  // The master password of an email sign-in waiting for its second factor; in memory only.
  const pendingMasterPassword = useRef<string | null>(null);

  // A locked session seen while none of our flows runs: someone signed in elsewhere (another tab),
  // or a flow signed in and then failed before its master-password step (say the record lookup
  // of a third-party sign-in). On a signed-out screen the reducer then asks for the master password.
  const adoptLockedSession = useCallback(() => {
    const now = store.getState();
    if (inFlight.current === 0 && now.status === 'locked') dispatch({ type: 'sessionLocked', user: now.user });
  }, [store, dispatch]);

  const track = useCallback(
    async (work: () => Promise<void>) => {
      inFlight.current += 1;
      try {
        await work();
      } finally {
        inFlight.current -= 1;
        adoptLockedSession();
      }
    },
    [adoptLockedSession],
  );

  useEffect(() => store.subscribe(adoptLockedSession), [store, adoptLockedSession]);

  // Load the auth service as soon as the modal opens: a sign-in popup must open within the
  // click's user activation, which an SDK download started by the click could outlast.
  useEffect(() => {
    deps.loadGateway().catch((error: unknown) => {
      console.error('The authentication service could not be loaded', error);
    });
  }, [deps]);

  // The locked user's record decides between 'Enter' and 'Set Master Password'.
  useEffect(() => {
    if (view.name !== 'checking' || view.error !== null) return;
    const { uid } = view.user;
    let current = true;
    hasRecord(deps, uid).then(
      (found) => {
        if (current) dispatch({ type: 'recordChecked', uid, hasRecord: found });
      },
      (error: unknown) => {
        if (current) dispatch({ type: 'checkFailed', uid, error: toFormError(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [deps, view, dispatch]);

  useEffect(() => {
    if (view.name !== 'mfa') pendingMasterPassword.current = null;
  }, [view]);

  function requestClose() {
    if (inFlight.current > 0) return;
    const signedIn = store.getState().status === 'locked' || isSignedInView(view);
    if (!signedIn) {
      onClose();
      return;
    }
    // A locked session cannot be left half signed in: closing cancels the pending sign-in.
    void track(async () => {
      await signOutQuietly(deps);
      onClose();
    });
  }

  async function sendSms(challenge: MfaChallenge, hint: MfaHint) {
    dispatch({ type: 'smsStatus', hintUid: hint.uid, status: 'sending' });
    try {
      await challenge.sendSmsCode(hint.uid);
      dispatch({ type: 'smsStatus', hintUid: hint.uid, status: 'sent' });
    } catch (error) {
      console.error('Could not send the MFA code', error);
      dispatch({ type: 'smsStatus', hintUid: hint.uid, status: 'failed' });
    }
  }

  function enterMfa(challenge: MfaChallenge, origin: MfaOrigin, email?: string) {
    dispatch({ type: 'mfaRequired', challenge, origin, email });
    const hint = hintToTextAtOnce(challenge);
    if (hint !== null) void sendSms(challenge, hint);
  }

  return {
    requestClose,

    chooseMfaMethod: (challenge: MfaChallenge, factor: MfaFactor) => {
      dispatch({ type: 'mfaMethodChosen', factor });
      const hint = firstHintOf(challenge.hints, factor);
      if (factor === 'phone' && hint !== undefined) void sendSms(challenge, hint);
    },

    resendSms: (challenge: MfaChallenge, hint: MfaHint) => {
      void sendSms(challenge, hint);
    },

    logIn: (input: LoginInput) =>
      track(async () => {
        let user: AuthUser;
        try {
          user = await signInWithEmail(deps, input.email, input.accountPassword);
        } catch (error) {
          if (!(error instanceof MfaRequiredError)) throw error;
          pendingMasterPassword.current = input.masterPassword;
          enterMfa(error.challenge, 'login', input.email);
          return;
        }
        await finishEmailSignIn(deps, user, input.masterPassword);
        onAuthenticated();
      }),

    createAccount: (values: SignupValues) =>
      track(async () => {
        const { verificationSent } = await signUp(deps, values);
        onAuthenticated(verificationSent ? AUTH_MESSAGES.verificationSent : undefined);
      }),

    continueWith: (provider: ThirdPartyProvider) =>
      track(async () => {
        let result;
        try {
          result = await startThirdPartySignIn(deps, provider);
        } catch (error) {
          if (!(error instanceof MfaRequiredError)) throw error;
          enterMfa(error.challenge, 'choose');
          return;
        }
        // null: the popup was closed, which is ignored silently (SPEC.md §4).
        if (result !== null) dispatch({ type: 'thirdPartySignedIn', user: result.user, hasRecord: result.hasRecord });
      }),

    verifyMfa: (challenge: MfaChallenge, hint: MfaHint, origin: MfaOrigin, code: string) =>
      track(async () => {
        const user = await challenge.verify(hint.uid, code);
        if (origin === 'choose') {
          dispatch({ type: 'checkRecord', user });
          return;
        }
        const masterPassword = pendingMasterPassword.current ?? '';
        pendingMasterPassword.current = null;
        try {
          await finishEmailSignIn(deps, user, masterPassword);
        } catch (error) {
          // The user is signed out again; the login form shows why.
          dispatch({ type: 'emailSignInFailed', error: toFormError(error) });
          return;
        }
        onAuthenticated();
      }),

    sendReset: (email: string) => requestPasswordReset(deps, email),

    unlock: (user: AuthUser, masterPassword: string) =>
      track(async () => {
        await unlockSignedInUser(deps, user, masterPassword);
        onAuthenticated();
      }),

    createVault: (user: AuthUser, masterPassword: string) =>
      track(async () => {
        await setMasterPassword(deps, user, masterPassword);
        onAuthenticated();
      }),
  };
}
