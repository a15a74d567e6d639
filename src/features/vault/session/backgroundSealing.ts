import { migrateVault, type LoadedVault } from '../migration/migrateVault';
import type { Group, PasswordEntry } from '../model';
import type { VaultDeps } from '../vaultService';

// After a load, format-1 groups and entries are saved again sealed, in the background
// (docs/vault.md). Each sealed one replaces the one listed unless the user changed it meanwhile
// (their save holds the newer revision).

/** The background sealing of format-1 entries after a load (docs/vault.md): how far it is. */
export interface SealingProgress {
  readonly done: number;
  readonly total: number;
}

/** What the session that loaded the vault lends the sealing. */
export interface SealingHost {
  /** False once the load this sealing follows is over (stopped, or loaded again): nothing more is shown. */
  readonly live: () => boolean;
  /** Runs the sealing's writes as the session's own, so that their echoes need no opening. */
  readonly writingTo: <T>(ids: readonly string[], write: () => Promise<T>) => Promise<T>;
  readonly progress: (sealing: SealingProgress | null) => void;
  /** Each is called with what the list should now hold, to merge with withSealed. */
  readonly groupsSealed: (sealed: readonly Group[]) => void;
  readonly entriesSealed: (sealed: readonly PasswordEntry[]) => void;
}

interface SealableItem {
  readonly id: string;
  readonly revision: number;
  readonly sealed?: boolean;
}

/**
 * `list` with each item of `sealed` in place of the one listed, where the listed one is still the
 * format-1 item the sealing read (its revision one below): a save made meanwhile is kept.
 */
export function withSealed<T extends SealableItem>(list: readonly T[], sealed: readonly T[]): T[] {
  const byId = new Map(sealed.map((item) => [item.id, item]));
  return list.map((item) => {
    const next = byId.get(item.id);
    return next !== undefined && next.revision === item.revision + 1 && item.sealed !== true ? next : item;
  });
}

/** Seals what `loaded` holds in format 1, or, when nothing is left to seal, marks the vault sealed. */
export function sealInBackground(deps: VaultDeps, loaded: LoadedVault, host: SealingHost): void {
  const { live } = host;
  if (![...loaded.entries, ...loaded.groups].some((item) => item.sealed !== true)) {
    void migrateVault(deps, loaded).catch((error: unknown) => {
      console.warn('Could not mark the vault sealed', error);
    });
    return;
  }
  const sealing = loaded.entries.filter((entry) => entry.sealed !== true).map((entry) => entry.id);
  host
    .writingTo(sealing, () =>
      migrateVault(deps, loaded, {
        stopped: () => !live(),
        onProgress: (done, total) => {
          if (live()) host.progress(done < total ? { done, total } : null);
        },
        onGroupsSealed: (sealed) => {
          if (live()) host.groupsSealed(sealed);
        },
        onSealed: (sealed) => {
          if (live()) host.entriesSealed(sealed);
        },
      }),
    )
    .catch((error: unknown) => {
      console.warn('Sealing the vault stopped; the next load goes on', error);
    })
    .finally(() => {
      if (live()) host.progress(null);
    });
}
