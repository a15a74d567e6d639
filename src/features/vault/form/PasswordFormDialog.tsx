import { useId, useRef, useState, type Ref, type SubmitEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { PasswordField } from '../../../ui/PasswordField';
import { GeneratorDialog, quickGenerate } from '../generator';
import type { Group, PasswordDraft, PasswordEntry } from '../model';
import { failureText, PasswordConflictError } from '../vaultErrors';
import { ConflictNotice } from './ConflictNotice';
import { keepMineOnNewer } from './conflictMerge';
import {
  PASSWORD_DRAFT_FIELDS,
  validatePasswordDraft,
  type PasswordDraftErrors,
  type PasswordDraftField,
  type ValidPasswordDraft,
} from './validatePasswordDraft';
import './form.css';

export const FORM_TITLES = { add: 'Add New Password', edit: 'Edit Password' } as const;

/** SPEC.md §8 "Groups and passwords". */
export const SAVE_FAILED = 'Failed to save password';

export const UNDECRYPTABLE_WARNING =
  'This password could not be decrypted: the username and password below are its stored values. Replace them before saving.';

/** The <select> value of "No Group". */
const NO_GROUP = '';

export interface PasswordFormDialogProps {
  open: boolean;
  /** The entry to edit, or null to add one. */
  entry: PasswordEntry | null;
  groups: readonly Group[];
  /**
   * Saves the draft on `base` (the entry as last read: `entry`, or the newer one a conflict
   * showed); rejects when saving failed. The draft it receives is already validated and trimmed
   * (SPEC.md §5), with an omitted url or notes as ''.
   */
  onSubmit: (draft: PasswordDraft, base: PasswordEntry | null) => Promise<void>;
  onClose: () => void;
}

/**
 * The add/edit password dialog. Its fields start afresh each time it opens (from `entry` when
 * editing) and keep what was typed after a validation or save error.
 */
export function PasswordFormDialog(props: PasswordFormDialogProps) {
  if (!props.open) return null;
  // Keyed so switching entries while open starts from the new entry's values.
  return <PasswordForm key={props.entry?.id ?? 'new'} {...props} />;
}

function initialGroup(entry: PasswordEntry | null, groups: readonly Group[]): string {
  const groupId = entry?.groupId ?? null;
  // A group that no longer exists cannot be shown in the select; what is shown is what is saved.
  return groupId !== null && groups.some((group) => group.id === groupId) ? groupId : NO_GROUP;
}

function TextField({
  label,
  value,
  onChange,
  error,
  inputRef,
  type = 'text',
  optional = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  type?: 'text' | 'url';
  optional?: boolean;
}) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
        {optional && <> <span className="pw-form__optional">(optional)</span></>}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="input"
        type={type}
        inputMode={type === 'url' ? 'url' : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        // Not the user's own details: keep the browser from filling them in.
        autoComplete="off"
        autoCapitalize={type === 'url' ? 'none' : undefined}
        spellCheck={false}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function PasswordForm({ entry, groups, onSubmit, onClose }: PasswordFormDialogProps) {
  const notesId = useId();
  const groupId = useId();
  const [title, setTitle] = useState(entry?.title ?? '');
  const [url, setUrl] = useState(entry?.url ?? '');
  const [username, setUsername] = useState(entry?.username ?? '');
  const [password, setPassword] = useState(entry?.password ?? '');
  const [notes, setNotes] = useState(entry?.notes ?? '');
  const [group, setGroup] = useState(() => initialGroup(entry, groups));
  const [errors, setErrors] = useState<PasswordDraftErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  // The entry the next save is conditional on; a conflict replaces it with the newer one once the
  // user chooses (docs/vault.md, "Revisions").
  const [base, setBase] = useState(entry);
  const [conflict, setConflict] = useState<{ readonly newer: PasswordEntry; readonly mine: ValidPasswordDraft } | null>(null);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [generatorOpen, setGeneratorOpen] = useState(false);
  const [generated, setGenerated] = useState('');
  // A generated password is shown, so the user sees what they got; the toggle still hides it.
  const [passwordVisible, setPasswordVisible] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const notesErrorId = useId();

  /** An edit clears that field's message; the others stay until the next submit. */
  function edit(field: PasswordDraftField | null, set: (value: string) => void): (value: string) => void {
    return (value) => {
      set(value);
      if (field !== null && errors[field] !== undefined) {
        setErrors((current) => ({ ...current, [field]: undefined }));
      }
    };
  }

  function fillPassword(value: string, message: string) {
    edit('password', setPassword)(value);
    setGenerated(message);
    setPasswordVisible(true);
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (savingRef.current) return;
    const result = validatePasswordDraft({
      title,
      url,
      notes,
      username,
      password,
      groupId: group === NO_GROUP ? null : group,
    });
    setSaveError(null);
    if (!result.ok) {
      setErrors(result.errors);
      const first = PASSWORD_DRAFT_FIELDS.find((field) => result.errors[field] !== undefined);
      const firstRef = { title: titleRef, url: urlRef, username: usernameRef, password: passwordRef, notes: notesRef }[first ?? 'title'];
      firstRef.current?.focus();
      return;
    }
    setErrors({});
    void save(result.value);
  }

  /** Hands over the trimmed values: what was validated is exactly what is saved. */
  async function save(value: ValidPasswordDraft, on: PasswordEntry | null = base) {
    savingRef.current = true;
    setSaving(true);
    setConflict(null);
    try {
      await onSubmit({ ...value, url: value.url ?? '', notes: value.notes ?? '' }, on);
    } catch (error) {
      // Everything typed stays in the fields, so the user can simply try again. A conflict shows
      // the newer values beside what keeping the user's would save, and nothing was overwritten.
      if (error instanceof PasswordConflictError) {
        setConflict({ newer: error.newer, mine: on === null ? value : keepMineOnNewer(on, value, error.newer) });
      }
      else setSaveError(failureText(error, SAVE_FAILED));
      return;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
    onClose();
  }

  /** Keep mine: the user's changes on the newer values, saved on the newer revision. */
  function keepMine() {
    if (conflict === null || savingRef.current) return;
    setBase(conflict.newer);
    void save(conflict.mine, conflict.newer);
  }

  /** Take theirs: the form shows the newer values, to save or cancel. */
  function takeTheirs() {
    if (conflict === null) return;
    const { newer } = conflict;
    setBase(newer);
    setTitle(newer.title);
    setUrl(newer.url ?? '');
    setUsername(newer.username);
    setPassword(newer.password);
    setNotes(newer.notes ?? '');
    setGroup(initialGroup(newer, groups));
    setErrors({});
    setConflict(null);
  }

  function requestClose() {
    // Closing mid-save would hide whether the save landed.
    if (!savingRef.current) onClose();
  }

  return (
    <Dialog open onClose={requestClose} title={entry === null ? FORM_TITLES.add : FORM_TITLES.edit}>
      <form className="pw-form" noValidate aria-busy={saving} onSubmit={handleSubmit}>
        {saveError !== null && (
          <p role="alert" className="notice notice--error pw-form__notice">
            {saveError}
          </p>
        )}
        {conflict !== null && (
          <ConflictNotice newer={conflict.newer} mine={conflict.mine} groups={groups} onKeepMine={keepMine} onTakeTheirs={takeTheirs} />
        )}
        {entry?.undecryptable === true && (
          // Saving as is would store the ciphertext as if it were the username and password.
          <p className="notice notice--warning pw-form__notice">{UNDECRYPTABLE_WARNING}</p>
        )}
        <TextField label="Title" value={title} onChange={edit('title', setTitle)} error={errors.title} inputRef={titleRef} />
        <TextField label="URL" type="url" optional value={url} onChange={edit('url', setUrl)} error={errors.url} inputRef={urlRef} />
        <TextField
          label="Username"
          value={username}
          onChange={edit('username', setUsername)}
          error={errors.username}
          inputRef={usernameRef}
        />
        <PasswordField
          label="Password"
          toggleName="password"
          value={password}
          onChange={(value) => {
            edit('password', setPassword)(value);
            setGenerated('');
          }}
          // Not the user's own credentials: keep the browser from filling or saving them here.
          autoComplete="off"
          error={errors.password}
          inputRef={passwordRef}
          required
          visible={passwordVisible}
          onVisibleChange={setPasswordVisible}
        />
        <div className="pw-form__generate">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              fillPassword(quickGenerate(), 'A new 16-character password was generated.');
            }}
          >
            Generate
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setGeneratorOpen(true);
            }}
          >
            Open generator
          </Button>
          <span role="status" className="visually-hidden">
            {generated}
          </span>
        </div>
        <div className="field">
          <label htmlFor={notesId} className="field__label">
            Notes <span className="pw-form__optional">(optional)</span>
          </label>
          <textarea
            ref={notesRef}
            id={notesId}
            className="input pw-form__notes"
            rows={4}
            value={notes}
            onChange={(event) => {
              edit('notes', setNotes)(event.target.value);
            }}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? notesErrorId : undefined}
          />
          {errors.notes && (
            <p id={notesErrorId} role="alert" className="field__error">
              {errors.notes}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={groupId} className="field__label">
            Group
          </label>
          <select
            id={groupId}
            className="input"
            value={group}
            onChange={(event) => {
              setGroup(event.target.value);
            }}
          >
            <option value={NO_GROUP}>No Group</option>
            {groups.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="pw-form__buttons">
          <Button variant="secondary" onClick={requestClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
      <GeneratorDialog
        open={generatorOpen}
        onClose={() => {
          setGeneratorOpen(false);
        }}
        onUse={(value) => {
          fillPassword(value, 'The generated password was put in the password field.');
          setGeneratorOpen(false);
        }}
      />
    </Dialog>
  );
}
