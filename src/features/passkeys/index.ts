// Unlock with a passkey (issue #46): Settings' section, the lock screen's button, and their services.
export { PasskeysSection, PASSKEY_SECTION_MESSAGES } from './PasskeysSection';
export { PasskeyUnlock, PASSKEY_UNLOCK_MESSAGES } from './PasskeyUnlock';
export {
  createPasskeySettingsApi,
  createPasskeyUnlockApi,
  PASSKEY_FLOW_MESSAGES,
  type PasskeyDeps,
  type PasskeySettingsApi,
  type PasskeyUnlockApi,
} from './passkeyService';
export { browserStorage, passkeysOnDevice, type PasskeysOnDevice } from './deviceMemory';
export { browserWebAuthn, PASSKEY_MESSAGES, PasskeyError, type BrowserWebAuthn, type CredentialsPort } from './webauthn';
