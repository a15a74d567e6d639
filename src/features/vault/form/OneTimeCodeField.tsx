import { useRef, useState, type ClipboardEvent, type Ref } from 'react';
import { Button } from '../../../ui/Button';
import { EyeIcon, EyeOffIcon } from '../../../ui/icons';
import { Field } from '../../../ui/TextField';
import { OneTimeCodeError, parseOneTimeCode } from '../otp/oneTimeCode';
import { readQrImage as readQrImageInPage, type ReadQrImage } from '../otp/readQrImage';

// The form's one-time code (issue #23): typed or pasted as a setup key or otpauth:// link, or read
// from a QR code image the user picks or pastes into the field. The image is decoded in this page.
// Its secret is as good as a second password: masked like the password field until Show (issue #43).

export const ONE_TIME_CODE_TEXTS = {
  label: 'One-time code',
  toggleName: 'one-time code secret',
  hint: 'The setup key or otpauth:// link a site gives when you turn on two-step sign-in, or read it from a QR code image.',
  readImage: 'Read QR code image',
  read: 'The one-time code was read from the QR code.',
  noCode: 'No QR code was found in that image.',
  unreadable: 'That image could not be read.',
} as const;

export interface OneTimeCodeFieldProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | undefined;
  readonly inputRef: Ref<HTMLInputElement>;
  readonly readQrImage?: ReadQrImage | undefined;
}

export function OneTimeCodeField({ value, onChange, error, inputRef, readQrImage = readQrImageInPage }: OneTimeCodeFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [reading, setReading] = useState(false);
  const [visible, setVisible] = useState(false);

  async function readImage(image: Blob) {
    setReading(true);
    setImageError(null);
    setSaid('');
    try {
      const text = await readQrImage(image);
      if (text === null) {
        setImageError(ONE_TIME_CODE_TEXTS.noCode);
        return;
      }
      // A QR code that is not a one-time code (a web address, a Wi-Fi login) is said at once.
      parseOneTimeCode(text);
      onChange(text);
      setSaid(ONE_TIME_CODE_TEXTS.read);
    } catch (problem) {
      setImageError(problem instanceof OneTimeCodeError ? problem.message : ONE_TIME_CODE_TEXTS.unreadable);
    } finally {
      setReading(false);
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const image = [...event.clipboardData.files].find((file) => file.type.startsWith('image/'));
    if (image === undefined) return;
    event.preventDefault();
    void readImage(image);
  }

  return (
    <div className="pw-form__otp">
      <Field
        label={
          <>
            {ONE_TIME_CODE_TEXTS.label} <span className="pw-form__optional">(optional)</span>
          </>
        }
        hint={ONE_TIME_CODE_TEXTS.hint}
        error={error ?? imageError}
      >
        {(control) => (
          <div className="password-field">
            <input
              ref={inputRef}
              className="input password-field__input"
              // Not the user's own password: the browser neither fills nor offers to save it.
              type={visible ? 'text' : 'password'}
              value={value}
              onChange={(event) => {
                setImageError(null);
                setSaid('');
                onChange(event.target.value);
              }}
              onPaste={handlePaste}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              translate="no"
              {...control}
            />
            <Button
              variant="ghost"
              size="sm"
              className="password-field__toggle"
              aria-controls={control.id}
              aria-label={`${visible ? 'Hide' : 'Show'} ${ONE_TIME_CODE_TEXTS.toggleName}`}
              icon={visible ? <EyeOffIcon /> : <EyeIcon />}
              onClick={() => {
                setVisible(!visible);
              }}
            >
              {visible ? 'Hide' : 'Show'}
            </Button>
          </div>
        )}
      </Field>
      <Button
        variant="ghost"
        size="sm"
        disabled={reading}
        onClick={() => {
          fileRef.current?.click();
        }}
      >
        {ONE_TIME_CODE_TEXTS.readImage}
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file picked again must fire again.
          event.target.value = '';
          if (file !== undefined) void readImage(file);
        }}
      />
      <span role="status" className="visually-hidden">
        {said}
      </span>
    </div>
  );
}
