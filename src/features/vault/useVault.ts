import { startTransition, useCallback, useEffect, useState } from 'react';
import { compareEntries, mergeInOrder } from './entryOrder';
import { toSavedDraft, type ValidDraft } from './form/validatePasswordDraft';
import { migrateVault, type LoadedVault } from './migration/migrateVault';
import type { Group, GroupDraft, PasswordEntry } from './model';
import {
  createGroup,
  deleteGroup,
  deletePassword,
  loadEntries,
  loadGroups,
  openDetails,
  savePassword,
  updateGroup,
  GroupConflictError,
  LoadStoppedError,
  PasswordConflictError,
  VaultGoneError,
  type VaultDeps,
} from './vaultService';

/** How a delete ended: done by this user, or found already done by someone else. */
export type DeleteOutcome = 'deleted' | 'already-deleted';

export type LoadState =
  /** `loaded`: entries shown so far (0 until the first page is open; the vault is read a page at a time). */
  | { readonly status: 'loading'; readonly loaded: number }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'ready' };

/** The background sealing of format-1 entries after a load (docs/vault.md): how far it is. */
export interface SealingProgress {
  readonly done: number;
  readonly total: number;
}

export const LOAD_FAILED = {
  passwords: 'Failed to load teams/passwords',
  groups: 'Failed to load groups',
} as const;

function byName(a: Group, b: Group): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * A vault's state (personal or one team's) for a screen: load once, then keep the lists in step
 * with each change.
 */
export function useVault(deps: VaultDeps) {
  const [entries, setEntries] = useState<readonly PasswordEntry[]>([]);
  const [groups, setGroups] = useState<readonly Group[]>([]);
  const [load, setLoad] = useState<LoadState>({ status: 'loading', loaded: 0 });
  const [attempt, setAttempt] = useState(0);
  const [sealing, setSealing] = useState<SealingProgress | null>(null);

  // The entries come a page at a time (loadEntries): each page is merged into the rows shown, so
  // the first rows show as soon as the first page is open. The first page of a load replaces what
  // an earlier load showed. Nothing else changes the list while it loads (the panel offers no
  // add, edit or delete until it is ready), except opening a row's details, which the merge keeps.
  // A page that fails fails the load: the rows shown so far are dropped and the error shown, never
  // left to pass for the whole vault.
  useEffect(() => {
    let current = true;
    let first = true;
    const groupsLoaded = loadGroups(deps).then(
      (loaded) => {
        if (current) setGroups(loaded);
        return loaded;
      },
      (error: unknown) => {
        console.error(LOAD_FAILED.groups, error);
        throw new Error(LOAD_FAILED.groups);
      },
    );
    const entriesLoaded = loadEntries(deps, (page, loaded) => {
      if (!current) return;
      const replace = first;
      first = false;
      // A transition: React renders the rows in slices, giving the page the main thread between
      // them (issue #18's browser bench: the first rows' render was one task of up to 55 ms).
      startTransition(() => {
        setEntries((list) => (replace ? page : mergeInOrder(list, page)));
        setLoad({ status: 'loading', loaded });
      });
    }, () => !current).catch((error: unknown) => {
      // Stopped because this effect was cleaned up: nothing failed, and nobody is waiting.
      if (error instanceof LoadStoppedError) throw error;
      console.error(LOAD_FAILED.passwords, error);
      throw new Error(LOAD_FAILED.passwords);
    });
    Promise.all([groupsLoaded, entriesLoaded]).then(
      ([loadedGroups, loadedEntries]) => {
        if (!current) return;
        // In the pages' transition, so that 'ready' never renders ahead of the last page's rows.
        startTransition(() => {
          setLoad({ status: 'ready' });
        });
        // In a task of its own: planning over a large vault's list is work the last page's task
        // need not carry (issue #18's browser bench counts the longest task of a load).
        setTimeout(() => {
          if (current) sealInBackground({ entries: loadedEntries, groups: loadedGroups });
        }, 0);
      },
      (error: unknown) => {
        if (!current) return;
        // Over: a page still on its way (the groups failed first) must not bring back 'loading'.
        current = false;
        setEntries([]);
        setLoad({ status: 'failed', message: error instanceof Error ? error.message : LOAD_FAILED.passwords });
      },
    );
    // Format-1 groups and entries are saved again sealed, in the background; each sealed one
    // replaces the one listed unless the user changed it meanwhile (their save holds the newer revision).
    function sealInBackground(loaded: LoadedVault) {
      if (![...loaded.entries, ...loaded.groups].some((item) => item.sealed !== true)) {
        void migrateVault(deps, loaded).catch((error: unknown) => {
          console.warn('Could not mark the vault sealed', error);
        });
        return;
      }
      migrateVault(deps, loaded, {
        stopped: () => !current,
        onProgress: (done, total) => {
          if (current) setSealing(done < total ? { done, total } : null);
        },
        onGroupsSealed: (sealed) => {
          if (!current) return;
          const byId = new Map(sealed.map((group) => [group.id, group]));
          setGroups((list) =>
            list.map((group) => {
              const next = byId.get(group.id);
              return next !== undefined && next.revision === group.revision + 1 && group.sealed !== true ? next : group;
            }),
          );
        },
        onSealed: (sealed) => {
          if (!current) return;
          const byId = new Map(sealed.map((entry) => [entry.id, entry]));
          setEntries((list) =>
            list.map((entry) => {
              const next = byId.get(entry.id);
              return next !== undefined && next.revision === entry.revision + 1 && entry.sealed !== true ? next : entry;
            }),
          );
        },
      })
        .catch((error: unknown) => {
          console.warn('Sealing the vault stopped; the next load goes on', error);
        })
        .finally(() => {
          if (current) setSealing(null);
        });
    }
    return () => {
      current = false;
    };
  }, [deps, attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading', loaded: 0 });
    setAttempt((count) => count + 1);
  }, []);

  /** The list shows what is stored: a newer entry found by a conflict replaces the one shown, a deleted one goes. */
  const learn = useCallback((error: unknown, id: string) => {
    if (error instanceof PasswordConflictError) {
      setEntries((list) => [...list.filter((entry) => entry.id !== id), error.newer].sort(compareEntries));
    }
  }, []);

  /**
   * The entry with its details (password, notes), opened when still sealed (one decryption, then
   * cached while the vault is open); the list then holds the opened entry. Rejects when they do not
   * decrypt.
   */
  const withDetails = useCallback(
    async (entry: PasswordEntry): Promise<PasswordEntry> => {
      const opened = await openDetails(deps, entry);
      if (opened !== entry) {
        // Only the entry as it was asked for: a newer one saved meanwhile is not overwritten.
        setEntries((list) => list.map((candidate) => (candidate === entry ? opened : candidate)));
      }
      return opened;
    },
    [deps],
  );

  /**
   * Saves on `existing.revision`. A conflict (PasswordConflictError, with the newer entry) or a
   * deletion (VaultGoneError) rejects for the form to show; nothing was written.
   */
  const save = useCallback(
    async (draft: ValidDraft, existing: PasswordEntry | null) => {
      try {
        const saved = await savePassword(deps, toSavedDraft(draft), existing ?? undefined);
        setEntries((list) => [...list.filter((entry) => entry.id !== saved.id), saved].sort(compareEntries));
      } catch (error) {
        if (existing !== null) learn(error, existing.id);
        throw error;
      }
    },
    [deps, learn],
  );

  /**
   * Deletes the entry as shown. Changed meanwhile: rejects with PasswordConflictError and the
   * newer entry replaces it, so confirming again deletes what the user now sees. Already deleted
   * by someone else: it leaves the list and the outcome says so.
   */
  const remove = useCallback(
    async (entry: PasswordEntry): Promise<DeleteOutcome> => {
      let outcome: DeleteOutcome = 'deleted';
      try {
        await deletePassword(deps, entry);
      } catch (error) {
        if (!(error instanceof VaultGoneError)) {
          learn(error, entry.id);
          throw error;
        }
        outcome = 'already-deleted';
      }
      setEntries((list) => list.filter((candidate) => candidate.id !== entry.id));
      return outcome;
    },
    [deps, learn],
  );

  const addGroup = useCallback(
    async (draft: GroupDraft) => {
      const created = await createGroup(deps, draft);
      setGroups((list) => [...list, created].sort(byName));
    },
    [deps],
  );

  /** A rename found by a conflict replaces the group shown; a group deleted meanwhile leaves the list. */
  const learnGroup = useCallback((error: unknown, id: string) => {
    if (error instanceof GroupConflictError) {
      setGroups((list) => list.map((candidate) => (candidate.id === id ? error.newer : candidate)).sort(byName));
    } else if (error instanceof VaultGoneError) {
      setGroups((list) => list.filter((candidate) => candidate.id !== id));
    }
  }, []);

  const editGroup = useCallback(
    async (group: Group, draft: GroupDraft) => {
      try {
        const updated = await updateGroup(deps, group, draft);
        setGroups((list) => list.map((candidate) => (candidate.id === updated.id ? updated : candidate)).sort(byName));
      } catch (error) {
        learnGroup(error, group.id);
        throw error;
      }
    },
    [deps, learnGroup],
  );

  const removeGroup = useCallback(
    async (group: Group) => {
      try {
        await deleteGroup(deps, group);
      } catch (error) {
        learnGroup(error, group.id);
        throw error;
      }
      setGroups((list) => list.filter((candidate) => candidate.id !== group.id));
      setEntries((list) => list.map((entry) => (entry.groupId === group.id ? { ...entry, groupId: null, revision: entry.revision + 1 } : entry)));
    },
    [deps, learnGroup],
  );

  return { entries, groups, load, sealing, retry, withDetails, save, remove, addGroup, editGroup, removeGroup };
}

export type VaultController = ReturnType<typeof useVault>;
