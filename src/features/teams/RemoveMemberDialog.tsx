import { useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { RotationIncompleteError } from './membersApi';
import { MEMBER_MESSAGES, asSentence, memberErrorMessage, memberName, rotationProgressText } from './memberForm';
import type { TeamMember } from './model';
import type { RotationProgress } from './rotation';

export interface RemoveMemberDialogProps {
  readonly member: TeamMember;
  readonly teamName: string;
  readonly run: (onProgress: (progress: RotationProgress) => void) => Promise<boolean>;
  /** removed: the member is gone (even when the rotation after it still has to be finished). */
  readonly onDone: (removed: boolean) => void;
}

/** 'Remove Member': removes the member and rotates the team key, telling a removal whose rotation did not finish apart. */
export function RemoveMemberDialog({ member, teamName, run, onDone }: RemoveMemberDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<RotationProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removedOnly, setRemovedOnly] = useState(false);
  const name = memberName(member);

  async function confirm() {
    setRunning(true);
    setError(null);
    let ok = false;
    try {
      ok = await run(setProgress);
    } catch (caught) {
      if (caught instanceof RotationIncompleteError) {
        console.error(MEMBER_MESSAGES.rotationFailed, caught);
        setRemovedOnly(true);
        setError(
          `${name} was removed, but the team key rotation did not finish: ${asSentence(memberErrorMessage(caught.cause, MEMBER_MESSAGES.rotationFailed))} ` +
            'Finish it from this dialog.',
        );
      } else {
        console.error(MEMBER_MESSAGES.removeFailed, caught);
        setError(memberErrorMessage(caught, MEMBER_MESSAGES.removeFailed));
      }
    }
    setRunning(false);
    setProgress(null);
    if (ok) onDone(true);
  }

  return (
    <Dialog
      open
      size="sm"
      title="Remove Member"
      initialFocusRef={cancelRef}
      onClose={() => {
        if (!running) onDone(removedOnly);
      }}
    >
      <p>
        Remove {name} from “{teamName}”? The team key will be rotated: a new key is made and every team password is re-encrypted, so the
        key {name} held opens nothing shared from now on.
      </p>
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {running && (
        <p role="status" className="teams-dialog__progress">
          {progress === null ? `Removing ${name}…` : rotationProgressText(progress)}
        </p>
      )}
      <div className="teams-dialog__buttons">
        <Button
          ref={cancelRef}
          variant="secondary"
          onClick={() => {
            onDone(removedOnly);
          }}
          disabled={running}
        >
          {removedOnly ? 'OK' : 'Cancel'}
        </Button>
        {!removedOnly && (
          <Button variant="danger" onClick={() => void confirm()} disabled={running}>
            {running ? 'Removing…' : 'Remove Member'}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
