import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useSubmit } from '../../ui/useSubmit';
import type { TeamSummary } from './model';
import { DELETE_TEAM_MESSAGES, deleteTeamWarning } from './teamList';

export interface DeleteTeamDialogProps {
  readonly team: TeamSummary;
  readonly onConfirm: (team: TeamSummary) => Promise<void>;
  /** Called after a successful delete. */
  readonly onDeleted: (team: TeamSummary) => void;
  readonly onCancel: () => void;
}

/** The 'Delete Team' confirmation (SPEC.md §2 "Team list"). It cannot be closed while the delete runs. */
export function DeleteTeamDialog({ team, onConfirm, onDeleted, onCancel }: DeleteTeamDialogProps) {
  const deleting = useSubmit((error) => {
    console.error(DELETE_TEAM_MESSAGES.failed, error);
    return DELETE_TEAM_MESSAGES.failed;
  });

  async function confirm() {
    const result = await deleting.submit(() => onConfirm(team));
    if (result.done) onDeleted(team);
  }

  return (
    <ConfirmDialog
      title={DELETE_TEAM_MESSAGES.title}
      confirmLabel="Delete Team"
      busyLabel="Deleting…"
      busy={deleting.busy}
      error={deleting.error}
      status={
        deleting.busy && (
          <p role="status" className="teams-dialog__progress">
            Deleting the team and its passwords…
          </p>
        )
      }
      buttonsClassName="teams-dialog__buttons"
      onCancel={onCancel}
      onConfirm={() => {
        void confirm();
      }}
    >
      <p>{deleteTeamWarning(team.name)}</p>
    </ConfirmDialog>
  );
}
