export { ChangeEmailDialog, CHANGE_EMAIL_TITLE } from './ChangeEmailDialog';
export type { ChangeEmailDialogProps } from './ChangeEmailDialog';
export { ChangeAccountPasswordDialog, CHANGE_ACCOUNT_PASSWORD_TITLE } from './ChangeAccountPasswordDialog';
export type { ChangeAccountPasswordDialogProps } from './ChangeAccountPasswordDialog';
export { SendVerificationButton, SEND_VERIFICATION_LABEL } from './SendVerificationButton';
export type { SendVerificationButtonProps } from './SendVerificationButton';
// The settings feature's public surface (the app composes it into Account Settings).
export { DeleteAccountDialog, type DeleteAccountDialogProps } from './DeleteAccountDialog';
export {
  ACCOUNT_DELETION_MESSAGES,
  InvalidMasterPasswordError,
  createAccountDeletionApi,
  type AccountDeletionApi,
  type AccountDeletionDeps,
  type TeamToDelete,
} from './accountDeletion';
export { KeyFingerprintSection, KEY_FINGERPRINT_MESSAGES, type KeyFingerprintSectionProps } from './KeyFingerprintSection';
export { loadOwnKeyFingerprint, type OwnKeyFingerprint } from './ownKeyFingerprint';
export { AccountSettingsDialog, type AccountActions, type AccountSettingsDialogProps } from './AccountSettingsDialog';
export { ChangeMasterPasswordDialog, type ChangeMasterPasswordDialogProps } from './ChangeMasterPasswordDialog';
export { createMasterPasswordApi } from './masterPasswordService';
export { masterPasswordOpens } from './masterPasswordCheck';
