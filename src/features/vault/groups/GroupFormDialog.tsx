import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { useSubmit } from '../../../ui/useSubmit';
import type { Group, GroupDraft } from '../model';
import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import { failureText, GroupConflictError } from '../vaultErrors';
import { GROUP_MESSAGES, groupDraftErrors, isGroupDraftComplete, type GroupDraftErrors } from './validateGroupDraft';

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
  const errorId = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const saving = useSubmit((error) => {
    // A conflict is no fault: the form shows the newer group beside the user's values.
    if (!(error instanceof GroupConflictError)) console.error(failureMessage, error);
    return failureText(error, failureMessage);
  });
  const failed = saving.error;
  const [errors, setErrors] = useState<GroupDraftErrors>({});
  // A rename saved meanwhile (docs/vault.md, "Revisions"): shown beside the user's values.
  const [theirs, setTheirs] = useState<Group | null>(null);
  // The values the form's fields started from (the group, then the newer one after a conflict).
  const [opened, setOpened] = useState({ name: group?.name ?? '', description: group?.description ?? '' });
  const complete = isGroupDraftComplete({ name, description });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || saving.busy) return;
    const found = groupDraftErrors({ name, description });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setTheirs(null);
    const result = await saving.submit(async () => {
      try {
        await onSubmit({ name, description });
      } catch (error) {
        if (error instanceof GroupConflictError) takeNewerWhereUnchanged(error.newer);
        throw error;
      }
    });
    if (result.done) onClose();
  }

  /**
   * After a conflict, a field the user left as it was shows the newer value, so saving again keeps
   * the user's change without undoing the other one (issue #17: a rename wiped a description).
   */
  function takeNewerWhereUnchanged(newer: Group) {
    const newerDescription = newer.description ?? '';
    if (name === opened.name) setName(newer.name);
    if (description === opened.description) setDescription(newerDescription);
    setOpened({ name: newer.name, description: newerDescription });
    setTheirs(newer);
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
                setOpened({ name: theirs.name, description: theirs.description ?? '' });
                setTheirs(null);
                saving.setError(null);
              }}
            >
              {GROUP_MESSAGES.takeTheirs}
            </Button>
          </div>
        )}
        <TextField
          label="Name"
          error={errors.name}
          describedBy={failed !== null ? errorId : undefined}
          value={name}
          maxLength={FIELD_LIMITS.groupName}
          required
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <TextField
          label="Description (optional)"
          error={errors.description}
          value={description}
          maxLength={FIELD_LIMITS.groupDescription}
          onChange={(event) => {
            setDescription(event.target.value);
            setErrors((current) => ({ ...current, description: undefined }));
          }}
        />
        <div className="vault-dialog-actions">
          <Button variant="secondary" onClick={onClose} disabled={saving.busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete || saving.busy}>
            {saving.busy ? 'Saving…' : group === null ? 'Create Group' : 'Save Group'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
