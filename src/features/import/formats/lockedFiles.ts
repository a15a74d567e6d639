// Files another manager wrote that Keyloft cannot open (issue #44, item 3): KeePass 1 databases,
// account-restricted Bitwarden exports, and 1Password's older interchange format and encrypted
// vaults. Each is named in plain words with the way to export a file Keyloft reads, instead of
// "not UTF-8" or "could not tell which password manager wrote this file". Detection (../detect.ts)
// asks this before any format, so such a file is refused when it is picked and changes nothing.
// KeePass 2 databases (.kdbx) and password-protected Bitwarden exports are not here: they open
// with their password (./keepassKdbx.ts, ./bitwardenJson.ts).
import type { ImportFormat } from '../model';

type FormatSample = Parameters<ImportFormat['recognises']>[0];

export const LOCKED_FILE_MESSAGES = {
  kdb: 'This is a KeePass 1 database (.kdb), which is encrypted: Keyloft cannot open it. Open it in KeePass 2 (File › Import › KeePass 1.x), export it as KeePass XML (2.x) (File › Export), and import that file.',
  bitwardenAccount:
    'This Bitwarden export is encrypted with your Bitwarden account’s key (account restricted): only that Bitwarden account can open it. In Bitwarden, export your vault again with the file format “.json” (not “.json (Encrypted)”), and import that file.',
  onePif:
    'This is a 1Password Interchange File (.1pif), from 1Password 7 or earlier, which Keyloft does not read. Export from 1Password 8 in the 1PUX format (File › Export), or from 1Password as CSV, and import that file.',
  opvault:
    'This file is part of an encrypted 1Password vault (OPVault), which Keyloft cannot open. Export from 1Password 8 in the 1PUX format (File › Export), and import that file.',
} as const;

// KeePass's file signature, two little-endian 32-bit words: 0x9AA2D903, then 0xB54BFB65 for
// KeePass 1 (KDB); KeePass 2's (KDBX, 0xB54BFB67) is recognised by its own format.
export const KEEPASS_SIGNATURE = [0x03, 0xd9, 0xa2, 0x9a] as const;
export const KDBX_SIGNATURE = [0x67, 0xfb, 0x4b, 0xb5] as const;
const KDB_SIGNATURE = [0x65, 0xfb, 0x4b, 0xb5];

// 1PIF separates its items with this line; nothing else writes it.
const ONE_PIF_SEPARATOR = '***5642bee8-a5ff-11dc-8314-0800200c9a66***';

export function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function keepassReason(bytes: Uint8Array): string | null {
  return startsWith(bytes, KEEPASS_SIGNATURE) && startsWith(bytes, KDB_SIGNATURE, 4) ? LOCKED_FILE_MESSAGES.kdb : null;
}

/**
 * Bitwarden writes "encrypted" (and "passwordProtected") first. Keyloft's own encrypted export has
 * "encrypted": true too, so a Bitwarden mark must be there as well: the key check value or the
 * items. A password-protected export (passwordProtected) opens with its password: not refused here.
 */
function bitwardenReason(head: string): string | null {
  if (!/^\s*\{/.test(head) || !/"encrypted"\s*:\s*true\b/.test(head)) return null;
  if (/"passwordProtected"\s*:\s*true\b/.test(head)) return null;
  return /"(encKeyValidation_DO_NOT_EDIT|items)"\s*:/.test(head) ? LOCKED_FILE_MESSAGES.bitwardenAccount : null;
}

function onePasswordReason({ name, head }: FormatSample): string | null {
  if (/\.1pif$/i.test(name) || head.includes(ONE_PIF_SEPARATOR)) return LOCKED_FILE_MESSAGES.onePif;
  // An OPVault folder's key file and item bands (profile.js, band_0.js … band_F.js).
  if (/^\s*var profile\s*=\s*\{/.test(head) && head.includes('"masterKey"')) return LOCKED_FILE_MESSAGES.opvault;
  if (/^band_[0-9a-f]\.js$/i.test(name) && /^\s*ld\(\{/.test(head)) return LOCKED_FILE_MESSAGES.opvault;
  return null;
}

/** Why Keyloft cannot read this file and what to export instead, or null when it is none of these. */
export function lockedFileReason(sample: FormatSample): string | null {
  return keepassReason(sample.bytes) ?? bitwardenReason(sample.head) ?? onePasswordReason(sample);
}
