import { useState } from 'react';
import { generateSshKey } from '../../../crypto';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { Field, TextField } from '../../../ui/TextField';
import { CARD_BRAND_NAMES, cardBrand } from '../items/cardNumber';
import type { IdentityFields, SshFields } from '../items/kinds';
import type { CardDraftFields, ItemErrors } from '../items/validateItem';
import { IDENTITY_FIELD_LABELS, IDENTITY_GROUPS } from '../items/identityLabels';

// Each kind's own fields in the item form (issue #44). A login's are in LoginFields.tsx. Secrets
// (a card's number and code, an identity's document numbers, an SSH private key) are masked
// inputs with Show, as the password is.

/** Not the user's own details: keep the browser from filling them in. */
export const NOT_MINE = { autoComplete: 'off', spellCheck: false } as const;

export const optional = <span className="pw-form__optional">(optional)</span>;

interface FieldsProps<F> {
  readonly fields: F;
  readonly errors: ItemErrors;
  readonly onChange: (fields: F) => void;
}

export function CardFieldsEditor({ fields, errors, onChange }: FieldsProps<CardDraftFields>) {
  const brand = cardBrand(fields.number);
  return (
    <>
      <TextField label="Cardholder" value={fields.cardholder} error={errors.cardholder} onChange={(event) => { onChange({ ...fields, cardholder: event.target.value }); }} {...NOT_MINE} />
      <PasswordField
        label="Card number"
        toggleName="card number"
        value={fields.number}
        onChange={(number) => { onChange({ ...fields, number }); }}
        error={errors.number}
        autoComplete="off"
        hint={brand === null ? undefined : CARD_BRAND_NAMES[brand]}
      />
      <TextField label="Expiry" placeholder="MM/YY" value={fields.expiry} error={errors.expiry} onChange={(event) => { onChange({ ...fields, expiry: event.target.value }); }} inputMode="numeric" {...NOT_MINE} />
      <PasswordField label="Security code" toggleName="security code" value={fields.code} onChange={(code) => { onChange({ ...fields, code }); }} error={errors.code} autoComplete="off" />
    </>
  );
}

const HIDDEN_IDENTITY: ReadonlySet<keyof IdentityFields> = new Set(['passportNumber', 'licenceNumber', 'nationalId']);

export function IdentityFieldsEditor({ fields, errors, onChange }: FieldsProps<IdentityFields>) {
  return (
    <>
      {IDENTITY_GROUPS.map(({ legend, names }) => (
        <fieldset key={legend} className="pw-form__group">
          <legend className="field__label">{legend}</legend>
          {names.map((name) =>
            HIDDEN_IDENTITY.has(name) ? (
              <PasswordField
                key={name}
                label={IDENTITY_FIELD_LABELS[name]}
                toggleName={IDENTITY_FIELD_LABELS[name].toLowerCase()}
                value={fields[name]}
                onChange={(value) => { onChange({ ...fields, [name]: value }); }}
                error={errors[name]}
                autoComplete="off"
              />
            ) : (
              <TextField
                key={name}
                label={IDENTITY_FIELD_LABELS[name]}
                value={fields[name]}
                error={errors[name]}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                onChange={(event) => { onChange({ ...fields, [name]: event.target.value }); }}
                {...NOT_MINE}
              />
            ),
          )}
        </fieldset>
      ))}
    </>
  );
}

export const SSH_TEXTS = {
  generate: 'Generate a new key',
  generated: 'A new Ed25519 key was generated.',
  unsupported: 'This browser cannot make Ed25519 keys. Paste a key made with ssh-keygen instead.',
} as const;

export function SshFieldsEditor({ fields, errors, onChange, comment }: FieldsProps<SshFields> & { readonly comment: string }) {
  const [privateShown, setPrivateShown] = useState(false);
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  async function generate() {
    setBusy(true);
    try {
      const key = await generateSshKey(comment);
      if (key === null) {
        setSaid(SSH_TEXTS.unsupported);
        return;
      }
      onChange({ privateKey: key.privateKey, publicKey: key.publicKey, fingerprint: key.fingerprint });
      setSaid(SSH_TEXTS.generated);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <div className="pw-form__generate">
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => { void generate(); }}>
          {SSH_TEXTS.generate}
        </Button>
        <span role="status" className="pw-form__said">
          {said}
        </span>
      </div>
      <Field label="Private key" error={errors.privateKey}>
        {(control) => (
          <div className="pw-form__secret-text">
            <textarea
              className={privateShown ? 'input pw-form__key' : 'input pw-form__key pw-form__key--masked'}
              rows={privateShown ? 6 : 2}
              value={fields.privateKey}
              onChange={(event) => { onChange({ ...fields, privateKey: event.target.value }); }}
              {...NOT_MINE}
              {...control}
            />
            <Button variant="ghost" size="sm" aria-pressed={privateShown} onClick={() => { setPrivateShown((shown) => !shown); }}>
              {privateShown ? 'Hide private key' : 'Show private key'}
            </Button>
          </div>
        )}
      </Field>
      <Field label="Public key" error={errors.publicKey}>
        {(control) => (
          <textarea
            className="input pw-form__key"
            rows={3}
            value={fields.publicKey}
            onChange={(event) => { onChange({ ...fields, publicKey: event.target.value }); }}
            {...NOT_MINE}
            {...control}
          />
        )}
      </Field>
    </>
  );
}
