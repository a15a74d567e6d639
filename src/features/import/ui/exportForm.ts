// The export form's checks before anything is asked of the vault (issue #20, item 5).
import type { ExportChoice } from './buildExport';

/** The words the app says for a wrong master password everywhere (SPEC.md §7; features/auth, features/settings). */
export const INVALID_MASTER_PASSWORD = 'Invalid master password. Please try again.';

export const EXPORT_MESSAGES = {
  masterRequired: 'Enter your master password.',
  filePasswordRequired: 'Choose a password for the file.',
  filePasswordsDiffer: 'File passwords do not match.',
  understand: 'Tick “I understand” to export an unencrypted file.',
  failed: 'The export could not be built. Nothing was saved. Try again.',
} as const;

export interface ExportValues {
  readonly masterPassword: string;
  readonly choice: ExportChoice;
  readonly filePassword: string;
  readonly confirmFilePassword: string;
  readonly understood: boolean;
}

export interface ExportErrors {
  readonly masterPassword: string | null;
  readonly filePassword: string | null;
  readonly confirmFilePassword: string | null;
  readonly understood: string | null;
}

export const NO_ERRORS: ExportErrors = { masterPassword: null, filePassword: null, confirmFilePassword: null, understood: null };

export function validateExport(values: ExportValues): ExportErrors {
  const encrypted = values.choice === 'keyloft-encrypted';
  return {
    masterPassword: values.masterPassword === '' ? EXPORT_MESSAGES.masterRequired : null,
    filePassword: encrypted && values.filePassword === '' ? EXPORT_MESSAGES.filePasswordRequired : null,
    confirmFilePassword:
      encrypted && values.filePassword !== '' && values.confirmFilePassword !== values.filePassword
        ? EXPORT_MESSAGES.filePasswordsDiffer
        : null,
    understood: !encrypted && !values.understood ? EXPORT_MESSAGES.understand : null,
  };
}

export function hasErrors(errors: ExportErrors): boolean {
  return Object.values(errors).some((error) => error !== null);
}
