import { passwordFingerprint, type EntryHealth, type SymmetricDataKey } from '../../../crypto';
import { writeKey, type VaultDeps } from '../service/vaultDeps';
import { entryWords, type EstimateStrength } from './healthReport';
import type { HealthScope } from './scanHealth';

// An entry's health record (issue #42, docs/crypto.md "Health records"): computed where the
// password is in clear anyway (a save, an import, the background upgrade, or the report opening
// an entry saved without one) and sealed in the overview, so the report need not open the details
// nor run the estimator again.

export interface HealthInputs {
  readonly title: string;
  readonly username: string;
  readonly password: string;
  /** When the current password was set: its last replacement, else the entry's creation. */
  readonly passwordSetAt: number;
}

/** The record of `entry`, its fingerprint under `key` (the key its overview is sealed with). */
export async function entryHealth(key: SymmetricDataKey, estimate: EstimateStrength, entry: HealthInputs): Promise<EntryHealth> {
  if (entry.password === '') return { strength: null, fingerprint: null, passwordSetAt: entry.passwordSetAt };
  const [fingerprint, strength] = await Promise.all([passwordFingerprint(key, entry.password), estimate(entry.password, entryWords(entry.title, entry.username))]);
  return { strength, fingerprint, passwordSetAt: entry.passwordSetAt };
}

/**
 * The estimator from a loader that may fail (its chunk unreachable): a save never fails for want
 * of it. Without one the entry is saved with no record, as before issue #42, and the report and
 * the background upgrade compute it later.
 */
export async function estimatorOrNull(load: (() => Promise<EstimateStrength>) | undefined): Promise<EstimateStrength | null> {
  if (load === undefined) return null;
  try {
    return await load();
  } catch (error) {
    console.warn('The strength estimator did not load; the entry is saved without its health record', error);
    return null;
  }
}

/** What the report of this vault compares fingerprints under: the key its saves seal with. */
export function healthScopeOf(deps: VaultDeps): HealthScope {
  const { key, keyVersion } = writeKey(deps);
  return { fingerprint: (password) => passwordFingerprint(key, password), keyVersion };
}
