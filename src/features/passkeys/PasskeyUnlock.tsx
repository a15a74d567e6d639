import { useEffect, useId, useRef, useState } from 'react';
import type { AuthUser } from '../../data/auth/authGateway';
import type { StoredPasskey } from '../../data/passkeys/storedPasskeys';
import { Button } from '../../ui/Button';
import type { PasskeyUnlockApi } from './passkeyService';
import { PasskeyError } from './webauthn';
import './passkeys.css';

export const PASSKEY_UNLOCK_MESSAGES = {
  button: 'Unlock with a passkey',
  busy: 'Waiting for the passkey…',
  failed: 'Could not unlock with the passkey. Please try again, or use your master password.',
} as const;

/**
 * The lock screen's passkey (issue #46): offered only when this browser knows one of the user's
 * passkeys and can use PRF; the master password form above stays the way back, usable whatever
 * happens here. A refusal or failure is said here and leaves that form as it was.
 */
export function PasskeyUnlock({ api, user }: { readonly api: PasskeyUnlockApi; readonly user: AuthUser }) {
  const alertId = useId();
  const [passkeys, setPasskeys] = useState<readonly StoredPasskey[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);

  useEffect(() => {
    let current = true;
    api.offer(user.uid).then(
      (found) => {
        if (current) setPasskeys(found);
      },
      (cause: unknown) => {
        // No offer: the master password is there.
        console.warn('Could not check for passkeys', cause);
      },
    );
    return () => {
      current = false;
    };
  }, [api, user.uid]);

  if (passkeys.length === 0) return null;

  async function unlock() {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      // On success the session is unlocked and this screen goes.
      await api.unlock(user, passkeys);
    } catch (cause) {
      if (!(cause instanceof PasskeyError)) console.error(PASSKEY_UNLOCK_MESSAGES.failed, cause);
      setError(cause instanceof PasskeyError ? cause.message : PASSKEY_UNLOCK_MESSAGES.failed);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="lock-screen__passkey">
      <p className="lock-screen__or" aria-hidden="true">
        or
      </p>
      {error !== null && (
        <p id={alertId} role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <Button
        variant="secondary"
        className="auth-submit"
        disabled={busy}
        aria-describedby={error === null ? undefined : alertId}
        onClick={() => void unlock()}
      >
        {busy ? PASSKEY_UNLOCK_MESSAGES.busy : PASSKEY_UNLOCK_MESSAGES.button}
      </Button>
    </div>
  );
}
