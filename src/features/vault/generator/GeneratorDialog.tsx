import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { CLIPBOARD_CLEAR_MS, copyToClipboard } from '../../../ui/clipboard';
import { Dialog } from '../../../ui/Dialog';
import {
  DEFAULT_OPTIONS,
  INVALID_LENGTH_MESSAGE,
  MAX_LENGTH,
  MIN_LENGTH,
  clampLength,
  generatePassword,
  isValidLength,
  validateOptions,
  type GeneratorOptions,
} from './generate';
import './generator.css';

/** SPEC.md §9: the copied indicator lasts 2 seconds. */
export const COPIED_TICK_MS = 2_000;

export type GeneratorDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Receives the password shown when "Use this password" is pressed; the dialog then closes. */
  onUse: (password: string) => void;
};

type TypeOption = Exclude<keyof GeneratorOptions, 'length'>;

const TYPE_OPTIONS: readonly { readonly key: TypeOption; readonly label: string }[] = [
  { key: 'includeUppercase', label: 'Uppercase (A–Z)' },
  { key: 'includeLowercase', label: 'Lowercase (a–z)' },
  { key: 'includeNumbers', label: 'Numbers (0–9)' },
  { key: 'includeSpecialChars', label: 'Special characters' },
  { key: 'includeSpaces', label: 'Spaces' },
];

/**
 * The password generator (SPEC.md §2, §5): length and character types, a fresh password on every
 * change, Copy with a 2-second tick, and "Use this password" to hand it to the form.
 */
export function GeneratorDialog({ open, onClose, onUse }: GeneratorDialogProps) {
  // Held here rather than in the panel so that the chosen options survive closing and reopening
  // while the form stays mounted; each opening still starts with a fresh password.
  const [options, setOptions] = useState<GeneratorOptions>({ ...DEFAULT_OPTIONS });
  return (
    <Dialog open={open} onClose={onClose} title="Password Generator">
      <GeneratorPanel
        options={options}
        onOptionsChange={setOptions}
        onUse={(password) => {
          onUse(password);
          onClose();
        }}
      />
    </Dialog>
  );
}

/** The shown password for these options, or '' when they are invalid (the message says why). */
function passwordFor(options: GeneratorOptions): string {
  return validateOptions(options) ? '' : generatePassword(options);
}

type CopyState = { readonly status: 'idle' } | { readonly status: 'copied' } | { readonly status: 'failed' };

const IDLE: CopyState = { status: 'idle' };

export type GeneratorPanelProps = {
  options: GeneratorOptions;
  onOptionsChange: (options: GeneratorOptions) => void;
  /** "Use this password" hands it on; without it (the browser extension's popup) there is no such button. */
  onUse?: (password: string) => void;
  /** After a copy that landed: the extension has its worker clear the clipboard, as its popup may close first. */
  onCopied?: () => void;
};

/** The generator itself, without its dialog: the web vault's dialog and the extension's popup show it. */
export function GeneratorPanel({ options, onOptionsChange, onUse, onCopied }: GeneratorPanelProps) {
  const lengthLabelId = useId();
  const lengthInputId = useId();
  const outputLabelId = useId();
  const errorId = useId();
  const lengthErrorId = useId();
  const [password, setPassword] = useState(() => passwordFor(options));
  // The number box's text while it is being typed in: "3" on the way to "30" must not be clamped.
  const [lengthDraft, setLengthDraft] = useState(String(options.length));
  const [copy, setCopy] = useState<CopyState>(IDLE);
  // Bumped with every new password, so a clipboard write that finishes late does not tick for a
  // password that is no longer shown.
  const generation = useRef(0);
  const error = validateOptions(options);

  useEffect(() => {
    if (copy.status !== 'copied') return;
    const timer = setTimeout(() => {
      setCopy(IDLE);
    }, COPIED_TICK_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copy]);

  function showNewPassword(next: GeneratorOptions) {
    generation.current += 1;
    setPassword(passwordFor(next));
    setCopy(IDLE);
  }

  function changeOptions(next: GeneratorOptions) {
    onOptionsChange(next);
    showNewPassword(next);
  }

  function changeLength(length: number) {
    setLengthDraft(String(length));
    if (length !== options.length) changeOptions({ ...options, length });
  }

  function typeLength(text: string) {
    setLengthDraft(text);
    const length = Number(text);
    if (text.trim() !== '' && isValidLength(length) && length !== options.length) {
      changeOptions({ ...options, length });
    }
  }

  function settleLength() {
    const length = Number(lengthDraft);
    if (lengthDraft.trim() === '' || Number.isNaN(length)) setLengthDraft(String(options.length));
    else changeLength(clampLength(length));
  }

  async function copyPassword() {
    const copying = generation.current;
    let next: CopyState;
    try {
      // Wiped from the clipboard later, like a password copied from the list.
      await copyToClipboard(password, { clearAfterMs: CLIPBOARD_CLEAR_MS });
      next = { status: 'copied' };
      onCopied?.();
    } catch {
      next = { status: 'failed' };
    }
    if (copying === generation.current) setCopy(next);
  }

  // A length typed but not yet settled (Enter or leaving the box) that is outside 4–50 or not whole:
  // the slider still shows the length in use, so generating waits until the two agree again.
  const draftInvalid = !isValidLength(Number(lengthDraft)) || lengthDraft.trim() === '';
  const blocked = error !== null || draftInvalid;

  return (
    <div className="generator">
      <div className="field">
        <label id={lengthLabelId} htmlFor={lengthInputId} className="field__label">
          Length
        </label>
        <div className="generator__length">
          <input
            type="range"
            className="generator__slider"
            min={MIN_LENGTH}
            max={MAX_LENGTH}
            step={1}
            value={options.length}
            aria-labelledby={lengthLabelId}
            onChange={(event) => {
              changeLength(Number(event.target.value));
            }}
          />
          <input
            id={lengthInputId}
            type="number"
            className="input generator__number"
            min={MIN_LENGTH}
            max={MAX_LENGTH}
            step={1}
            inputMode="numeric"
            value={lengthDraft}
            aria-invalid={draftInvalid ? true : undefined}
            aria-describedby={draftInvalid ? lengthErrorId : undefined}
            onChange={(event) => {
              typeLength(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              settleLength();
            }}
            onBlur={settleLength}
          />
        </div>
        {draftInvalid && (
          <p id={lengthErrorId} className="field__error">
            {INVALID_LENGTH_MESSAGE}
          </p>
        )}
      </div>

      <fieldset className="generator__types">
        <legend className="field__label">Character types</legend>
        {TYPE_OPTIONS.map(({ key, label }) => (
          <label key={key} className="generator__type">
            <input
              type="checkbox"
              checked={options[key]}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                changeOptions({ ...options, [key]: event.target.checked });
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>

      {error && (
        <p id={errorId} role="alert" className="notice notice--error generator__notice">
          {error.message}
        </p>
      )}

      <div className="field">
        <span id={outputLabelId} className="field__label">
          Generated password
        </span>
        <output className="generator__output" aria-labelledby={outputLabelId} aria-live="polite">
          {password}
        </output>
      </div>

      {copy.status === 'failed' && (
        <p role="alert" className="notice notice--error generator__notice">
          Could not copy to the clipboard. Select the password and copy it yourself.
        </p>
      )}
      <p role="status" className="visually-hidden">
        {copy.status === 'copied' ? 'Password copied to the clipboard. It is cleared in 30 s.' : ''}
      </p>

      <div className="generator__actions">
        <Button
          variant="secondary"
          disabled={blocked}
          onClick={() => {
            showNewPassword(options);
          }}
        >
          Regenerate
        </Button>
        <Button
          variant="secondary"
          disabled={blocked}
          onClick={() => {
            void copyPassword();
          }}
        >
          {copy.status === 'copied' ? (
            <>
              <span aria-hidden="true">✓</span> Copied
            </>
          ) : (
            'Copy'
          )}
        </Button>
        {onUse === undefined ? null : (
          <Button
            variant="primary"
            className="generator__use"
            disabled={blocked}
            onClick={() => {
              onUse(password);
            }}
          >
            Use this password
          </Button>
        )}
      </div>
    </div>
  );
}
