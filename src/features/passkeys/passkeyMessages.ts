// What Settings' passkey section says (tests read the same strings).
export const PASSKEY_SECTION_MESSAGES = {
  heading: 'Unlock with a passkey',
  explain:
    'A passkey can open your vault in place of your master password on a device that has it. Your master password keeps working and still opens the vault everywhere.',
  loading: 'Checking passkeys…',
  none: 'No passkeys yet.',
  loadFailed: 'Could not load your passkeys. Please try again.',
  confirmStep: 'Confirm with your master password: it opens the vault key that the passkey will also open.',
  createStep: 'Your browser now asks you to create a passkey, then to use it once so that it can open your vault.',
  added: 'Passkey added. It can unlock your vault on this device.',
  removed: 'Passkey removed.',
  removeFailed: 'Could not remove the passkey. Please try again.',
  failed: 'Could not add the passkey. Please try again.',
} as const;
