import { compareEntries, mergeInOrder } from '../entryOrder';
import { toSavedDraft, type ValidDraft } from '../form/validatePasswordDraft';
import { migrateVault, type LoadedVault } from '../migration/migrateVault';
import type { Group, GroupDraft, PasswordEntry } from '../model';
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
} from '../vaultService';

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

/** What a screen shows of one vault. Replaced whole on every change, so it can be compared by identity. */
export interface VaultState {
  readonly entries: readonly PasswordEntry[];
  readonly groups: readonly Group[];
  readonly load: LoadState;
  readonly sealing: SealingProgress | null;
}

/**
 * `progress`: a page of a load (rendered as a transition, in slices); `now`: a change the user
 * made or asked for, shown at once.
 */
export type VaultChange = 'progress' | 'now';

type Listener = (state: VaultState, change: VaultChange) => void;

function byName(a: Group, b: Group): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const INITIAL: VaultState = { entries: [], groups: [], load: { status: 'loading', loaded: 0 }, sealing: null };

/**
 * One vault (personal or one team) for as long as the keys that open it are held: loaded once,
 * then kept in step with each change. It outlives the screen that shows it (issue #21: switching
 * between vaults never decrypts one again while the vault stays unlocked); `stop` ends its work.
 */
export class VaultSession {
  private current: VaultState = INITIAL;
  private readonly listeners = new Set<Listener>();
  /** Bumped by every start and stop: work of an older generation no longer touches the state. */
  private generation = 0;
  private running = false;

  constructor(readonly deps: VaultDeps) {}

  get state(): VaultState {
    return this.current;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Starts the load unless it is under way or done. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.load();
  }

  /** Ends the session's work (the keys are forgotten, or its screen owned it and went). */
  stop(): void {
    this.running = false;
    this.generation += 1;
  }

  /** Loads again from the start (after a failure, or an import that wrote entries). */
  readonly retry = (): void => {
    this.running = true;
    this.update({ load: { status: 'loading', loaded: 0 } }, 'now');
    this.load();
  };

  private update(change: Partial<VaultState> | ((state: VaultState) => Partial<VaultState>), kind: VaultChange): void {
    const patch = typeof change === 'function' ? change(this.current) : change;
    this.current = { ...this.current, ...patch };
    for (const listener of this.listeners) listener(this.current, kind);
  }

  // The entries come a page at a time (loadEntries): each page is merged into the rows shown, so
  // the first rows show as soon as the first page is open. The first page of a load replaces what
  // an earlier load showed. Nothing else changes the list while it loads (the panel offers no
  // add, edit or delete until it is ready), except opening a row's details, which the merge keeps.
  // A page that fails fails the load: the rows shown so far are dropped and the error shown, never
  // left to pass for the whole vault.
  private load(): void {
    this.generation += 1;
    const generation = this.generation;
    const live = () => this.generation === generation;
    const { deps } = this;
    let first = true;
    const groupsLoaded = loadGroups(deps).then(
      (loaded) => {
        if (live()) this.update({ groups: loaded }, 'now');
        return loaded;
      },
      (error: unknown) => {
        console.error(LOAD_FAILED.groups, error);
        throw new Error(LOAD_FAILED.groups);
      },
    );
    const entriesLoaded = loadEntries(
      deps,
      (page, loaded) => {
        if (!live()) return;
        const replace = first;
        first = false;
        this.update(({ entries }) => ({ entries: replace ? page : mergeInOrder(entries, page), load: { status: 'loading', loaded } }), 'progress');
      },
      () => !live(),
    ).catch((error: unknown) => {
      // Stopped because the session was stopped or started again: nothing failed, and nobody is waiting.
      if (error instanceof LoadStoppedError) throw error;
      console.error(LOAD_FAILED.passwords, error);
      throw new Error(LOAD_FAILED.passwords);
    });
    Promise.all([groupsLoaded, entriesLoaded]).then(
      ([loadedGroups, loadedEntries]) => {
        if (!live()) return;
        // With the pages' progress, so that 'ready' never renders ahead of the last page's rows.
        this.update({ load: { status: 'ready' } }, 'progress');
        // In a task of its own: planning over a large vault's list is work the last page's task
        // need not carry (issue #18's browser bench counts the longest task of a load).
        setTimeout(() => {
          if (live()) this.sealInBackground({ entries: loadedEntries, groups: loadedGroups }, live);
        }, 0);
      },
      (error: unknown) => {
        if (!live()) return;
        // Over: a page still on its way (the groups failed first) must not bring back 'loading'.
        this.generation += 1;
        this.running = false;
        this.update({ entries: [], load: { status: 'failed', message: error instanceof Error ? error.message : LOAD_FAILED.passwords } }, 'now');
      },
    );
  }

  // Format-1 groups and entries are saved again sealed, in the background; each sealed one
  // replaces the one listed unless the user changed it meanwhile (their save holds the newer revision).
  private sealInBackground(loaded: LoadedVault, live: () => boolean): void {
    const { deps } = this;
    if (![...loaded.entries, ...loaded.groups].some((item) => item.sealed !== true)) {
      void migrateVault(deps, loaded).catch((error: unknown) => {
        console.warn('Could not mark the vault sealed', error);
      });
      return;
    }
    migrateVault(deps, loaded, {
      stopped: () => !live(),
      onProgress: (done, total) => {
        if (live()) this.update({ sealing: done < total ? { done, total } : null }, 'now');
      },
      onGroupsSealed: (sealed) => {
        if (!live()) return;
        const byId = new Map(sealed.map((group) => [group.id, group]));
        this.update(
          ({ groups }) => ({
            groups: groups.map((group) => {
              const next = byId.get(group.id);
              return next !== undefined && next.revision === group.revision + 1 && group.sealed !== true ? next : group;
            }),
          }),
          'now',
        );
      },
      onSealed: (sealed) => {
        if (!live()) return;
        const byId = new Map(sealed.map((entry) => [entry.id, entry]));
        this.update(
          ({ entries }) => ({
            entries: entries.map((entry) => {
              const next = byId.get(entry.id);
              return next !== undefined && next.revision === entry.revision + 1 && entry.sealed !== true ? next : entry;
            }),
          }),
          'now',
        );
      },
    })
      .catch((error: unknown) => {
        console.warn('Sealing the vault stopped; the next load goes on', error);
      })
      .finally(() => {
        if (live()) this.update({ sealing: null }, 'now');
      });
  }

  private setEntries(change: (entries: readonly PasswordEntry[]) => readonly PasswordEntry[]): void {
    this.update(({ entries }) => ({ entries: change(entries) }), 'now');
  }

  private setGroups(change: (groups: readonly Group[]) => readonly Group[]): void {
    this.update(({ groups }) => ({ groups: change(groups) }), 'now');
  }

  /** The list shows what is stored: a newer entry found by a conflict replaces the one shown. */
  private learn(error: unknown, id: string): void {
    if (error instanceof PasswordConflictError) {
      this.setEntries((list) => [...list.filter((entry) => entry.id !== id), error.newer].sort(compareEntries));
    }
  }

  /**
   * The entry with its details (password, notes), opened when still sealed (one decryption, then
   * cached while the vault is open); the list then holds the opened entry. Rejects when they do not
   * decrypt.
   */
  readonly withDetails = async (entry: PasswordEntry): Promise<PasswordEntry> => {
    const opened = await openDetails(this.deps, entry);
    if (opened !== entry) {
      // Only the entry as it was asked for: a newer one saved meanwhile is not overwritten.
      this.setEntries((list) => list.map((candidate) => (candidate === entry ? opened : candidate)));
    }
    return opened;
  };

  /**
   * Saves on `existing.revision`. A conflict (PasswordConflictError, with the newer entry) or a
   * deletion (VaultGoneError) rejects for the form to show; nothing was written.
   */
  readonly save = async (draft: ValidDraft, existing: PasswordEntry | null): Promise<void> => {
    try {
      const saved = await savePassword(this.deps, toSavedDraft(draft), existing ?? undefined);
      this.setEntries((list) => [...list.filter((entry) => entry.id !== saved.id), saved].sort(compareEntries));
    } catch (error) {
      if (existing !== null) this.learn(error, existing.id);
      throw error;
    }
  };

  /**
   * Deletes the entry as shown. Changed meanwhile: rejects with PasswordConflictError and the
   * newer entry replaces it, so confirming again deletes what the user now sees. Already deleted
   * by someone else: it leaves the list and the outcome says so.
   */
  readonly remove = async (entry: PasswordEntry): Promise<DeleteOutcome> => {
    let outcome: DeleteOutcome = 'deleted';
    try {
      await deletePassword(this.deps, entry);
    } catch (error) {
      if (!(error instanceof VaultGoneError)) {
        this.learn(error, entry.id);
        throw error;
      }
      outcome = 'already-deleted';
    }
    this.setEntries((list) => list.filter((candidate) => candidate.id !== entry.id));
    return outcome;
  };

  readonly addGroup = async (draft: GroupDraft): Promise<void> => {
    const created = await createGroup(this.deps, draft);
    this.setGroups((list) => [...list, created].sort(byName));
  };

  /** A rename found by a conflict replaces the group shown; a group deleted meanwhile leaves the list. */
  private learnGroup(error: unknown, id: string): void {
    if (error instanceof GroupConflictError) {
      this.setGroups((list) => list.map((candidate) => (candidate.id === id ? error.newer : candidate)).sort(byName));
    } else if (error instanceof VaultGoneError) {
      this.setGroups((list) => list.filter((candidate) => candidate.id !== id));
    }
  }

  readonly editGroup = async (group: Group, draft: GroupDraft): Promise<void> => {
    try {
      const updated = await updateGroup(this.deps, group, draft);
      this.setGroups((list) => list.map((candidate) => (candidate.id === updated.id ? updated : candidate)).sort(byName));
    } catch (error) {
      this.learnGroup(error, group.id);
      throw error;
    }
  };

  readonly removeGroup = async (group: Group): Promise<void> => {
    try {
      await deleteGroup(this.deps, group);
    } catch (error) {
      this.learnGroup(error, group.id);
      throw error;
    }
    this.setGroups((list) => list.filter((candidate) => candidate.id !== group.id));
    this.setEntries((list) => list.map((entry) => (entry.groupId === group.id ? { ...entry, groupId: null, revision: entry.revision + 1 } : entry)));
  };
}
