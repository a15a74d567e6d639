// Opening a password-protected Bitwarden export (issue #44): the file's bytes and the password the
// user typed give the plain `.json` export it seals, as text, which the Bitwarden JSON parser then
// reads like any other. No UI and no state, so it can run in the import worker as it is.
import { CryptoError, InvalidCiphertextError, UnsupportedKdfError, WrongExportPasswordError, openBitwardenProtectedExport } from '../../../crypto';
import type { BitwardenProtectedExport } from '../../../crypto';
import { decodeUtf8, parseJson } from '../fileGuards';
import { ImportFileError, NeedsFilePasswordError } from '../model';

const NOT_PROTECTED = 'This file is not a password-protected Bitwarden export: it lacks the salt, key settings or encrypted data Bitwarden writes.';

function readEnvelope(bytes: Uint8Array): BitwardenProtectedExport {
  const value = parseJson(decodeUtf8(bytes));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ImportFileError(NOT_PROTECTED);
  const file = value as Readonly<Record<string, unknown>>;
  const { salt, kdfType, kdfIterations, kdfMemory, kdfParallelism, encKeyValidation_DO_NOT_EDIT: check, data } = file;
  if (file.passwordProtected !== true || typeof salt !== 'string' || typeof check !== 'string' || typeof data !== 'string') {
    throw new ImportFileError(NOT_PROTECTED);
  }
  if (typeof kdfType !== 'number' || typeof kdfIterations !== 'number') throw new ImportFileError(NOT_PROTECTED);
  const optional = (setting: unknown) => (typeof setting === 'number' ? setting : null);
  return {
    salt,
    kdfType,
    kdfIterations,
    kdfMemory: optional(kdfMemory),
    kdfParallelism: optional(kdfParallelism),
    encKeyValidation_DO_NOT_EDIT: check,
    data,
  };
}

/**
 * The plain JSON text a password-protected Bitwarden export seals. Throws NeedsFilePasswordError
 * (wrong) when the password does not open it, ImportFileError when the file is not such an export,
 * asks for settings Keyloft refuses, or is damaged.
 */
export async function unlockBitwardenExport(bytes: Uint8Array, password: string): Promise<string> {
  const envelope = readEnvelope(bytes);
  try {
    return await openBitwardenProtectedExport(password, envelope);
  } catch (error) {
    if (error instanceof WrongExportPasswordError) throw new NeedsFilePasswordError(true);
    if (error instanceof UnsupportedKdfError) {
      throw new ImportFileError(`This Bitwarden export asks for key derivation settings Keyloft refuses: ${error.message}`);
    }
    if (error instanceof InvalidCiphertextError) throw new ImportFileError(`This Bitwarden export is damaged and cannot be opened: ${error.message}`);
    if (error instanceof CryptoError) throw new ImportFileError(`This Bitwarden export cannot be opened: ${error.message}`);
    throw error;
  }
}
