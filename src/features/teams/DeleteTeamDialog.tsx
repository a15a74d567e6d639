import { useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  const runningRef = useRef(false);
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);

  async function confirm() {
    if (runningRef.current) return;
    runningRef.current = true;
    setRunning(true);
    setFailed(false);
    try {
      await onConfirm(team);
    } catch (error) {
      console.error(DELETE_TEAM_MESSAGES.failed, error);
      runningRef.current = false;
      setRunning(false);
      setFailed(true);
      return;
    }
    onDeleted(team);
  }

  function cancel() {
    if (!runningRef.current) onCancel();
  }

  return (
    <Dialog open onClose={cancel} title={DELETE_TEAM_MESSAGES.title} size="sm" initialFocusRef={cancelRef}>
      <p>{deleteTeamWarning(team.name)}</p>
      {failed && (
        <p role="alert" className="notice notice--error">
          {DELETE_TEAM_MESSAGES.failed}
        </p>
      )}
      {running && (
        <p role="status" className="teams-dialog__progress">
          Deleting the team and its passwords…
        </p>
      )}
      <div className="teams-dialog__buttons">
        <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={running}>
          Cancel
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            void confirm();
          }}
          disabled={running}
        >
          {running ? 'Deleting…' : 'Delete Team'}
        </Button>
      </div>
    </Dialog>
  );
}
