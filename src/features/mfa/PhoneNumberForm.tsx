import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
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
  const countryId = useId();
  const customId = useId();
  const numberId = useId();
  const hintId = useId();
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
        <div className="field">
          <label htmlFor={countryId} className="field__label">
            Country code
          </label>
          <select
            id={countryId}
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
        </div>
        {country === OTHER_COUNTRY && (
          <div className="field">
            <label htmlFor={customId} className="field__label">
              Custom country code
            </label>
            <input
              id={customId}
              className="input mfa-phone__custom"
              type="text"
              inputMode="tel"
              maxLength={CUSTOM_CODE_MAX}
              value={customCode}
              onChange={(event) => {
                setCustomCode(cleanCustomCountryCode(event.target.value));
              }}
            />
          </div>
        )}
        <div className="field mfa-phone__number">
          <label htmlFor={numberId} className="field__label">
            Phone number
          </label>
          <input
            id={numberId}
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_INPUT_MAX}
            value={number}
            onChange={(event) => {
              setNumber(formatPhoneNumber(event.target.value, countryCode));
              setError(null);
            }}
            aria-invalid={error !== null ? true : undefined}
            aria-describedby={[hintId, error !== null ? errorId : ''].filter(Boolean).join(' ')}
          />
          <p id={hintId} className="field__hint">
            At least {minimumDigits(countryCode)} digits.
          </p>
        </div>
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
