import { sortEntries } from '../entryOrder';
import { toSavedDraft, type ValidDraft } from '../form/validatePasswordDraft';
import { sealInBackground, withSealed, type SealingProgress } from './backgroundSealing';
import { upgradeHealthInBackground, withUpgraded } from '../health/upgradeHealth';
import { watchVault, withEntryChanges, withGroupChanges, type LiveVaultRead } from './liveVault';
import { refusedForGoneTeam } from './goneTeam';
import type { Item } from '../items/kinds';
import type { Group, GroupDraft, PasswordEntry } from '../model';
import {
  createGroup,
  deleteGroup,
  deletePassword,
  openDetails,
  openItem,
  saveItem,
  savePassword,
  updateGroup,
  GroupConflictError,
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

/** Lookups into one list that scan it before a map of it is built (entryById). */
const SCANS_BEFORE_INDEX = 8;
const INITIAL: VaultState = { entries: [], groups: [], load: { status: 'loading', loaded: 0 }, sealing: null };

/**
 * One vault (personal or one team) for as long as the keys that open it are held: read live, each
 * change (the user's own, a teammate's, another device's) merged in as it comes (issue #22). It
 * outlives the screen that shows it (issue #21: switching between vaults never decrypts one again
 * while the vault stays unlocked); `stop` ends its work.
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
    this.stopWatching();
  }

  /** Reads the vault again from the start (Try again, after a failure). */
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

  // The vault is read live (liveVault.ts): each slice's first entries are merged into the rows
  // shown as they open, so the first rows show as soon as the first slice is open; a load again
  // (Try again) replaces what the earlier one showed with its first slice. Once every slice is in,
  // the list is ready, and every later change (a teammate's save, another device's delete) is
  // merged in as it arrives, opened alone. A read that fails fails the load: the rows shown so far
  // are dropped and the error shown, never left to pass for the whole vault.
  private load(): void {
    this.stopWatching();
    this.generation += 1;
    const generation = this.generation;
    const live = () => this.generation === generation;
    let replace = this.current.entries.length > 0;
    const read = watchVault(this.deps, { shown: (id) => this.entryById(id), writing: (id) => this.writing.has(id) }, {
      entries: (put, removed, first) => {
        if (!live()) return;
        const from = replace ? [] : this.current.entries;
        replace = false;
        const entries = withEntryChanges(from, put, removed);
        const loading = this.current.load.status === 'loading';
        // An echo of what the list shows already changes nothing, and renders nothing.
        if (entries === this.current.entries && !(loading && first)) return;
        this.update({ entries, ...(loading ? { load: { status: 'loading', loaded: entries.length } } : {}) }, loading && first ? 'progress' : 'now');
      },
      groups: (put, removed) => {
        if (live()) this.update(({ groups }) => ({ groups: withGroupChanges(groups, put, removed) }), 'now');
      },
      ready: () => {
        if (!live()) return;
        // With the slices' progress, so that 'ready' never renders ahead of the last slice's rows.
        this.update({ load: { status: 'ready' } }, 'progress');
        // In a task of its own: planning over a large vault's list is work the last slice's task
        // need not carry (issue #18's browser bench counts the longest task of a load).
        setTimeout(() => {
          if (!live()) return;
          this.seal(live);
          // Issue #42: sealed entries without a health record get one (the migration's saves write theirs).
          upgradeHealthInBackground(this.deps, { live, entries: () => this.current.entries, writing: (ids, write) => this.writingTo(ids, write), replace: (done) => { this.setEntries((entries) => withUpgraded(entries, done)); } });
        }, 0);
      },
      failed: (error, what) => {
        if (!live()) return;
        void refusedForGoneTeam(this.deps, error).then((gone) => {
          if (!gone) console.error(LOAD_FAILED[what], error);
        });
        // Over: nothing of this read touches the state again, and its decrypted entries go.
        this.generation += 1;
        this.running = false;
        this.stopWatching();
        this.update({ entries: [], load: { status: 'failed', message: LOAD_FAILED[what] } }, 'now');
      },
    });
    this.read = read;
    this.stopWatching = () => {
      read.stop();
      this.stopWatching = () => undefined;
    };
  }

  private stopWatching: () => void = () => undefined;
  private read: LiveVaultRead | null = null;
  /** Entries this session is writing now, with how many of its writes of each are under way. */
  private readonly writing = new Map<string, number>();

  /**
   * Runs the session's own write of `ids` (and what it shows of it): the live read holds back
   * changes of them meanwhile, and afterwards opens only what is newer than what the session shows
   * (so the echo of the session's own write is not decrypted again).
   */
  private async writingTo<T>(ids: readonly string[], write: () => Promise<T>): Promise<T> {
    for (const id of ids) this.writing.set(id, (this.writing.get(id) ?? 0) + 1);
    try {
      return await write();
    } finally {
      for (const id of ids) {
        const left = (this.writing.get(id) ?? 1) - 1;
        if (left === 0) this.writing.delete(id);
        else this.writing.set(id, left);
      }
      this.read?.reconsider(ids);
    }
  }

  /**
   * The entry shown under `id`. A remote change is most often one entry, and a map of a 10,000-entry
   * list costs more than scanning it a few times (issue #42's remote-change figure: the map's
   * rebuild at each change was most of the time past the decryption), so the first few lookups
   * into a list scan it and a map is built only when more follow.
   */
  private entryById(id: string): PasswordEntry | undefined {
    const list = this.current.entries;
    if (this.index.list !== list) this.index = { list, byId: null, scans: 0 };
    if (this.index.byId === null) {
      if (this.index.scans < SCANS_BEFORE_INDEX) {
        this.index.scans += 1;
        return list.find((entry) => entry.id === id);
      }
      this.index.byId = new Map(list.map((entry) => [entry.id, entry]));
    }
    return this.index.byId.get(id);
  }

  private index: { list: readonly PasswordEntry[]; byId: ReadonlyMap<string, PasswordEntry> | null; scans: number } = { list: [], byId: null, scans: 0 };

  /** Seals the format-1 items just loaded (backgroundSealing.ts), each shown sealed as it is written. */
  private seal(live: () => boolean): void {
    sealInBackground(this.deps, { entries: this.current.entries, groups: this.current.groups }, {
      live,
      writingTo: (ids, write) => this.writingTo(ids, write),
      progress: (sealing) => {
        this.update({ sealing }, 'now');
      },
      groupsSealed: (sealed) => {
        this.update(({ groups }) => ({ groups: withSealed(groups, sealed) }), 'now');
      },
      entriesSealed: (sealed) => {
        this.update(({ entries }) => ({ entries: withSealed(entries, sealed) }), 'now');
      },
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
      this.setEntries((list) => sortEntries([...list.filter((entry) => entry.id !== id), error.newer]));
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
  readonly save = (draft: ValidDraft, existing: PasswordEntry | null): Promise<void> =>
    this.writingTo(existing === null ? [] : [existing.id], async () => {
      try {
        const saved = await savePassword(this.deps, toSavedDraft(draft), existing ?? undefined);
        this.setEntries((list) => sortEntries([...list.filter((entry) => entry.id !== saved.id), saved]));
      } catch (error) {
        if (existing !== null) this.learn(error, existing.id);
        throw error;
      }
    });

  /** An item of any kind (issue #44), saved as `save` saves a draft: on `existing.revision`, a conflict or deletion rejecting. */
  readonly saveItem = (item: Item, groupId: string | null, existing: PasswordEntry | null): Promise<void> =>
    this.writingTo(existing === null ? [] : [existing.id], async () => {
      try {
        const saved = await saveItem(this.deps, item, { groupId }, existing ?? undefined);
        this.setEntries((list) => sortEntries([...list.filter((entry) => entry.id !== saved.id), saved]));
      } catch (error) {
        if (existing !== null) this.learn(error, existing.id);
        throw error;
      }
    });

  /** The whole item of an entry (its details opened; a format-1 or -2 entry read as a login). */
  readonly openItem = (entry: PasswordEntry): Promise<Item> => openItem(this.deps, entry);

  /**
   * Deletes the entry as shown. Changed meanwhile: rejects with PasswordConflictError and the
   * newer entry replaces it, so confirming again deletes what the user now sees. Already deleted
   * by someone else: it leaves the list and the outcome says so.
   */
  readonly remove = (entry: PasswordEntry): Promise<DeleteOutcome> =>
    this.writingTo([entry.id], async () => {
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
    });

  readonly addGroup = async (draft: GroupDraft): Promise<void> => {
    const created = await createGroup(this.deps, draft);
    // The live read may have listed it already (the create's own echo).
    this.setGroups((list) => [...list.filter((group) => group.id !== created.id), created].sort(byName));
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
