import { useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  readonly title: string;
  /** The question, and whatever the user should read before confirming. */
  readonly children: ReactNode;
  readonly confirmLabel: string;
  /** 'Cancel' unless the dialog has become a report (e.g. 'OK' once the action half happened). */
  readonly cancelLabel?: string;
  /** False hides the confirm button: nothing is left to confirm, only to dismiss. */
  readonly canConfirm?: boolean;
  /** The confirm button's text while the action runs, e.g. 'Deleting…'. */
  readonly busyLabel: string;
  readonly confirmVariant?: ButtonVariant;
  readonly busy: boolean;
  /** Shown as an alert under the question; the dialog stays open so the user can retry or cancel. */
  readonly error: string | null;
  /** Shown under the error, e.g. progress while the action runs. */
  readonly status?: ReactNode;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** The class of the buttons' row, which differs by feature. */
  readonly buttonsClassName: string;
  readonly open?: boolean;
}

/**
 * A small dialog that asks before an action. Focus starts on Cancel, so Enter does nothing
 * irreversible; while the action runs neither button nor Escape does anything.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  canConfirm = true,
  busyLabel,
  confirmVariant = 'danger',
  busy,
  error,
  status,
  onConfirm,
  onCancel,
  buttonsClassName,
  open = true,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      size="sm"
      title={title}
      initialFocusRef={cancelRef}
      onClose={() => {
        if (!busy) onCancel();
      }}
    >
      {children}
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {status}
      <div className={buttonsClassName}>
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        {canConfirm && (
          <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
