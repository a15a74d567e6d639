import { decryptText, encryptText } from './aead';
import { entryFieldContext } from './contexts';
import type { SymmetricDataKey } from './keys';
import type { Sealed } from './sealed';

// Format-1 entries (docs/crypto.md): title, url and notes in clear, username and password each
// sealed on its own and bound to the entry and the field. Still read, and re-encrypted by a team
// key rotation, until every vault is sealed; written only when a test asks for format 1.

export interface EntryFields {
  readonly username: string;
  readonly password: string;
}

/** A format-1 entry's username and password as stored: base64(IV ‖ ciphertext ‖ tag) each. */
export interface SealedEntryFields {
  readonly username: Sealed<'entry-field'>;
  readonly password: Sealed<'entry-field'>;
}

export async function sealEntryFields(key: SymmetricDataKey, entryId: string, fields: EntryFields): Promise<SealedEntryFields> {
  const [username, password] = await Promise.all([
    encryptText(key, fields.username, entryFieldContext(entryId, 'username')),
    encryptText(key, fields.password, entryFieldContext(entryId, 'password')),
  ]);
  return { username, password };
}

/** Both fields opened; rejects with the first failure (DecryptionError, InvalidCiphertextError). */
export async function openEntryFields(key: SymmetricDataKey, entryId: string, sealed: SealedEntryFields): Promise<EntryFields> {
  const [username, password] = await Promise.all([
    decryptText(key, sealed.username, entryFieldContext(entryId, 'username')),
    decryptText(key, sealed.password, entryFieldContext(entryId, 'password')),
  ]);
  return { username, password };
}
