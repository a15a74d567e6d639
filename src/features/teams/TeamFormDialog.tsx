import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
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
  const nameId = useId();
  const nameErrorId = useId();
  const descriptionId = useId();
  const descriptionErrorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const savingRef = useRef(false);
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  // Errors show after the first submit and then follow what is typed.
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const checked = validateTeamDraft({ name, description });
  const errors: TeamFormErrors = submitted && !checked.ok ? checked.errors : {};

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (savingRef.current) return;
    setSubmitted(true);
    if (!checked.ok) {
      (checked.errors.name !== undefined ? nameRef : descriptionRef).current?.focus();
      return;
    }
    savingRef.current = true;
    setSaving(true);
    setFailed(null);
    try {
      await onSubmit(checked.draft);
    } catch (error) {
      console.error(TEAM_FORM_MESSAGES.saveFailed, error);
      savingRef.current = false;
      setSaving(false);
      setFailed(teamSaveErrorMessage(error));
      return;
    }
    onClose();
  }

  function close() {
    if (!savingRef.current) onClose();
  }

  return (
    <Dialog open onClose={close} title={team === null ? 'Create New Team' : 'Edit Team'} size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {failed !== null && (
          <p role="alert" className="notice notice--error">
            {failed}
          </p>
        )}
        <div className="field">
          <label htmlFor={nameId} className="field__label">
            Name
          </label>
          <input
            ref={nameRef}
            id={nameId}
            className="input"
            value={name}
            maxLength={TEAM_NAME_MAX}
            required
            autoComplete="off"
            aria-invalid={errors.name !== undefined}
            aria-describedby={errors.name !== undefined ? nameErrorId : undefined}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          {errors.name !== undefined && (
            <p id={nameErrorId} className="field__error">
              {errors.name}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={descriptionId} className="field__label">
            Description (optional)
          </label>
          <textarea
            ref={descriptionRef}
            id={descriptionId}
            className="input teams-form__description"
            value={description}
            maxLength={TEAM_DESCRIPTION_MAX}
            rows={3}
            aria-invalid={errors.description !== undefined}
            aria-describedby={errors.description !== undefined ? descriptionErrorId : undefined}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
          />
          {errors.description !== undefined && (
            <p id={descriptionErrorId} className="field__error">
              {errors.description}
            </p>
          )}
        </div>
        <div className="teams-dialog__buttons">
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : team === null ? 'Create Team' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
