import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { Group, GroupDraft } from '../model';
import { failureText, GroupConflictError } from '../vaultErrors';
import { GROUP_MESSAGES, isGroupDraftComplete } from './validateGroupDraft';

export interface GroupFormDialogProps {
  /** null to create a group. */
  readonly group: Group | null;
  readonly onSubmit: (draft: GroupDraft) => Promise<void>;
  readonly onClose: () => void;
  /** The message shown when onSubmit fails ('Failed to add group' / 'Failed to update group'). */
  readonly failureMessage: string;
}

/** Create or edit one group: a required name and an optional description. */
export function GroupFormDialog({ group, onSubmit, onClose, failureMessage }: GroupFormDialogProps) {
  const nameId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  // A rename saved meanwhile (docs/vault.md, "Revisions"): shown beside the user's values.
  const [theirs, setTheirs] = useState<Group | null>(null);
  const complete = isGroupDraftComplete({ name, description });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || saving) return;
    setSaving(true);
    setFailed(null);
    setTheirs(null);
    try {
      await onSubmit({ name, description });
      onClose();
    } catch (error) {
      console.error(failureMessage, error);
      setFailed(failureText(error, failureMessage));
      if (error instanceof GroupConflictError) setTheirs(error.newer);
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title={group === null ? 'New Group' : 'Edit Group'} size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {failed !== null && (
          <p id={errorId} role="alert" className="notice notice--error">
            {failed}
          </p>
        )}
        {theirs !== null && (
          <div className="notice notice--warning">
            <p>
              Saved meanwhile: “{theirs.name}”{theirs.description === null ? ' (no description)' : ` — ${theirs.description}`}.{' '}
              {GROUP_MESSAGES.keepMineHint}
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setName(theirs.name);
                setDescription(theirs.description ?? '');
                setTheirs(null);
                setFailed(null);
              }}
            >
              {GROUP_MESSAGES.takeTheirs}
            </Button>
          </div>
        )}
        <div className="field">
          <label htmlFor={nameId} className="field__label">
            Name
          </label>
          <input
            id={nameId}
            className="input"
            value={name}
            maxLength={100}
            required
            onChange={(event) => {
              setName(event.target.value);
            }}
            aria-describedby={failed !== null ? errorId : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={descriptionId} className="field__label">
            Description (optional)
          </label>
          <input
            id={descriptionId}
            className="input"
            value={description}
            maxLength={500}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
          />
        </div>
        <div className="vault-dialog-actions">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete || saving}>
            {saving ? 'Saving…' : group === null ? 'Create Group' : 'Save Group'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
