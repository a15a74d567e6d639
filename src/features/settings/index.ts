export { ChangeEmailDialog, CHANGE_EMAIL_TITLE } from './ChangeEmailDialog';
export type { ChangeEmailDialogProps } from './ChangeEmailDialog';
