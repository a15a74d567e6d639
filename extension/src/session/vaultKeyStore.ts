import { bytesToBase64, base64ToBytes, importVaultKeyBytes, type VaultKey } from '../../../src/crypto';

// Where the unlocked vault key lives in the extension (docs/extension.md, "Session"): only in
// chrome.storage.session, which the browser keeps in memory and clears when it closes, and which
// Chrome shows only to the extension's own pages and worker (its default access level,
// TRUSTED_CONTEXTS: never a content script). Never chrome.storage.local, which is written to disk.
// Nothing sealed is kept here in clear: no item, no list, only the key and whose it is.

const SESSION_KEY = 'keyloft.vaultKey';

interface StoredSessionKey {
  readonly uid: string;
  /** The vault key's 32 raw bytes, base64. */
  readonly key: string;
}

/** What the store needs of `chrome.storage.session` (a stand-in in tests). */
export type SessionArea = Pick<chrome.storage.StorageArea, 'get' | 'set' | 'remove'>;

export function sessionArea(): SessionArea {
  return chrome.storage.session;
}

export async function keepVaultKey(area: SessionArea, uid: string, raw: Uint8Array<ArrayBuffer>): Promise<void> {
  try {
    const stored: StoredSessionKey = { uid, key: bytesToBase64(raw) };
    await area.set({ [SESSION_KEY]: stored });
  } finally {
    raw.fill(0);
  }
}

/** The vault key of `uid`, or null when locked (or when the key kept is another account's). */
export async function keptVaultKey(area: SessionArea, uid: string): Promise<VaultKey | null> {
  const found = (await area.get(SESSION_KEY))[SESSION_KEY] as Partial<StoredSessionKey> | undefined;
  if (found === undefined || found.uid !== uid || typeof found.key !== 'string') return null;
  return importVaultKeyBytes(base64ToBytes(found.key));
}

export async function hasVaultKey(area: SessionArea, uid: string): Promise<boolean> {
  const found = (await area.get(SESSION_KEY))[SESSION_KEY] as Partial<StoredSessionKey> | undefined;
  return found?.uid === uid;
}

export async function forgetVaultKey(area: SessionArea): Promise<void> {
  await area.remove(SESSION_KEY);
}
