import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { Field, TextField } from '../../../ui/TextField';
import { TrashIcon } from '../../../ui/icons';
import { quickGenerate } from '../generator';
import { OneTimeCodeField } from '../form/OneTimeCodeField';
import { ITEM_LIMIT_MESSAGES, ITEM_LIMITS } from '../items/itemLimits';
import { URL_MATCH_NAMES, URL_MATCHES, type LoginFields, type UrlMatch } from '../items/kinds';
import type { ItemErrors } from '../items/validateItem';
import { AddToList, useListLimit } from './AddToList';
import { NOT_MINE } from './KindFields';

// A login's fields in the item form (issue #44): several URLs, each with its match rule (the
// strictest, same origin, first), the username, the password with Generate, the one-time code.

export interface LoginFieldsEditorProps {
  readonly fields: LoginFields;
  readonly errors: ItemErrors;
  readonly onChange: (fields: LoginFields) => void;
}

export function LoginFieldsEditor({ fields, errors, onChange }: LoginFieldsEditorProps) {
  const { urls } = fields;
  const [generated, setGenerated] = useState('');
  const limit = useListLimit(urls.length, ITEM_LIMITS.urls, ITEM_LIMIT_MESSAGES.urls, errors.urls);
  const setUrl = (index: number, url: Partial<LoginFields['urls'][number]>) => {
    onChange({ ...fields, urls: urls.map((current, at) => (at === index ? { ...current, ...url } : current)) });
  };
  return (
    <>
      <fieldset className="pw-form__group">
        <legend className="field__label">Websites</legend>
        {urls.map(({ url, match }, index) => {
          const n = index + 1;
          return (
            <div key={index} className="pw-form__url">
              <TextField label={`URL ${n}`} value={url} error={errors[`urls.${index}`]} type="url" inputMode="url" autoCapitalize="none" onChange={(event) => { setUrl(index, { url: event.target.value }); }} {...NOT_MINE} />
              <Field label={`Match for URL ${n}`}>
                {({ id }) => (
                  <select id={id} className="input" value={match} onChange={(event) => { setUrl(index, { match: event.target.value as UrlMatch }); }}>
                    {URL_MATCHES.map((rule) => (
                      <option key={rule} value={rule}>
                        {URL_MATCH_NAMES[rule]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Button variant="ghost" size="sm" icon={<TrashIcon />} aria-label={`Remove URL ${n}`} onClick={() => { limit.removed(); onChange({ ...fields, urls: urls.filter((_, at) => at !== index) }); }}>
                Remove
              </Button>
            </div>
          );
        })}
        <AddToList label="Add URL" limit={limit} append={() => { onChange({ ...fields, urls: [...urls, { url: '', match: 'origin' }] }); }} />
      </fieldset>
      <TextField label="Username" value={fields.username} error={errors.username} required onChange={(event) => { onChange({ ...fields, username: event.target.value }); }} {...NOT_MINE} />
      <PasswordField label="Password" toggleName="password" value={fields.password} error={errors.password} required autoComplete="off" onChange={(password) => { onChange({ ...fields, password }); }} />
      <div className="pw-form__generate">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            onChange({ ...fields, password: quickGenerate() });
            setGenerated('A new 16-character password was generated.');
          }}
        >
          Generate
        </Button>
        <span role="status" className="visually-hidden">
          {generated}
        </span>
      </div>
      <OneTimeCodeField value={fields.otp ?? ''} onChange={(otp) => { onChange({ ...fields, otp }); }} error={errors.otp} inputRef={null} />
    </>
  );
}
