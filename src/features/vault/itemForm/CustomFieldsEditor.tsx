import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { Field, TextField } from '../../../ui/TextField';
import { TrashIcon } from '../../../ui/icons';
import { ITEM_LIMIT_MESSAGES, ITEM_LIMITS } from '../items/itemLimits';
import type { CustomField, CustomFieldType } from '../items/kinds';
import type { ItemErrors } from '../items/validateItem';
import { AddToList, useListLimit } from './AddToList';
import { NOT_MINE } from './KindFields';

// The custom fields every kind of item takes (issue #44): a name and a value of one of three
// types. A hidden value is typed masked, as a password is; a yes/no value is a checkbox.

export const CUSTOM_FIELD_TYPE_NAMES: Readonly<Record<CustomFieldType, string>> = {
  text: 'Text',
  hidden: 'Hidden',
  boolean: 'Yes/no',
};

const TYPES: readonly CustomFieldType[] = ['text', 'hidden', 'boolean'];

/** The field as another type: a value carries over between text and hidden; yes/no starts at no. */
function withType(field: CustomField, type: CustomFieldType): CustomField {
  if (type === 'boolean') return { name: field.name, type, value: field.type === 'boolean' ? field.value : false };
  return { name: field.name, type, value: field.type === 'boolean' ? '' : field.value };
}

export interface CustomFieldsEditorProps {
  readonly fields: readonly CustomField[];
  readonly errors: ItemErrors;
  readonly onChange: (fields: readonly CustomField[]) => void;
}

export function CustomFieldsEditor({ fields, errors, onChange }: CustomFieldsEditorProps) {
  const limit = useListLimit(fields.length, ITEM_LIMITS.customFields, ITEM_LIMIT_MESSAGES.customFields, errors.customFields);
  const set = (index: number, field: CustomField) => {
    onChange(fields.map((current, at) => (at === index ? field : current)));
  };
  return (
    <fieldset className="pw-form__group">
      <legend className="field__label">Custom fields</legend>
      {fields.map((field, index) => {
        const n = index + 1;
        const valueLabel = `Value of field ${n}`;
        const valueError = errors[`customFields.${index}.value`];
        return (
          <div key={index} className="pw-form__custom">
            <TextField label={`Name of field ${n}`} value={field.name} error={errors[`customFields.${index}.name`]} onChange={(event) => { set(index, { ...field, name: event.target.value }); }} {...NOT_MINE} />
            <Field label={`Type of field ${n}`}>
              {({ id }) => (
                <select id={id} className="input" value={field.type} onChange={(event) => { set(index, withType(field, event.target.value as CustomFieldType)); }}>
                  {TYPES.map((type) => (
                    <option key={type} value={type}>
                      {CUSTOM_FIELD_TYPE_NAMES[type]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {field.type === 'boolean' ? (
              <label className="pw-form__check">
                <input type="checkbox" checked={field.value} onChange={(event) => { set(index, { ...field, value: event.target.checked }); }} />
                {valueLabel}
              </label>
            ) : field.type === 'hidden' ? (
              <PasswordField label={valueLabel} toggleName={`value of field ${n}`} value={field.value} error={valueError} autoComplete="off" onChange={(value) => { set(index, { ...field, value }); }} />
            ) : (
              <TextField label={valueLabel} value={field.value} error={valueError} onChange={(event) => { set(index, { ...field, value: event.target.value }); }} {...NOT_MINE} />
            )}
            <Button variant="ghost" size="sm" icon={<TrashIcon />} aria-label={`Remove field ${n}`} onClick={() => { limit.removed(); onChange(fields.filter((_, at) => at !== index)); }}>
              Remove
            </Button>
          </div>
        );
      })}
      <AddToList label="Add field" limit={limit} append={() => { onChange([...fields, { name: '', type: 'text', value: '' }]); }} />
    </fieldset>
  );
}
