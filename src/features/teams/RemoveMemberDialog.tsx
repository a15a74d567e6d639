import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useSubmit } from '../../ui/useSubmit';
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
  const [progress, setProgress] = useState<RotationProgress | null>(null);
  const [removedOnly, setRemovedOnly] = useState(false);
  const name = memberName(member);
  const removing = useSubmit((caught) => {
    if (caught instanceof RotationIncompleteError) {
      console.error(MEMBER_MESSAGES.rotationFailed, caught);
      return (
        `${name} was removed, but the team key rotation did not finish: ${asSentence(memberErrorMessage(caught.cause, MEMBER_MESSAGES.rotationFailed))} ` +
        'Finish it from this dialog.'
      );
    }
    console.error(MEMBER_MESSAGES.removeFailed, caught);
    return memberErrorMessage(caught, MEMBER_MESSAGES.removeFailed);
  });

  async function confirm() {
    const result = await removing.submit(async () => {
      try {
        return await run(setProgress);
      } catch (caught) {
        if (caught instanceof RotationIncompleteError) setRemovedOnly(true);
        throw caught;
      }
    });
    setProgress(null);
    if (result.done && result.value) onDone(true);
  }

  return (
    <ConfirmDialog
      title="Remove Member"
      confirmLabel="Remove Member"
      busyLabel="Removing…"
      // Once the member is gone only the rotation is left, which this dialog cannot confirm again.
      canConfirm={!removedOnly}
      cancelLabel={removedOnly ? 'OK' : 'Cancel'}
      busy={removing.busy}
      error={removing.error}
      status={
        removing.busy && (
          <p role="status" className="teams-dialog__progress">
            {progress === null ? `Removing ${name}…` : rotationProgressText(progress)}
          </p>
        )
      }
      buttonsClassName="teams-dialog__buttons"
      onCancel={() => {
        onDone(removedOnly);
      }}
      onConfirm={() => {
        void confirm();
      }}
    >
      <p>
        Remove {name} from “{teamName}”? The team key will be rotated: a new key is made and every team password is re-encrypted, so the
        key {name} held opens nothing shared from now on.
      </p>
    </ConfirmDialog>
  );
}
