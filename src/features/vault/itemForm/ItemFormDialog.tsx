import { useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Field, TextField } from '../../../ui/TextField';
import { useSubmit } from '../../../ui/useSubmit';
import { tooLargeReason } from '../items/itemLimits';
import { ITEM_KIND_NAMES, ITEM_KINDS, type Item, type ItemKind } from '../items/kinds';
import { validateItem, type ItemDraft, type ItemErrors } from '../items/validateItem';
import type { Group, PasswordEntry } from '../model';
import { failureText } from '../vaultErrors';
import { CustomFieldsEditor } from './CustomFieldsEditor';
import { draftOf, itemOfDraft, newDraft, sizedItemOfDraft, withKind } from './itemDraft';
import { CardFieldsEditor, IdentityFieldsEditor, optional, SshFieldsEditor, NOT_MINE } from './KindFields';
import { LoginFieldsEditor } from './LoginFields';
import '../form/form.css';

// The form of an item of any kind (issue #44): 'New item' with a choice of kind, or the Edit of an
// item. Every kind has a title, notes, custom fields, a favourite mark and a group; each kind its
// own fields (KindFields.tsx, LoginFields.tsx). Values are checked by validateItem and saved
// trimmed (itemDraft.ts). The password form (form/PasswordFormDialog.tsx) stays the form of Add
// Password and of logins saved in format 1 or 2.

export const ITEM_FORM_TEXTS = {
  newTitle: 'New item',
  editTitle: (kind: ItemKind) => `Edit ${ITEM_KIND_NAMES[kind]}`,
  kind: 'Kind',
  favourite: 'Favourite',
  saveFailed: 'Failed to save item',
} as const;

/** The <select> value of "No Group". */
const NO_GROUP = '';

export interface ItemFormDialogProps {
  readonly open: boolean;
  /** The item to edit and its entry (as last read); null to make a new one. */
  readonly editing: { readonly entry: PasswordEntry; readonly item: Item } | null;
  readonly groups: readonly Group[];
  /** Saves `item` in `groupId`, over `existing` when editing; rejects when saving failed. */
  readonly onSubmit: (item: Item, groupId: string | null, existing: PasswordEntry | null) => Promise<void>;
  readonly onClose: () => void;
}

export function ItemFormDialog(props: ItemFormDialogProps) {
  if (!props.open) return null;
  return <ItemForm key={props.editing?.entry.id ?? 'new'} {...props} />;
}

/** A login's URLs left empty are dropped before the check: an empty URL row is no URL. */
function withoutEmptyUrls(draft: ItemDraft): ItemDraft {
  if (draft.kind !== 'login') return draft;
  return { ...draft, fields: { ...draft.fields, urls: draft.fields.urls.filter(({ url }) => url.trim() !== '') } };
}

function ItemForm({ editing, groups, onSubmit, onClose }: ItemFormDialogProps) {
  const [draft, setDraft] = useState<ItemDraft>(() => (editing === null ? newDraft('login') : draftOf(editing.item)));
  const [group, setGroup] = useState(() => {
    const groupId = editing?.entry.groupId ?? null;
    return groupId !== null && groups.some((known) => known.id === groupId) ? groupId : NO_GROUP;
  });
  const [errors, setErrors] = useState<ItemErrors>({});
  const saving = useSubmit((error) => failureText(error, ITEM_FORM_TEXTS.saveFailed));
  const formRef = useRef<HTMLFormElement>(null);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.busy) return;
    const checked = withoutEmptyUrls(draft);
    const invalid = validateItem(checked);
    // The size once every field is valid: the item as it would be sealed must fit the stored limits.
    const tooLarge = Object.keys(invalid).length === 0 ? tooLargeReason(sizedItemOfDraft(checked)) : null;
    const found = tooLarge === null ? invalid : { item: tooLarge };
    setDraft(checked);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first field with a message, once it is rendered with it.
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    void saving
      .submit(async () => {
        await onSubmit(await itemOfDraft(checked), group === NO_GROUP ? null : group, editing?.entry ?? null);
      })
      .then((settled) => {
        if (settled.done) onClose();
      });
  }

  const common = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
  };

  return (
    <Dialog open onClose={onClose} title={editing === null ? ITEM_FORM_TEXTS.newTitle : ITEM_FORM_TEXTS.editTitle(editing.item.kind)}>
      <form ref={formRef} className="pw-form" noValidate aria-busy={saving.busy} onSubmit={handleSubmit}>
        {saving.error !== null && (
          <p role="alert" className="notice notice--error pw-form__notice">
            {saving.error}
          </p>
        )}
        {errors.item !== undefined && (
          <p role="alert" className="notice notice--error pw-form__notice">
            {errors.item}
          </p>
        )}
        {editing === null && (
          // Radios, not a menu: every kind in view at once, and the arrows move between them.
          <fieldset className="pw-form__kinds">
            <legend className="field__label">{ITEM_FORM_TEXTS.kind}</legend>
            {ITEM_KINDS.map((kind) => (
              <label key={kind} className="pw-form__check">
                <input
                  type="radio"
                  name="item-kind"
                  value={kind}
                  checked={draft.kind === kind}
                  onChange={() => {
                    setDraft((current) => withKind(current, kind));
                    setErrors({});
                  }}
                />
                {ITEM_KIND_NAMES[kind]}
              </label>
            ))}
          </fieldset>
        )}
        <TextField label="Title" value={draft.title} error={errors.title} required onChange={(event) => { common('title', event.target.value); }} {...NOT_MINE} />
        <KindEditor draft={draft} errors={errors} onChange={setDraft} />
        <Field label={draft.kind === 'note' ? 'Note' : <>Notes {optional}</>} error={errors.notes}>
          {(control) => (
            <textarea className="input pw-form__notes" rows={draft.kind === 'note' ? 8 : 4} value={draft.notes} onChange={(event) => { common('notes', event.target.value); }} {...control} />
          )}
        </Field>
        <CustomFieldsEditor fields={draft.customFields} errors={errors} onChange={(fields) => { common('customFields', fields); }} />
        <label className="pw-form__check">
          <input type="checkbox" checked={draft.favourite} onChange={(event) => { common('favourite', event.target.checked); }} />
          {ITEM_FORM_TEXTS.favourite}
        </label>
        <Field label="Group">
          {({ id }) => (
            <select id={id} className="input" value={group} onChange={(event) => { setGroup(event.target.value); }}>
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
          <Button variant="secondary" onClick={onClose} disabled={saving.busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving.busy}>
            {saving.busy ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function KindEditor({ draft, errors, onChange }: { readonly draft: ItemDraft; readonly errors: ItemErrors; readonly onChange: (draft: ItemDraft) => void }) {
  switch (draft.kind) {
    case 'login':
      return <LoginFieldsEditor fields={draft.fields} errors={errors} onChange={(fields) => { onChange({ ...draft, fields }); }} />;
    case 'card':
      return <CardFieldsEditor fields={draft.fields} errors={errors} onChange={(fields) => { onChange({ ...draft, fields }); }} />;
    case 'identity':
      return <IdentityFieldsEditor fields={draft.fields} errors={errors} onChange={(fields) => { onChange({ ...draft, fields }); }} />;
    case 'ssh':
      return <SshFieldsEditor fields={draft.fields} errors={errors} comment={draft.title} onChange={(fields) => { onChange({ ...draft, fields }); }} />;
    case 'note':
      return null;
  }
}
