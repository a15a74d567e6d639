import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useSubmit } from '../../../ui/useSubmit';
import { failureText, PasswordConflictError } from '../vaultErrors';
import { LIST_MESSAGES } from './listMessages';

function deleteFailure(error: unknown): string {
  return error instanceof PasswordConflictError ? LIST_MESSAGES.deleteChanged : failureText(error, LIST_MESSAGES.deleteFailed);
}

export interface DeleteEntryDialogProps {
  readonly open: boolean;
  /** Deletes the entry; rejects when nothing was deleted (the dialog says why and stays open). */
  readonly onDelete: () => Promise<void>;
  readonly onClose: () => void;
}

/** 'Delete Password': asks, deletes, and closes once the entry is gone. */
export function DeleteEntryDialog({ open, onDelete, onClose }: DeleteEntryDialogProps) {
  const deleting = useSubmit(deleteFailure);

  function close() {
    if (deleting.busy) return;
    deleting.setError(null);
    onClose();
  }

  return (
    <ConfirmDialog
      open={open}
      title="Delete Password"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={deleting.busy}
      error={deleting.error}
      buttonsClassName="pw-dialog__buttons"
      onCancel={close}
      onConfirm={() => {
        void deleting.submit(async () => {
          await onDelete();
          onClose();
        });
      }}
    >
      <p>{LIST_MESSAGES.deleteConfirm}</p>
    </ConfirmDialog>
  );
}
