import { useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, TextField } from '../../ui/TextField';
import { useSubmit } from '../../ui/useSubmit';
import type { TeamDraft, TeamSummary } from './model';
import {
  TEAM_DESCRIPTION_MAX,
  TEAM_FORM_MESSAGES,
  TEAM_NAME_MAX,
  teamSaveErrorMessage,
  validateTeamDraft,
  type TeamFormErrors,
} from './teamDraft';

export interface TeamFormDialogProps {
  /** null to create a team. */
  readonly team: TeamSummary | null;
  readonly onSubmit: (draft: TeamDraft) => Promise<void>;
  readonly onClose: () => void;
}

/** 'Create New Team' or 'Edit Team': a required name and an optional description (SPEC.md §2, §5). */
export function TeamFormDialog({ team, onSubmit, onClose }: TeamFormDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  // Errors show after the first submit and then follow what is typed.
  const [submitted, setSubmitted] = useState(false);
  const saving = useSubmit((error) => {
    console.error(TEAM_FORM_MESSAGES.saveFailed, error);
    return teamSaveErrorMessage(error);
  });

  const checked = validateTeamDraft({ name, description });
  const errors: TeamFormErrors = submitted && !checked.ok ? checked.errors : {};

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.busy) return;
    setSubmitted(true);
    if (!checked.ok) {
      (checked.errors.name !== undefined ? nameRef : descriptionRef).current?.focus();
      return;
    }
    const { draft } = checked;
    const result = await saving.submit(() => onSubmit(draft));
    if (result.done) onClose();
  }

  function close() {
    if (!saving.busy) onClose();
  }

  return (
    <Dialog open onClose={close} title={team === null ? 'Create New Team' : 'Edit Team'} size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {saving.error !== null && (
          <p role="alert" className="notice notice--error">
            {saving.error}
          </p>
        )}
        <TextField
          label="Name"
          error={errors.name}
          announce={false}
          inputRef={nameRef}
          value={name}
          maxLength={TEAM_NAME_MAX}
          required
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        <Field label="Description (optional)" error={errors.description} announce={false}>
          {(control) => (
            <textarea
              ref={descriptionRef}
              className="input teams-form__description"
              value={description}
              maxLength={TEAM_DESCRIPTION_MAX}
              rows={3}
              onChange={(event) => {
                setDescription(event.target.value);
              }}
              {...control}
            />
          )}
        </Field>
        <div className="teams-dialog__buttons">
          <Button variant="secondary" onClick={close} disabled={saving.busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving.busy}>
            {saving.busy ? 'Saving…' : team === null ? 'Create Team' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
