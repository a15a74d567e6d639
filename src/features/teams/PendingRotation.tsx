import { useState } from 'react';
import { Button } from '../../ui/Button';
import { KnownKeyDamagedError } from './knownKeys';
import { MEMBER_MESSAGES, memberErrorMessage, rotationProgressText } from './memberForm';
import type { RotationProgress } from './rotation';

export interface PendingRotationProps {
  readonly onFinish: (onProgress: (progress: RotationProgress) => void) => Promise<boolean>;
  /** The rotation stopped at a damaged remembered key of this member: confirm their fingerprint again. */
  readonly onReconfirm: (userId: string) => void;
  readonly running: boolean;
}

/** The notice of a team whose key rotation is pending, with the button that finishes it. */
export function PendingRotation({ onFinish, onReconfirm, running }: PendingRotationProps) {
  const [progress, setProgress] = useState<RotationProgress | null>(null);
  const [active, setActive] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [damaged, setDamaged] = useState<KnownKeyDamagedError | null>(null);

  async function finish() {
    setActive(true);
    setFailure(null);
    setDamaged(null);
    setProgress(null);
    try {
      await onFinish(setProgress);
    } catch (error) {
      console.error(MEMBER_MESSAGES.rotationFailed, error);
      setFailure(memberErrorMessage(error, MEMBER_MESSAGES.rotationFailed));
      if (error instanceof KnownKeyDamagedError) setDamaged(error);
    }
    setActive(false);
  }

  return (
    <div className="notice notice--warning members__rotation">
      <p>
        A member left this team. Rotate the team key so that nothing shared from now on opens with the key they held: a new key is made
        and every team password is re-encrypted.
      </p>
      {failure !== null && (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      )}
      {active && (
        <p role="status" className="teams-dialog__progress">
          {rotationProgressText(progress)}
        </p>
      )}
      <Button size="sm" onClick={() => void finish()} disabled={running || active}>
        Rotate team key
      </Button>
      {damaged !== null && (
        <Button size="sm" variant="secondary" onClick={() => { onReconfirm(damaged.userId); }} disabled={running || active}>
          Confirm key of {damaged.who}
        </Button>
      )}
    </div>
  );
}
