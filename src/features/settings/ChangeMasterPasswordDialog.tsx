import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { KdfMemoryError } from '../../crypto';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PasswordField } from '../../ui/PasswordField';
import { InvalidCurrentMasterPasswordError, MASTER_PASSWORD_CHANGE_MESSAGES, validateMasterPasswordChange } from './masterPasswordChange';
import type { MasterPasswordApi } from './masterPasswordService';
import './settings.css';

export interface ChangeMasterPasswordDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** createMasterPasswordApi(…) in the app; a fake in tests. */
  readonly api: MasterPasswordApi;
}

type Phase = { readonly kind: 'editing'; readonly error: string | null } | { readonly kind: 'changing' } | { readonly kind: 'done' };

/** 'Change Master Password' (SPEC.md §2 Account Settings, §4, §5). A fresh form each time it opens. */
export function ChangeMasterPasswordDialog({ open, onClose, api }: ChangeMasterPasswordDialogProps) {
  if (!open) return null;
  return <ChangeMasterPasswordForm onClose={onClose} api={api} />;
}

function ChangeMasterPasswordForm({ onClose, api }: Omit<ChangeMasterPasswordDialogProps, 'open'>) {
  const alertId = useId();
  const currentRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'editing', error: null });

  // After the render that re-enables the fields: a disabled input cannot take focus.
  useEffect(() => {
    if (phase.kind === 'editing' && phase.error === MASTER_PASSWORD_CHANGE_MESSAGES.invalidCurrent) currentRef.current?.focus();
  }, [phase]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    const checked = validateMasterPasswordChange({ current, next, confirm });
    if (!checked.ok) {
      setPhase({ kind: 'editing', error: checked.message });
      return;
    }
    busyRef.current = true;
    setPhase({ kind: 'changing' });
    try {
      await api.change(current, next);
    } catch (error) {
      busyRef.current = false;
      if (error instanceof InvalidCurrentMasterPasswordError) {
        setPhase({ kind: 'editing', error: MASTER_PASSWORD_CHANGE_MESSAGES.invalidCurrent });
      } else if (error instanceof KdfMemoryError) {
        // A device without Argon2id's memory: the same clear message as the unlock's, never a weaker key.
        setPhase({ kind: 'editing', error: error.message });
      } else {
        console.error(MASTER_PASSWORD_CHANGE_MESSAGES.failed, error);
        setPhase({ kind: 'editing', error: MASTER_PASSWORD_CHANGE_MESSAGES.failed });
      }
      return;
    }
    busyRef.current = false;
    setCurrent('');
    setNext('');
    setConfirm('');
    setPhase({ kind: 'done' });
  }

  function close() {
    if (!busyRef.current) onClose();
  }

  const changing = phase.kind === 'changing';
  const error = phase.kind === 'editing' ? phase.error : null;

  return (
    <Dialog open onClose={close} title="Change Master Password" size="sm">
      {phase.kind === 'done' ? (
        <>
          <p role="status" className="notice notice--success">
            {MASTER_PASSWORD_CHANGE_MESSAGES.success}
          </p>
          <Button onClick={close}>Done</Button>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={changing}>
          {error !== null && (
            <p id={alertId} role="alert" className="notice notice--error">
              {error}
            </p>
          )}
          <PasswordField
            label="Current master password"
            toggleName="current master password"
            value={current}
            onChange={setCurrent}
            autoComplete="current-password"
            inputRef={currentRef}
            invalid={error === MASTER_PASSWORD_CHANGE_MESSAGES.invalidCurrent || (error !== null && current === '')}
            describedBy={[error === null ? null : alertId]}
            disabled={changing}
            required
          />
          <PasswordField
            label="New master password"
            toggleName="new master password"
            value={next}
            onChange={setNext}
            autoComplete="new-password"
            describedBy={[error === null ? null : alertId]}
            disabled={changing}
            required
          />
          <PasswordField
            label="Confirm new master password"
            toggleName="new master password confirmation"
            value={confirm}
            onChange={setConfirm}
            autoComplete="new-password"
            describedBy={[error === null ? null : alertId]}
            disabled={changing}
            required
          />
          {changing && (
            <p role="status" className="notice">
              {MASTER_PASSWORD_CHANGE_MESSAGES.progress}
            </p>
          )}
          <div className="settings-dialog__buttons">
            <Button variant="secondary" onClick={close} disabled={changing}>
              Cancel
            </Button>
            <Button type="submit" disabled={changing}>
              {changing ? 'Changing…' : 'Change Master Password'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
