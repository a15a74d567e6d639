import { useRef, useState, type SubmitEvent } from 'react';
import { useSubmit } from '../../../ui/useSubmit';
import { sameEntryValues } from '../entryValues';
import type { Group, PasswordEntry } from '../model';
import { CONFLICT_MESSAGES, failureText, PasswordConflictError } from '../vaultErrors';
import type { NewerVersion } from './useNewerVersion';
import { keepMineOnNewer } from './conflictMerge';
import {
  asTypedDraft,
  handOver,
  PASSWORD_DRAFT_FIELDS,
  validatePasswordDraft,
  type PasswordDraftErrors,
  type PasswordDraftField,
  type ValidDraft,
  type ValidPasswordDraft,
  type Validated,
} from './validatePasswordDraft';

/** SPEC.md §8 "Groups and passwords". */
export const SAVE_FAILED = 'Failed to save password';

/** The <select> value of "No Group". */
export const NO_GROUP = '';

/** Saves the validated draft on `base` (the entry as last read); rejects when saving failed. */
export type SavePassword = (draft: ValidDraft, base: PasswordEntry | null) => Promise<void>;

function initialGroup(entry: PasswordEntry | null, groups: readonly Group[]): string {
  const groupId = entry?.groupId ?? null;
  // A group that no longer exists cannot be shown in the select; what is shown is what is saved.
  return groupId !== null && groups.some((group) => group.id === groupId) ? groupId : NO_GROUP;
}

/**
 * The password form's values, their messages and its save: validated once here, handed over as a
 * ValidDraft, and a conflict kept for the user to resolve (docs/vault.md, "Revisions").
 */
export function usePasswordForm(entry: PasswordEntry | null, groups: readonly Group[], onSubmit: SavePassword, onClose: () => void, newer: NewerVersion = null) {
  const [title, setTitle] = useState(entry?.title ?? '');
  const [url, setUrl] = useState(entry?.url ?? '');
  const [username, setUsername] = useState(entry?.username ?? '');
  const [password, setPassword] = useState(entry?.password ?? '');
  const [notes, setNotes] = useState(entry?.notes ?? '');
  const [otp, setOtp] = useState(entry?.otp ?? '');
  const [group, setGroup] = useState(() => initialGroup(entry, groups));
  const [errors, setErrors] = useState<PasswordDraftErrors>({});
  // The entry the next save is conditional on; a conflict replaces it with the newer one once the
  // user chooses.
  const [base, setBase] = useState(entry);
  const [conflict, setConflict] = useState<{ readonly newer: PasswordEntry; readonly mine: ValidPasswordDraft } | null>(null);
  const saving = useSubmit((error) => failureText(error, SAVE_FAILED));
  const refs = {
    title: useRef<HTMLInputElement>(null),
    url: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    otp: useRef<HTMLInputElement>(null),
    notes: useRef<HTMLTextAreaElement>(null),
  };

  /** An edit clears that field's message; the others stay until the next submit. */
  function edit(field: PasswordDraftField, set: (value: string) => void): (value: string) => void {
    return (value) => {
      set(value);
      if (errors[field] !== undefined) {
        setErrors((current) => ({ ...current, [field]: undefined }));
      }
    };
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.busy) return;
    const result = validatePasswordDraft({ title, url, notes, username, password, otp, groupId: group === NO_GROUP ? null : group });
    saving.setError(null);
    if (!result.ok) {
      setErrors(result.errors);
      const first = PASSWORD_DRAFT_FIELDS.find((field) => result.errors[field] !== undefined);
      refs[first ?? 'title'].current?.focus();
      return;
    }
    setErrors({});
    void save(result.value, base);
  }

  /** What was validated is exactly what is saved. */
  async function save(value: Validated<ValidPasswordDraft>, on: PasswordEntry | null) {
    setConflict(null);
    const result = await saving.submit(async () => {
      try {
        await onSubmit(handOver(value), on);
        return 'saved';
      } catch (error) {
        // Everything typed stays in the fields, so the user can simply try again. A conflict shows
        // the newer values beside what keeping the user's would save, and nothing was overwritten.
        if (!(error instanceof PasswordConflictError)) throw error;
        setConflict({ newer: error.newer, mine: on === null ? value : keepMineOnNewer(on, value, error.newer) });
        return 'conflict';
      }
    });
    if (result.done && result.value === 'saved') onClose();
  }

  // A save elsewhere reached the live list while the form is open (issue #22): the same choice as
  // a refused save offers, at once, with nothing saved yet; what was typed stays in the fields.
  // Noticed once per new version, while rendering (not in an effect: no render of the form
  // without it), and not under a save, whose own answer says what happened.
  const [noticed, setNoticed] = useState<NewerVersion>(null);
  if (newer !== noticed && !saving.busy) {
    setNoticed(newer);
    if (newer === 'deleted') {
      saving.setError(CONFLICT_MESSAGES.passwordGone);
    } else if (newer !== null && base !== null && newer.revision > base.revision && sameEntryValues(base, newer)) {
      // Only the sealing changed (a key rotation re-encrypted it, issue #42): nothing to choose.
      setBase(newer);
    } else if (newer !== null && base !== null && newer.revision > base.revision) {
      const typed = validatePasswordDraft({ title, url, notes, username, password, otp, groupId: group === NO_GROUP ? null : group });
      // Fields that do not validate yet: the save's own check shows the choice once they do.
      if (typed.ok) setConflict({ newer, mine: keepMineOnNewer(base, typed.value, newer) });
    }
  }

  /** Keep mine: the user's changes on the newer values, saved on the newer revision. */
  function keepMine() {
    if (conflict === null || saving.busy) return;
    setBase(conflict.newer);
    // The newer entry's values were never checked by this form: the merge goes through the rules too.
    const merged = validatePasswordDraft(asTypedDraft(conflict.mine));
    if (merged.ok) {
      void save(merged.value, conflict.newer);
    } else {
      setConflict(null);
      saving.setError(SAVE_FAILED);
    }
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
    setOtp(newer.otp ?? '');
    setGroup(initialGroup(newer, groups));
    setErrors({});
    setConflict(null);
  }

  function requestClose() {
    // Closing mid-save would hide whether the save landed.
    if (!saving.busy) onClose();
  }

  return {
    values: { title, url, username, password, otp, notes, group },
    edit: {
      title: edit('title', setTitle),
      url: edit('url', setUrl),
      username: edit('username', setUsername),
      password: edit('password', setPassword),
      notes: edit('notes', setNotes),
      otp: edit('otp', setOtp),
      group: setGroup,
    },
    errors,
    refs,
    conflict,
    saving: saving.busy,
    saveError: saving.error,
    handleSubmit,
    keepMine,
    takeTheirs,
    requestClose,
  };
}
