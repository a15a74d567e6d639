import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { PasswordField } from '../../../ui/PasswordField';
import { Field, TextField } from '../../../ui/TextField';
import { GeneratorDialog, quickGenerate } from '../generator';
import type { Group, PasswordEntry } from '../model';
import type { ReadQrImage } from '../otp/readQrImage';
import { ConflictNotice } from './ConflictNotice';
import { OneTimeCodeField } from './OneTimeCodeField';
import { NO_GROUP, usePasswordForm, type SavePassword } from './usePasswordForm';
import type { NewerVersion } from './useNewerVersion';
import './form.css';

export { SAVE_FAILED } from './usePasswordForm';

export const FORM_TITLES = { add: 'Add New Password', edit: 'Edit Password' } as const;

export const UNDECRYPTABLE_WARNING =
  'This password could not be decrypted: the username and password below are its stored values. Replace them before saving.';

export interface PasswordFormDialogProps {
  open: boolean;
  /** The entry to edit, or null to add one. */
  entry: PasswordEntry | null;
  groups: readonly Group[];
  /**
   * Saves the draft on `base` (the entry as last read: `entry`, or the newer one a conflict
   * showed); rejects when saving failed. The draft it receives passed validatePasswordDraft
   * (SPEC.md §5): trimmed, with an omitted url or notes as ''.
   */
  onSubmit: SavePassword;
  onClose: () => void;
  /**
   * The entry as the live list holds it now, when a save elsewhere changed or deleted it while
   * the form is open (issue #22): the form says so at once instead of at the save.
   */
  newer?: NewerVersion;
  /** Reads a QR code image for the one-time code; tests pass a fake (jsdom draws no images). */
  readQrImage?: ReadQrImage;
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

const optional = <span className="pw-form__optional">(optional)</span>;

/** Not the user's own details: keep the browser from filling them in. */
const NOT_MINE = { autoComplete: 'off', spellCheck: false } as const;

function PasswordForm({ entry, groups, onSubmit, onClose, newer = null, readQrImage }: PasswordFormDialogProps) {
  const form = usePasswordForm(entry, groups, onSubmit, onClose, newer);
  const { values, edit, errors, refs, conflict, saving } = form;
  const [generatorOpen, setGeneratorOpen] = useState(false);
  const [generated, setGenerated] = useState('');
  // A generated password is shown, so the user sees what they got; the toggle still hides it.
  const [passwordVisible, setPasswordVisible] = useState(false);

  function fillPassword(value: string, message: string) {
    edit.password(value);
    setGenerated(message);
    setPasswordVisible(true);
  }

  return (
    <Dialog open onClose={form.requestClose} title={entry === null ? FORM_TITLES.add : FORM_TITLES.edit}>
      <form className="pw-form" noValidate aria-busy={saving} onSubmit={form.handleSubmit}>
        {form.saveError !== null && (
          <p role="alert" className="notice notice--error pw-form__notice">
            {form.saveError}
          </p>
        )}
        {conflict !== null && (
          <ConflictNotice newer={conflict.newer} mine={conflict.mine} groups={groups} onKeepMine={form.keepMine} onTakeTheirs={form.takeTheirs} />
        )}
        {entry?.undecryptable === true && (
          // Saving as is would store the ciphertext as if it were the username and password.
          <p className="notice notice--warning pw-form__notice">{UNDECRYPTABLE_WARNING}</p>
        )}
        <TextField
          label="Title"
          value={values.title}
          onChange={(event) => { edit.title(event.target.value); }}
          error={errors.title}
          inputRef={refs.title}
          type="text"
          required
          {...NOT_MINE}
        />
        <TextField
          label={<>URL {optional}</>}
          value={values.url}
          onChange={(event) => { edit.url(event.target.value); }}
          error={errors.url}
          inputRef={refs.url}
          type="url"
          inputMode="url"
          autoCapitalize="none"
          required={false}
          {...NOT_MINE}
        />
        <TextField
          label="Username"
          value={values.username}
          onChange={(event) => { edit.username(event.target.value); }}
          error={errors.username}
          inputRef={refs.username}
          type="text"
          required
          {...NOT_MINE}
        />
        <PasswordField
          label="Password"
          toggleName="password"
          value={values.password}
          onChange={(value) => {
            edit.password(value);
            setGenerated('');
          }}
          // Not the user's own credentials: keep the browser from filling or saving them here.
          autoComplete="off"
          error={errors.password}
          inputRef={refs.password}
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
        <OneTimeCodeField value={values.otp} onChange={edit.otp} error={errors.otp} inputRef={refs.otp} readQrImage={readQrImage} />
        <Field label={<>Notes {optional}</>} error={errors.notes}>
          {(control) => (
            <textarea
              ref={refs.notes}
              className="input pw-form__notes"
              rows={4}
              value={values.notes}
              onChange={(event) => { edit.notes(event.target.value); }}
              {...control}
            />
          )}
        </Field>
        <Field label="Group">
          {({ id }) => (
            <select id={id} className="input" value={values.group} onChange={(event) => { edit.group(event.target.value); }}>
              <option value={NO_GROUP}>No Group</option>
              {groups.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="pw-form__buttons">
          <Button variant="secondary" onClick={form.requestClose} disabled={saving}>
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
