export { FORM_TITLES, PasswordFormDialog, SAVE_FAILED, UNDECRYPTABLE_WARNING } from './PasswordFormDialog';
export type { PasswordFormDialogProps } from './PasswordFormDialog';
export { PASSWORD_DRAFT_FIELDS, PASSWORD_FORM_MESSAGES, toSavedDraft, validatePasswordDraft } from './validatePasswordDraft';
export type {
  PasswordDraftErrors,
  PasswordDraftField,
  PasswordDraftValidation,
  ValidDraft,
  ValidPasswordDraft,
  Validated,
} from './validatePasswordDraft';
