import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { AuthUser } from '../../data/auth/authGateway';
import { PRODUCT_NAME } from '../../ui/brand';
import { Button } from '../../ui/Button';
import { focusableWithin } from '../../ui/focusable';
import { MAIN_CONTENT_ID } from '../../ui/SkipLink';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import type { AuthDeps } from './flows/deps';
import { hasRecord, setMasterPassword, unlockSignedInUser } from './flows/signIn';
import { SetMasterPassword } from './MasterPasswordStep';
import { UnlockForm } from './UnlockForm';
import './auth.css';
import './lockScreen.css';

export const LOCK_SCREEN_HEADING = 'Your vault is locked';

export interface LockScreenProps {
  /** The signed-in user whose vault is closed (a reloaded tab, an auto-lock). */
  readonly user: AuthUser;
  readonly deps: AuthDeps;
  /** The app's mark beside the product name (the app layer owns it). */
  readonly logo?: ReactNode;
  /** Signs out, with whatever else the app does at a logout; the session then leaves this screen. */
  readonly onLogOut: () => Promise<void>;
  /** Unlock with a passkey, under the master password's form (the app layer fills it; none in tests that leave it out). */
  readonly passkeyUnlock?: ReactNode;
}

/**
 * The screen of a locked vault (issue #43 item 1), in place of whatever app route was asked for:
 * whose account it is, the master password and Unlock, and Log out for someone else. Unlocking
 * changes the session, not the address, so the route asked for shows next. A user who signed in
 * with a provider and never set a master password (the tab closed before) sets one here instead.
 */
export default function LockScreen({ user, deps, logo, onLogOut, passkeyUnlock }: LockScreenProps) {
  const headingId = useId();
  const setting = useHasRecord(deps, user.uid) === false;
  const heading = setting ? 'Set Master Password' : LOCK_SCREEN_HEADING;
  useDocumentTitle(setting ? 'Set Master Password' : 'Vault locked');
  const [loggingOut, setLoggingOut] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  // The unlock form focuses its field itself; the set form replacing it is focused here.
  useEffect(() => {
    if (setting && body.current) focusableWithin(body.current)[0]?.focus();
  }, [setting]);

  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="lock-screen" aria-labelledby={headingId}>
      <div className="lock-screen__card">
        <p className="lock-screen__brand">
          {logo}
          <span>{PRODUCT_NAME}</span>
        </p>
        <h1 id={headingId} className="lock-screen__heading">
          {heading}
        </h1>
        <div ref={body}>
          {setting ? (
            <SetMasterPassword user={user} onSubmit={(masterPassword) => setMasterPassword(deps, user, masterPassword)} />
          ) : (
            <>
              {user.email !== null && (
                <p className="lock-screen__account">
                  Signed in as <strong className="auth-email">{user.email}</strong>
                </p>
              )}
              <UnlockForm labelledBy={headingId} onUnlock={(masterPassword) => unlockSignedInUser(deps, user, masterPassword)} />
              {passkeyUnlock}
            </>
          )}
        </div>
        <div className="lock-screen__switch">
          <span>{user.email === null ? 'Not you?' : `Not ${user.email}?`}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={loggingOut}
            onClick={() => {
              setLoggingOut(true);
              // A logout ends on the signed-out screen (its failures are only logged, SPEC.md §8).
              void onLogOut().finally(() => {
                setLoggingOut(false);
              });
            }}
          >
            {loggingOut ? 'Logging out…' : 'Log out'}
          </Button>
        </div>
      </div>
    </main>
  );
}

/**
 * Whether the user has a vault yet: null until known. The unlock form shows meanwhile (nearly every
 * locked user has one); a failed check leaves it there, and the unlock then says what went wrong.
 */
function useHasRecord(deps: AuthDeps, uid: string): boolean | null {
  const [found, setFound] = useState<{ uid: string; value: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    hasRecord(deps, uid).then(
      (value) => {
        if (current) setFound({ uid, value });
      },
      (error: unknown) => {
        console.warn('Could not check whether the account has a vault', error);
      },
    );
    return () => {
      current = false;
    };
  }, [deps, uid]);
  return found?.uid === uid ? found.value : null;
}
