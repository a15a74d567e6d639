import { useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { MEMBER_MESSAGES, memberErrorMessage } from './memberForm';

export interface LeaveTeamDialogProps {
  readonly teamName: string;
  readonly run: () => Promise<boolean>;
  readonly onCancel: () => void;
  readonly onLeft: () => void;
}

/** 'Leave Team', for every member but the owner. */
export function LeaveTeamDialog({ teamName, run, onCancel, onLeft }: LeaveTeamDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setRunning(true);
    setError(null);
    let ok = false;
    try {
      ok = await run();
    } catch (caught) {
      console.error(MEMBER_MESSAGES.leaveFailed, caught);
      setError(memberErrorMessage(caught, MEMBER_MESSAGES.leaveFailed));
    }
    setRunning(false);
    if (ok) onLeft();
  }

  return (
    <Dialog
      open
      size="sm"
      title="Leave Team"
      initialFocusRef={cancelRef}
      onClose={() => {
        if (!running) onCancel();
      }}
    >
      <p>Leave “{teamName}”? You lose access to its passwords at once; only the owner can add you again.</p>
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <div className="teams-dialog__buttons">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={running}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={running}>
          {running ? 'Leaving…' : 'Leave Team'}
        </Button>
      </div>
    </Dialog>
  );
}
