// The two Keyloft export files (docs/import.md "Export"): the encrypted one, the default, and the
// plain one. Both hold the same document; the encrypted file seals it whole, so without the
// file's password nothing of the vault is readable but the file's size.
import { sealExportFile } from '../../../crypto';
import type { ExportedVault } from './exportedVault';
import { keyloftPlainDocument } from './keyloftDocument';

export interface KeyloftEncryptedOptions {
  /** The password the user chose for this file (not the master password; any account opens it with this). */
  readonly password: string;
  /** The account's own PBKDF2 iteration count; refused outside parameters.ts's bounds. */
  readonly iterations: number;
  readonly now?: Date;
}

/** The plain Keyloft JSON: every password readable. Indented, for a person reading it. */
export function exportKeyloftJson(vault: ExportedVault, options: { readonly now?: Date } = {}): string {
  return `${JSON.stringify(keyloftPlainDocument(vault, options.now ?? new Date()), null, 2)}\n`;
}

/**
 * The encrypted Keyloft export. The sealed plaintext is the plain document as compact JSON;
 * rejects with the crypto layer's errors (an empty password, an iteration count out of bounds).
 */
export async function exportKeyloftEncrypted(vault: ExportedVault, options: KeyloftEncryptedOptions): Promise<string> {
  const plaintext = JSON.stringify(keyloftPlainDocument(vault, options.now ?? new Date()));
  const sealed = await sealExportFile(options.password, plaintext, options.iterations);
  return `${JSON.stringify(sealed, null, 2)}\n`;
}
