import { useEffect, useReducer, useRef } from 'react';
import type { AuthModalRequest } from '@keyloft/contract/authModalRequest';
import { useSession } from '../../session/SessionContext';
import { Dialog } from '../../ui/Dialog';
import { focusableWithin } from '../../ui/focusable';
import { AccountCheck } from './AccountCheck';
import { authModalReducer, authModalTitle, initialAuthModalState, type AuthView } from './authModalMachine';
import { ChooseMethod } from './ChooseMethod';
import type { AuthDeps } from './flows/deps';
import { LoginForm } from './LoginForm';
import { EnterMasterPassword, SetMasterPassword } from './MasterPasswordStep';
import { MfaStep } from './MfaStep';
import { ResetForm } from './ResetForm';
import { SignupForm } from './SignupForm';
import { useAuthFlows } from './useAuthFlows';
import './auth.css';

export interface AuthModalProps {
  /** The navigation state that opened the modal; null when it opens for a locked session. */
  request: AuthModalRequest | null;
  deps: AuthDeps;
  /** null without a site key (the emulators' default): the bot check before sign-up is skipped. */
  hcaptchaSiteKey: string | null;
  /** The user closed the modal (any pending sign-in has been cancelled first). */
  onClose: () => void;
  /** The session is unlocked; `notice` is shown on the dashboard ('Verification email sent!'). */
  onAuthenticated: (notice?: string) => void;
}

/**
 * The auth modal (SPEC.md §2): sign-in choices, email login and signup, reset request, the second
 * factor, and the master-password step of a signed-in user. `deps.session` must be the store of
 * the surrounding SessionProvider.
 */
export default function AuthModal({ request, deps, hcaptchaSiteKey, onClose, onAuthenticated }: AuthModalProps) {
  const session = useSession();
  const [state, dispatch] = useReducer(authModalReducer, null, () => initialAuthModalState(request, session));
  const { view } = state;
  const flows = useAuthFlows({ deps, view, dispatch, onClose, onAuthenticated });

  const screen = screenKey(view);
  const body = useRef<HTMLDivElement>(null);
  const shownScreen = useRef(screen);
  useEffect(() => {
    // The Dialog focuses the first screen; later screens replace the focused element, so focus
    // moves to the new screen's first control instead of falling back to the page.
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    if (body.current) focusableWithin(body.current)[0]?.focus();
  }, [screen]);

  return (
    <Dialog open onClose={flows.requestClose} title={authModalTitle(state)} size="sm">
      <div ref={body} key={screen} className="auth-modal">
        {view.name === 'choose' && (
          <ChooseMethod
            signup={state.signup}
            onEmail={() => {
              dispatch({ type: 'chooseEmail' });
            }}
            onSwitch={() => {
              dispatch({ type: 'switchMode' });
            }}
            onProvider={flows.continueWith}
          />
        )}
        {view.name === 'login' && (
          <LoginForm
            initialEmail={state.email}
            initialError={view.error}
            onSubmit={flows.logIn}
            onForgotPassword={(email) => {
              dispatch({ type: 'forgotPassword', email });
            }}
            onSwitch={(email) => {
              dispatch({ type: 'switchMode', email });
            }}
            onBack={(email) => {
              dispatch({ type: 'backToChoices', email });
            }}
          />
        )}
        {view.name === 'signup' && (
          <SignupForm
            initialEmail={state.email}
            hcaptchaSiteKey={hcaptchaSiteKey}
            onSubmit={flows.createAccount}
            onSwitch={(email) => {
              dispatch({ type: 'switchMode', email });
            }}
            onBack={(email) => {
              dispatch({ type: 'backToChoices', email });
            }}
          />
        )}
        {view.name === 'reset' && (
          <ResetForm
            initialEmail={state.email}
            onSubmit={flows.sendReset}
            onBack={(email) => {
              dispatch({ type: 'backToLogin', email });
            }}
          />
        )}
        {view.name === 'mfa' && (
          <MfaStep
            hints={view.challenge.hints}
            hint={view.hint}
            sms={view.sms}
            onChoose={(factor) => {
              flows.chooseMfaMethod(view.challenge, factor);
            }}
            onResend={() => {
              if (view.hint !== null) flows.resendSms(view.challenge, view.hint);
            }}
            onVerify={(code) => (view.hint === null ? Promise.resolve() : flows.verifyMfa(view.challenge, view.hint, view.origin, code))}
            onBack={() => {
              dispatch({ type: 'mfaBack' });
            }}
            onCancel={flows.requestClose}
          />
        )}
        {view.name === 'checking' && (
          <AccountCheck
            user={view.user}
            error={view.error}
            onRetry={() => {
              dispatch({ type: 'retryCheck' });
            }}
            onCancel={flows.requestClose}
          />
        )}
        {view.name === 'master-password' &&
          (view.hasRecord ? (
            <EnterMasterPassword
              user={view.user}
              onSubmit={(masterPassword) => flows.unlock(view.user, masterPassword)}
              onCancel={flows.requestClose}
            />
          ) : (
            <SetMasterPassword
              user={view.user}
              onSubmit={(masterPassword) => flows.createVault(view.user, masterPassword)}
              onCancel={flows.requestClose}
            />
          ))}
      </div>
    </Dialog>
  );
}

/** Identifies a screen: a new one remounts its form and takes focus. */
function screenKey(view: AuthView): string {
  switch (view.name) {
    case 'mfa':
      return `mfa:${view.hint?.uid ?? 'method'}`;
    case 'checking':
    case 'master-password':
      return `${view.name}:${view.user.uid}`;
    default:
      return view.name;
  }
}
