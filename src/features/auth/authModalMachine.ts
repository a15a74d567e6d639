import type { AuthUser, MfaChallenge, MfaHint } from '../../data/auth/authGateway';
import type { AuthModalRequest } from '@keyloft/contract/authModalRequest';
import type { SessionState } from '../../session/sessionState';
import type { FormError } from './formError';

// The auth modal's modes (SPEC.md §2 "Auth modal", §4) as a pure reducer. Side effects (the
// flows, the SMS, the record lookup) live in AuthModal; this only says which screen comes next.

/** Where an MFA challenge came from, and so where Back and a failed finish lead. */
export type MfaOrigin = 'login' | 'choose';
export type MfaFactor = MfaHint['factorId'];
export type SmsStatus = 'idle' | 'sending' | 'sent' | 'failed';

export type AuthView =
  | { readonly name: 'choose' }
  /** `error`: a sign-in that failed after the second factor comes back here with its message. */
  | { readonly name: 'login'; readonly error: FormError | null }
  | { readonly name: 'signup' }
  | { readonly name: 'reset' }
  | {
      readonly name: 'mfa';
      readonly challenge: MfaChallenge;
      readonly origin: MfaOrigin;
      /** The factor being verified; null while the user picks a method among several. */
      readonly hint: MfaHint | null;
      readonly sms: SmsStatus;
    }
  /** A signed-in user whose vault is closed: looking up whether they have a record yet. */
  | { readonly name: 'checking'; readonly user: AuthUser; readonly error: FormError | null }
  /** 'Enter Master Password' (hasRecord) or 'Set Master Password' for a signed-in user. */
  | { readonly name: 'master-password'; readonly user: AuthUser; readonly hasRecord: boolean };

export interface AuthModalState {
  /** Which side of the 'Need an account? Sign Up' switch the user is on. */
  readonly signup: boolean;
  /** The email typed so far, carried between login, signup and reset. */
  readonly email: string;
  readonly view: AuthView;
}

export type AuthModalEvent =
  | { readonly type: 'chooseEmail' }
  | { readonly type: 'switchMode'; readonly email?: string }
  | { readonly type: 'backToChoices'; readonly email?: string }
  | { readonly type: 'forgotPassword'; readonly email: string }
  | { readonly type: 'backToLogin'; readonly email: string }
  /** `email`: what the login form held, so that Back and a failed finish show it again. */
  | { readonly type: 'mfaRequired'; readonly challenge: MfaChallenge; readonly origin: MfaOrigin; readonly email?: string }
  | { readonly type: 'mfaMethodChosen'; readonly factor: MfaFactor }
  | { readonly type: 'mfaBack' }
  | { readonly type: 'smsStatus'; readonly hintUid: string; readonly status: SmsStatus }
  | { readonly type: 'emailSignInFailed'; readonly error: FormError }
  | { readonly type: 'checkRecord'; readonly user: AuthUser }
  /** The session became (or was found) 'locked' while no flow of this modal was running. */
  | { readonly type: 'sessionLocked'; readonly user: AuthUser }
  | { readonly type: 'recordChecked'; readonly uid: string; readonly hasRecord: boolean }
  | { readonly type: 'checkFailed'; readonly uid: string; readonly error: FormError }
  | { readonly type: 'retryCheck' }
  | { readonly type: 'thirdPartySignedIn'; readonly user: AuthUser; readonly hasRecord: boolean };

/**
 * A locked session (a reloaded tab, a pending third-party sign-in) opens straight at the
 * master-password step for its user; otherwise the request's side of the switch and email.
 */
export function initialAuthModalState(request: AuthModalRequest | null, session: SessionState): AuthModalState {
  const base = { signup: request?.signup ?? false, email: request?.email ?? '' };
  if (session.status === 'locked') return { ...base, view: { name: 'checking', user: session.user, error: null } };
  return { ...base, view: { name: 'choose' } };
}

export function authModalReducer(state: AuthModalState, event: AuthModalEvent): AuthModalState {
  const { view } = state;
  switch (event.type) {
    case 'chooseEmail':
      return { ...state, view: emailForm(state.signup) };
    case 'switchMode': {
      const signup = !state.signup;
      const email = event.email ?? state.email;
      if (view.name === 'login' || view.name === 'signup') return { signup, email, view: emailForm(signup) };
      return view.name === 'choose' ? { ...state, signup } : state;
    }
    case 'backToChoices':
      return { ...state, email: event.email ?? state.email, view: { name: 'choose' } };
    case 'forgotPassword':
      return { ...state, email: event.email, view: { name: 'reset' } };
    case 'backToLogin':
      return { ...state, signup: false, email: event.email, view: { name: 'login', error: null } };
    case 'mfaRequired': {
      const only = event.challenge.hints.length === 1 ? event.challenge.hints[0] : undefined;
      return {
        ...state,
        email: event.email ?? state.email,
        view: { name: 'mfa', challenge: event.challenge, origin: event.origin, hint: only ?? null, sms: 'idle' },
      };
    }
    case 'mfaMethodChosen': {
      if (view.name !== 'mfa') return state;
      const hint = firstHintOf(view.challenge.hints, event.factor);
      return hint ? { ...state, view: { ...view, hint, sms: 'idle' } } : state;
    }
    case 'mfaBack':
      if (view.name !== 'mfa') return state;
      if (view.hint !== null && view.challenge.hints.length > 1) return { ...state, view: { ...view, hint: null, sms: 'idle' } };
      return { ...state, view: view.origin === 'login' ? { name: 'login', error: null } : { name: 'choose' } };
    case 'smsStatus':
      if (view.name !== 'mfa' || view.hint?.uid !== event.hintUid) return state;
      return { ...state, view: { ...view, sms: event.status } };
    case 'emailSignInFailed':
      return { ...state, signup: false, view: { name: 'login', error: event.error } };
    case 'checkRecord':
      return { ...state, view: { name: 'checking', user: event.user, error: null } };
    case 'sessionLocked':
      return isSignedOutView(view) ? { ...state, view: { name: 'checking', user: event.user, error: null } } : state;
    case 'recordChecked':
      if (view.name !== 'checking' || view.user.uid !== event.uid) return state;
      return { ...state, view: { name: 'master-password', user: view.user, hasRecord: event.hasRecord } };
    case 'checkFailed':
      if (view.name !== 'checking' || view.user.uid !== event.uid) return state;
      return { ...state, view: { ...view, error: event.error } };
    case 'retryCheck':
      return view.name === 'checking' ? { ...state, view: { ...view, error: null } } : state;
    case 'thirdPartySignedIn':
      return { ...state, view: { name: 'master-password', user: event.user, hasRecord: event.hasRecord } };
  }
}

function emailForm(signup: boolean): AuthView {
  return signup ? { name: 'signup' } : { name: 'login', error: null };
}

export function firstHintOf(hints: readonly MfaHint[], factor: MfaFactor): MfaHint | undefined {
  return hints.find((hint) => hint.factorId === factor);
}

/** The methods offered when there are several hints, each once, SMS first. */
export function mfaMethods(hints: readonly MfaHint[]): MfaFactor[] {
  return (['phone', 'totp'] as const).filter((factor) => firstHintOf(hints, factor) !== undefined);
}

/** A lone phone factor gets its SMS at once (SPEC.md §4 "Multi-factor sign-in"). */
export function hintToTextAtOnce(challenge: MfaChallenge): MfaHint | null {
  const only = challenge.hints.length === 1 ? challenge.hints[0] : undefined;
  return only?.factorId === 'phone' ? only : null;
}

export function authModalTitle(state: AuthModalState): string {
  const { view } = state;
  switch (view.name) {
    case 'choose':
      return state.signup ? 'Sign Up' : 'Sign In';
    case 'login':
    case 'checking':
      return 'Sign In';
    case 'signup':
      return 'Sign Up';
    case 'reset':
      return 'Reset Password';
    case 'mfa':
      return 'Two-Factor Authentication';
    case 'master-password':
      return view.hasRecord ? 'Enter Master Password' : 'Set Master Password';
  }
}

/** Screens where nobody is signed in yet, which a session turning 'locked' should replace. */
export function isSignedOutView(view: AuthView): boolean {
  return view.name === 'choose' || view.name === 'login' || view.name === 'signup' || view.name === 'reset';
}

/** Screens that belong to a signed-in user, whose closing must sign them out again. */
export function isSignedInView(view: AuthView): boolean {
  return view.name === 'checking' || view.name === 'master-password';
}
