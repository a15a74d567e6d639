import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useSubmit } from '../../ui/useSubmit';
import { MEMBER_MESSAGES, memberErrorMessage } from './memberForm';

export interface LeaveTeamDialogProps {
  readonly teamName: string;
  readonly run: () => Promise<boolean>;
  readonly onCancel: () => void;
  readonly onLeft: () => void;
}

/** 'Leave Team', for every member but the owner. */
export function LeaveTeamDialog({ teamName, run, onCancel, onLeft }: LeaveTeamDialogProps) {
  const leaving = useSubmit((caught) => {
    console.error(MEMBER_MESSAGES.leaveFailed, caught);
    return memberErrorMessage(caught, MEMBER_MESSAGES.leaveFailed);
  });

  async function confirm() {
    const result = await leaving.submit(run);
    if (result.done && result.value) onLeft();
  }

  return (
    <ConfirmDialog
      title="Leave Team"
      confirmLabel="Leave Team"
      busyLabel="Leaving…"
      busy={leaving.busy}
      error={leaving.error}
      buttonsClassName="teams-dialog__buttons"
      onCancel={onCancel}
      onConfirm={() => {
        void confirm();
      }}
    >
      <p>Leave “{teamName}”? You lose access to its passwords at once; only the owner can add you again.</p>
    </ConfirmDialog>
  );
}
