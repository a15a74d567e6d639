import type { Listing, ListingChanges, StopWatching, StoredGroup, StoredPasswordEntry, WithId } from '../../../data/vault/storedEntries';
import { mergeInOrder, sortEntries } from '../entryOrder';
import type { Group, PasswordEntry } from '../model';
import { compareGroups, isTeamVault, openGroupListing, openListing, type VaultDeps } from '../vaultService';

// One vault read live (issue #22): its entries and groups follow the repositories' live reads
// while the session holds the keys. A change is opened alone (one decryption per entry changed,
// never the whole list again), and a document the session already shows at the same revision is
// not opened at all (the echo of the user's own save).

/** What a live read reports to its session. */
export interface LiveVaultEvents {
  /**
   * Entries to show in place of any with the same id (opened, in list order), and ids that left.
   * `first`: a slice's first documents, a page of the load; otherwise a change made since.
   */
  entries(put: readonly PasswordEntry[], removed: readonly string[], first: boolean): void;
  groups(put: readonly Group[], removed: readonly string[]): void;
  /** Every slice of the entries, and the groups, have handed over their first documents. */
  ready(): void;
  /** The read is over (refused, or lost): nothing is reported after this. */
  failed(error: Error, what: 'passwords' | 'groups'): void;
}

/** What the read asks of its session about one entry. */
export interface HeldEntries {
  /** The entry the session shows under `id`, if any. */
  shown(id: string): PasswordEntry | undefined;
  /**
   * True while the session itself writes the entry (a save, a delete, the sealing of an old
   * one): a change of it waits until the session calls `reconsider`, when the session shows what
   * it wrote and the change is most often that write's own echo, which needs no opening.
   */
  writing(id: string): boolean;
}

/** A running live read. */
export interface LiveVaultRead {
  readonly stop: StopWatching;
  /** The session's writes of `ids` are over: changes that waited on them are opened now if still new. */
  readonly reconsider: (ids: readonly string[]) => void;
}

/** True when the stored document is the one the session shows: written by nobody since. */
function unchanged(held: PasswordEntry | undefined, stored: StoredPasswordEntry): held is PasswordEntry {
  return held !== undefined && held.damaged === undefined && held.revision === stored.revision && held.updatedAt === stored.updatedAt;
}

/**
 * The entries of `changes` as the list shows them: those the session shows unchanged as they are,
 * the others opened. Opening starts at once (the decryption workers take slices side by side).
 */
function openChanged(deps: VaultDeps, held: HeldEntries, { items, malformed }: Listing<StoredPasswordEntry>): Promise<PasswordEntry[]> {
  const kept: PasswordEntry[] = [];
  const toOpen: typeof items = [];
  for (const item of items) {
    const shown = held.shown(item.id);
    if (unchanged(shown, item.data)) kept.push(shown);
    else toOpen.push(item);
  }
  if (toOpen.length === 0 && malformed.length === 0) return Promise.resolve(sortEntries(kept));
  return openListing(deps, { items: toOpen, malformed }).then((opened) => (kept.length === 0 ? opened : mergeInOrder(opened, sortEntries(kept))));
}

/** Entries a change brought in, marked as saved elsewhere (the item pane says so). */
const elsewhere = (entries: readonly PasswordEntry[]): PasswordEntry[] =>
  entries.map((entry) => (entry.changedElsewhere === true ? entry : { ...entry, changedElsewhere: true }));

/** Starts the live read of `deps`' vault. */
export function watchVault(deps: VaultDeps, held: HeldEntries, events: LiveVaultEvents): LiveVaultRead {
  let over = false;
  // Changes are applied in the order they arrived, whatever order their openings finish in.
  let applied: Promise<void> = Promise.resolve();
  const inOrder = <T>(opening: Promise<T>, apply: (opened: T) => void, what: 'passwords' | 'groups') => {
    // Its failure is handled where the chain reaches it, not reported unhandled meanwhile.
    opening.catch(() => undefined);
    // The chain never rejects: a change that cannot be opened or applied fails the read, visibly,
    // instead of silently stopping every change after it.
    applied = applied
      .then(() => opening)
      .then((opened) => {
        if (!over) apply(opened);
      })
      .catch((error: unknown) => {
        fail(error instanceof Error ? error : new Error(String(error)), what);
      });
  };

  let slices: number | null = null;
  const slicesIn = new Set<number>();
  let groupsIn = false;
  let announced = false;
  const announceReady = () => {
    if (announced || !groupsIn || slices === null || slicesIn.size < slices) return;
    announced = true;
    events.ready();
  };

  const stops: StopWatching[] = [];
  const stop = () => {
    over = true;
    for (const stopOne of stops.splice(0)) stopOne();
  };
  const fail = (error: Error, what: 'passwords' | 'groups') => {
    if (over) return;
    stop();
    events.failed(error, what);
  };

  // Changes of entries the session is writing, the latest of each, until it reconsiders them.
  const waiting = new Map<string, WithId<StoredPasswordEntry>>();
  const reconsider = (ids: readonly string[]) => {
    const items = ids.flatMap((id) => {
      const item = waiting.get(id);
      waiting.delete(id);
      return item === undefined || held.writing(id) ? [] : [item];
    });
    if (items.length === 0 || over) return;
    const changed = { items, malformed: [] };
    inOrder(openChanged(deps, held, changed), (opened) => {
      events.entries(elsewhere(opened), [], false);
    }, 'passwords');
  };

  const onEntries = (changes: ListingChanges<StoredPasswordEntry>) => {
    let { changed } = changes;
    if (!changes.first) {
      const now = changed.items.filter((item) => !held.writing(item.id));
      if (now.length < changed.items.length) {
        for (const item of changed.items) if (held.writing(item.id)) waiting.set(item.id, item);
        changed = { items: now, malformed: changed.malformed };
      }
    }
    inOrder(
      openChanged(deps, held, changed),
      (opened) => {
        const put = changes.first ? opened : elsewhere(opened);
        events.entries(put, changes.removed, changes.first);
        if (changes.first) {
          slices = changes.slices;
          slicesIn.add(changes.slice);
          announceReady();
        }
      },
      'passwords',
    );
  };
  const onGroups = (changes: ListingChanges<StoredGroup>) => {
    inOrder(
      openGroupListing(deps, changes.changed),
      (put) => {
        events.groups(put, changes.removed);
        groupsIn = true;
        announceReady();
      },
      'groups',
    );
  };

  const entryWatcher = { onChanges: onEntries, onError: (error: Error) => { fail(error, 'passwords'); } };
  const groupWatcher = { onChanges: onGroups, onError: (error: Error) => { fail(error, 'groups'); } };
  if (isTeamVault(deps)) {
    stops.push(deps.groups.watchTeam(deps.team.teamId, groupWatcher), deps.passwords.watchTeam(deps.team.teamId, entryWatcher));
  } else {
    stops.push(deps.groups.watchPersonal(deps.userId, groupWatcher), deps.passwords.watchPersonal(deps.userId, entryWatcher));
  }
  return { stop, reconsider };
}

/**
 * `list` with the entries of `put` (in list order) in place of those with their ids, and those of
 * `removed` gone, in list order. An entry of `put` no newer than the one listed is left out: the
 * list already holds that revision (perhaps with its details opened) or a later one the session
 * wrote itself while the change was being opened.
 */
export function withEntryChanges(list: readonly PasswordEntry[], put: readonly PasswordEntry[], removed: readonly string[]): readonly PasswordEntry[] {
  if (put.length === 0 && removed.length === 0) return list;
  const incoming = new Map(put.map((entry) => [entry.id, entry]));
  const stale = new Set<string>();
  const gone = new Set<string>(removed);
  for (const entry of list) {
    const next = incoming.get(entry.id);
    if (next === undefined) continue;
    if (entry.damaged === undefined && entry.revision >= next.revision) stale.add(entry.id);
    else gone.add(entry.id);
  }
  const fresh = stale.size === 0 ? put : put.filter((entry) => !stale.has(entry.id));
  if (fresh.length === 0 && gone.size === 0) return list;
  const kept = gone.size === 0 ? list : list.filter((entry) => !gone.has(entry.id));
  return fresh.length === 0 ? kept : mergeInOrder(kept, fresh);
}

/** The same for groups (a group no newer than the one listed is left out, as for entries). */
export function withGroupChanges(list: readonly Group[], put: readonly Group[], removed: readonly string[]): readonly Group[] {
  if (put.length === 0 && removed.length === 0) return list;
  const listed = new Map(list.map((group) => [group.id, group]));
  const fresh = put.filter((group) => {
    const shown = listed.get(group.id);
    return shown === undefined || shown.damaged !== undefined || shown.revision < group.revision;
  });
  const replaced = new Set<string>(removed);
  for (const group of fresh) replaced.add(group.id);
  if (replaced.size === 0) return list;
  return [...list.filter((group) => !replaced.has(group.id)), ...fresh].sort(compareGroups);
}
