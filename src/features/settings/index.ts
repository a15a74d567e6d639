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
