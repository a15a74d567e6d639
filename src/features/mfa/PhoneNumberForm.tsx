import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { Field, TextField } from '../../ui/TextField';
import {
  COUNTRY_CODES,
  CUSTOM_CODE_MAX,
  OTHER_COUNTRY,
  PHONE_INPUT_MAX,
  cleanCustomCountryCode,
  e164,
  formatPhoneNumber,
  minimumDigits,
} from './phoneRules';
import { failureMessage, useSubmit } from '../../ui/useSubmit';

export interface PhoneNumberFormProps {
  /** Sends the code to the E.164 number; rejects with the message to show (what was typed is kept). */
  readonly onSend: (phoneNumber: string) => Promise<void>;
  readonly onBack: () => void;
}

/** The phone step of enrolment: country code (or a custom one) and the number, formatted as typed. */
export function PhoneNumberForm({ onSend, onBack }: PhoneNumberFormProps) {
  const errorId = useId();
  const [country, setCountry] = useState<string>(COUNTRY_CODES[0]);
  const [customCode, setCustomCode] = useState('+');
  const [number, setNumber] = useState('');
  const { busy, error, submit, setError } = useSubmit(failureMessage);

  const countryCode = country === OTHER_COUNTRY ? customCode : country;
  const phoneNumber = e164(countryCode, number);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || phoneNumber === null) return;
    const target = phoneNumber;
    void submit(() => onSend(target));
  }

  return (
    <form className="mfa-form" noValidate aria-busy={busy} onSubmit={handleSubmit}>
      <p>We will text a 6-digit code to this number. Standard message rates may apply.</p>
      {error !== null && (
        <p id={errorId} role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <div className="mfa-phone">
        <Field label="Country code">
          {(control) => (
            <select
              {...control}
              className="input"
              value={country}
              onChange={(event) => {
                setCountry(event.target.value);
                setNumber((typed) => formatPhoneNumber(typed, event.target.value === OTHER_COUNTRY ? customCode : event.target.value));
              }}
            >
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
              <option value={OTHER_COUNTRY}>Other</option>
            </select>
          )}
        </Field>
        {country === OTHER_COUNTRY && (
          <TextField
            label="Custom country code"
            inputClassName="mfa-phone__custom"
            type="text"
            inputMode="tel"
            maxLength={CUSTOM_CODE_MAX}
            value={customCode}
            onChange={(event) => {
              setCustomCode(cleanCustomCountryCode(event.target.value));
            }}
          />
        )}
        <TextField
          label="Phone number"
          className="mfa-phone__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={PHONE_INPUT_MAX}
          value={number}
          onChange={(event) => {
            setNumber(formatPhoneNumber(event.target.value, countryCode));
            setError(null);
          }}
          hint={`At least ${minimumDigits(countryCode)} digits.`}
          invalid={error !== null}
          describedBy={error !== null ? errorId : undefined}
        />
      </div>
      <div className="mfa-buttons">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="submit" disabled={busy || phoneNumber === null}>
          {busy ? 'Sending…' : 'Send Code'}
        </Button>
      </div>
    </form>
  );
}
