// The public surface of the crypto layer. gcm.ts stays internal: everything else reaches AES-GCM
// through typed keys.
export * from './parameters';
export {
  CryptoError,
  DecryptionError,
  InvalidCiphertextError,
  InvalidKeyError,
  KdfMemoryError,
  KeyTypeError,
  UnsupportedKdfError,
  WrongExportPasswordError,
  WrongMasterPasswordError,
} from './errors';
export type { CryptoErrorCode } from './errors';
export { base64ToBytes, base64UrlToBytes, bytesToBase64, bytesToBase64Url, utf8Decode, utf8Encode } from './encoding';
export { asStoredCiphertext, isStoredCiphertext } from './sealed';
export type { Binding, SealPurpose, Sealed } from './sealed';
export { assertKeyKind } from './keys';
export type { InviteKey, KeyKind, MasterKey, PrivateKey, PublicKey, SymmetricDataKey, TeamKey, VaultKey } from './keys';
export { generateSalt, generateSharedSecret, importInviteKey, randomBytes } from './random';
export { deriveMasterKey, isOutdatedKdf, newKdfParams, validateKdfParams } from './kdf';
export type { Argon2idParams, KdfParams, Pbkdf2Params } from './kdf';
export { installArgon2WorkerFactory } from './masterArgon2';
export type { Argon2WorkerFactory } from './masterArgon2';
export {
  EXPORT_FILE_CIPHER,
  EXPORT_FILE_FORMAT,
  EXPORT_FILE_VERSION,
  checkExportFile,
  exportFileContext,
  openExportFile,
  sealExportFile,
} from './exportFile';
export type { SealedExportFile } from './exportFile';
export { ARGON2_LIMITS, argon2 } from './argon2';
export type { Argon2Params, Argon2Variant } from './argon2';
export { openBitwardenProtectedExport } from './bitwardenExport';
export type { BitwardenExportKdf, BitwardenProtectedExport } from './bitwardenExport';
export { KNOWN_KEYS_CONTEXT, PASSKEY_HKDF_INFO, PASSKEY_HKDF_SALT, entryFieldContext, passkeyVaultKeyContext, knownKeyContext, memberKeyLabel, inviteTeamKeyContext, previousTeamKeyContext, teamKeyCheckLabel, teamKeyLabel } from './contexts';
export { teamKeyCheck, teamKeyMatchesCheck } from './teamKeyCheck';
export { memberKeyCheck, memberKeyMatchesCheck, openKnownKey, sealKnownKey } from './memberKeyCheck';
export type { EntryField, TeamKeyBinding } from './contexts';
export { openPreviousTeamKey, sealPreviousTeamKey } from './teamKeys';
export { INVITE_ACCEPT_PROOF_LABEL, inviteAcceptProof, inviteProofHash } from './invite';
export { fingerprintOf, formatFingerprint, publicKeyFingerprint } from './fingerprint';
export type { Fingerprint } from './fingerprint';
export { decryptBytes, decryptText, encryptBytes, encryptText } from './aead';
export {
  SEALED_ENTRY_FORMAT,
  entryPartContext,
  openEntryDetails,
  openEntryOverview,
  openEntryParts,
  resealEntryParts,
  sealEntryDetails,
  sealEntryOverview,
  sealEntryParts,
} from './entryParts';
export type {
  EntryDetails,
  EntryOverview,
  EntryPart,
  EntryPartBinding,
  EntryParts,
  OpenedEntryDetails,
  OpenedEntryParts,
  ReplacedPassword,
  SealedEntryParts,
  SealedOverview,
  AnyOverview,
} from './entryParts';
export { ITEM_ENTRY_FORMAT, IDENTITY_FIELDS, itemDetailsValue, itemOverviewValue } from './itemShapes';
export type { ItemDetailFields, ItemDetails, ItemOverview, SealedCustomField, SealedItemKind, SealedItemUrl } from './itemShapes';
export { openItemDetails, openItemOverview, openItemParts, resealItemParts, sealItemParts } from './itemParts';
export type { ItemParts, SealedItemParts } from './itemParts';
export { openEntryFields, sealEntryFields } from './entryFields';
export { passwordFingerprint } from './passwordHealth';
export type { EntryHealth, HealthStrength } from './passwordHealth';
export type { EntryFields, SealedEntryFields } from './entryFields';
export { createDecryptPool, workerCountFor } from './decryptPool';
export { installOverviewWorkerFactory, openEntryOverviews, warmUpDecryptPool } from './sharedDecryptPool';
export type { DecryptPool, DecryptPoolOptions, OverviewWorker, OverviewWorkerFactory } from './decryptPool';
export { SEALED_GROUP_FORMAT, groupPartContext, openGroupOverview, sealGroupOverview } from './groupParts';
export type { GroupOverview, GroupPartBinding } from './groupParts';
export type { DataKey } from './aead';
export {
  exportPublicKey,
  generateKeyPair,
  generateTeamKey,
  importPrivateKey,
  importPublicKey,
  unwrapTeamKey,
  unwrapTeamKeyWithInvite,
  wrapTeamKey,
  wrapTeamKeyWithInvite,
} from './rsa';
export type { GeneratedKeyPair } from './rsa';
export {
  MASTER_PASSWORD_CHECK_TEXT,
  changeMasterPassword,
  createAccountKeys,
  importVaultKeyBytes,
  rewrapForCurrentKdf,
  unlockPrivateKey,
  unlockVault,
  unlockVaultKeyBytes,
} from './vault';
export type { StoredMasterKeyMaterial, StoredVaultKeys } from './vault';
export { newPrfSalt, prfSaltBytes, startPasskeyEnrolment, unlockVaultWithPasskey } from './passkeyUnlock';
export type { PasskeyEnrolment } from './passkeyUnlock';
export { sha256Base64 } from './hash';
export { SshKeyError } from './sshWire';
export { SSH_KEY_TYPES, parseSshPublicKey, sshFingerprint } from './sshKeys';
export type { SshKeyType, SshPublicKey } from './sshKeys';
export { isSshPrivateKey, readSshPrivateKey } from './sshPrivateKeys';
export type { SshPrivateKeyFormat, SshPrivateKeyInfo } from './sshPrivateKeys';
export { generateSshKey } from './sshKeyGen';
export type { GeneratedSshKey } from './sshKeyGen';
