import { useId, type ReactNode } from 'react';
import type { AuthUser } from '../../data/auth/authGateway';
import { IDLE_MINUTE_CHOICES, type AutoLockSettings } from '../../session/autoLock';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import './settings.css';

const PROVIDER_LABELS: Readonly<Record<AuthUser['provider'], string>> = {
  password: 'Email and password',
  google: 'Google',
  microsoft: 'Microsoft',
  github: 'GitHub',
  unknown: 'Unknown',
};

/** The account actions the app can offer; an action left out has no button. */
export interface AccountActions {
  readonly changeEmail?: () => void;
  readonly changeAccountPassword?: () => void;
  readonly changeMasterPassword?: () => void;
  /** A ready-made control (it shows its own progress and result). */
  readonly sendEmailVerification?: ReactNode;
  readonly deleteAccount?: () => void;
  /** Unlock with a passkey (add, list, remove), beside the master password. */
  readonly passkeys?: ReactNode;
  /** The two-factor section (factors, remove, add), for email-and-password accounts. */
  readonly twoFactor?: ReactNode;
  /** The user's own key fingerprint, for teammates to compare. */
  readonly keyFingerprint?: ReactNode;
  /** Whether this browser keeps the sealed copy of the vault (a section of its own). */
  readonly deviceCopy?: ReactNode;
}

export interface AccountSettingsDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly user: AuthUser;
  /** The plan's name ('Unlimited', 'Free'); null while unknown. */
  readonly planName: string | null;
  readonly autoLock: AutoLockSettings;
  readonly onAutoLockChange: (settings: AutoLockSettings) => void;
  readonly actions?: AccountActions;
}

function idleLabel(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * 'Account Settings' (SPEC.md §2): account information, auto-lock, this device's copy of the vault,
 * and the account actions.
 * Accounts of a third-party provider manage their password (and second factor) there: they see
 * 'Managed by OAuth Provider' in place of those controls.
 */
export function AccountSettingsDialog({ open, onClose, user, planName, autoLock, onAutoLockChange, actions = {} }: AccountSettingsDialogProps) {
  const idleId = useId();
  const hiddenId = useId();
  const securityId = useId();
  const thirdParty = user.provider !== 'password';
  return (
    <Dialog open={open} onClose={onClose} title="Account Settings" size="md">
      <dl className="account-info">
        <dt>Email</dt>
        <dd className="account-info__email">{user.email ?? '—'}</dd>
        <dt>Sign-in method</dt>
        <dd>{PROVIDER_LABELS[user.provider]}</dd>
        <dt>Email verified</dt>
        <dd>{user.emailVerified ? 'Yes' : 'Not yet'}</dd>
        {planName !== null && (
          <>
            <dt>Plan</dt>
            <dd>{planName}</dd>
          </>
        )}
      </dl>

      <section className="settings-section" aria-labelledby={securityId}>
        <h3 id={securityId} className="settings-section__heading">
          Security
        </h3>
        {thirdParty && <p className="settings-section__note">Managed by OAuth Provider</p>}
        <div className="settings-section__actions">
          {actions.changeEmail && (
            <Button variant="secondary" size="sm" onClick={actions.changeEmail}>
              Change Email
            </Button>
          )}
          {!thirdParty && actions.changeAccountPassword && (
            <Button variant="secondary" size="sm" onClick={actions.changeAccountPassword}>
              Change Account Password
            </Button>
          )}
          {actions.changeMasterPassword && (
            <Button variant="secondary" size="sm" onClick={actions.changeMasterPassword}>
              Change Master Password
            </Button>
          )}
          {!user.emailVerified && actions.sendEmailVerification}
        </div>
      </section>

      {actions.passkeys}

      {!thirdParty && actions.twoFactor}

      {actions.keyFingerprint}

      <section className="settings-section" aria-label="Auto-lock">
        <h3 className="settings-section__heading">Auto-lock</h3>
        <div className="field">
          <label htmlFor={idleId} className="field__label">
            Lock the vault after inactivity
          </label>
          <select
            id={idleId}
            className="input"
            value={autoLock.idleMinutes}
            onChange={(event) => {
              onAutoLockChange({ ...autoLock, idleMinutes: Number(event.target.value) });
            }}
          >
            {IDLE_MINUTE_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {idleLabel(minutes)}
              </option>
            ))}
          </select>
        </div>
        <div className="settings-section__check">
          <input
            id={hiddenId}
            type="checkbox"
            checked={autoLock.lockWhenHidden}
            onChange={(event) => {
              onAutoLockChange({ ...autoLock, lockWhenHidden: event.target.checked });
            }}
          />
          <label htmlFor={hiddenId}>Lock when this tab is hidden</label>
        </div>
        <p className="settings-section__note">Locking keeps you signed in; your master password opens the vault again.</p>
      </section>

      {actions.deviceCopy}

      {actions.deleteAccount && (
        <section className="settings-section settings-section--danger" aria-label="Delete account">
          <Button variant="danger" size="sm" onClick={actions.deleteAccount}>
            Delete Account
          </Button>
        </section>
      )}
    </Dialog>
  );
}
