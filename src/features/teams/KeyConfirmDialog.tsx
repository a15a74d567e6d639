import { useId } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useSubmit } from '../../ui/useSubmit';
import { memberErrorMessage } from './memberForm';
import type { KeyRecipient } from './model';

export interface KeyConfirmDialogProps {
  readonly title: string;
  readonly recipient: KeyRecipient;
  readonly intro: string;
  readonly confirmLabel: string;
  readonly runningLabel: string;
  readonly failure: string;
  /** False when the user does not hold the key: the person joins with 'Needs Key'. */
  readonly willShareKey: boolean;
  readonly onConfirm: () => Promise<boolean>;
  readonly onDone: () => void;
  /** Cancel (or Escape) before confirming; defaults to onDone. */
  readonly onCancel?: () => void;
}

/** Step two of adding or granting: the recipient's key fingerprint, confirmed before anything is wrapped. */
export function KeyConfirmDialog({
  title,
  recipient,
  intro,
  confirmLabel,
  runningLabel,
  failure,
  willShareKey,
  onConfirm,
  onDone,
  onCancel = onDone,
}: KeyConfirmDialogProps) {
  const fingerprintLabelId = useId();
  const confirming = useSubmit((caught) => {
    console.error(failure, caught);
    return memberErrorMessage(caught, failure);
  });
  const who = recipient.email ?? 'this person';

  async function confirm() {
    const result = await confirming.submit(onConfirm);
    if (result.done && result.value) onDone();
  }

  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      busyLabel={runningLabel}
      confirmVariant="primary"
      busy={confirming.busy}
      error={confirming.error}
      buttonsClassName="teams-dialog__buttons"
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      <p>{intro}</p>
      <p id={fingerprintLabelId} className="members__fingerprint-label">
        Security key fingerprint of {who}:
      </p>
      <code className="key-fingerprint" aria-labelledby={fingerprintLabelId}>
        {recipient.fingerprint.shown}
      </code>
      {recipient.damaged && (
        <p className="notice notice--warning">
          The security key you remembered for {who} cannot be read: the saved record is damaged. Compare this fingerprint with them again;
          confirming replaces the damaged record.
        </p>
      )}
      {recipient.seenBefore ? (
        <p className="notice notice--success">This is the key you shared with before.</p>
      ) : recipient.vouched ? (
        <p className="notice notice--success">An owner or admin of this team confirmed this key for {who} before.</p>
      ) : (
        <p className="notice notice--warning">
          You have not shared with {who} before. If you can, compare this fingerprint with them over another channel (they find theirs
          in Account Settings); it is remembered once you confirm, and a different key later is refused.
        </p>
      )}
      {!willShareKey && <p>You do not hold the team key yourself, so they join with ‘Needs Key’ until an owner or admin grants access.</p>}
    </ConfirmDialog>
  );
}
