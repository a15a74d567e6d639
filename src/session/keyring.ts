import type { PrivateKey, VaultKey } from '../crypto';

/** The keys of an unlocked vault. Non-extractable CryptoKeys, held in memory only. */
export interface UnlockedKeys {
  readonly vaultKey: VaultKey;
  readonly privateKey: PrivateKey;
}
