import type { KeyValueStorage } from '../keyValueStorage';
import { MAX_RANGES } from './idRanges';

// Which vaults the device copy (data/firebase/deviceCopy.ts) holds whole: kept apart from the
// choice itself, which the landing page's bundle carries, since only the live reads need it.

const SYNCED_KEY = 'keyloft.syncedVaults';

/**
 * Vaults this browser has read whole from the server into its copy, and in how many slices of
 * the id space (idRanges.ts). Only such a vault is opened from the device before the server
 * answers: a vault never read whole here would show part of itself as if it were all of it.
 */
export interface SyncedVaults {
  /** The slices of the last whole read of the vault `key`, or null if it was never read whole here. */
  slicesOf(key: string): number | null;
  remember(key: string, slices: number): void;
  /** Forgets every vault (the copy was cleared). */
  forgetAll(): void;
}

/** The stored map, or an empty one for anything malformed (any same-origin script can write storage). */
function storedSlices(raw: string | null): Record<string, number> {
  let parsed: unknown;
  try {
    parsed = raw === null ? {} : JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((pair): pair is [string, number] => Number.isInteger(pair[1]) && (pair[1] as number) >= 1 && (pair[1] as number) <= MAX_RANGES),
  );
}

export function syncedVaults(storage: KeyValueStorage): SyncedVaults {
  return {
    slicesOf(key) {
      return storedSlices(storage.getItem(SYNCED_KEY))[key] ?? null;
    },
    remember(key, slices) {
      storage.setItem(SYNCED_KEY, JSON.stringify({ ...storedSlices(storage.getItem(SYNCED_KEY)), [key]: slices }));
    },
    forgetAll() {
      storage.removeItem(SYNCED_KEY);
    },
  };
}
