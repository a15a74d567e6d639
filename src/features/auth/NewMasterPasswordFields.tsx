import { useId } from 'react';
import { MASTER_PASSWORD_AUTOCOMPLETE, MasterPasswordField, PasswordField } from './fields';
import { StrengthMeter } from './StrengthMeter';
import type { Submission } from './useSubmit';

// What the meter below measures (zxcvbn: how many guesses the password would take), said plainly:
// length and unpredictability, not character classes. 'Password1!' mixes all four and rates Weak;
// four random lowercase words rate Strong (issue #43 item 10).
export const MASTER_PASSWORD_ADVICE =
  'Make it long and unpredictable: at least 12 characters, such as four or more random words. ' +
  'Names, dates, common phrases and swapping letters for symbols are easy to guess. ' +
  'Your master password cannot be recovered: if you forget it, nobody can open your vault.';


/** Master password + confirmation for a new vault, with the strength meter and the advice. */
export function NewMasterPasswordFields({
  masterPassword,
  confirm,
  onMasterPasswordChange,
  onConfirmChange,
  email,
  submission,
  warningId,
}: {
  masterPassword: string;
  confirm: string;
  onMasterPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Counted as guessable by the strength meter. */
  email: string;
  submission: Submission;
  /** A warning element (same passwords) that also describes the master password field. */
  warningId?: string | undefined;
}) {
  const meterId = useId();
  return (
    <>
      <MasterPasswordField
        value={masterPassword}
        onChange={onMasterPasswordChange}
        errorId={submission.errorIdFor('masterPassword')}
        hint={MASTER_PASSWORD_ADVICE}
        extraDescribedBy={[meterId, warningId].filter(Boolean).join(' ')}
      />
      <StrengthMeter id={meterId} password={masterPassword} email={email} />
      <PasswordField
        label="Confirm master password"
        toggleName="master password confirmation"
        value={confirm}
        onChange={onConfirmChange}
        autoComplete={MASTER_PASSWORD_AUTOCOMPLETE}
        errorId={submission.errorIdFor('confirmMasterPassword')}
      />
    </>
  );
}
