import type {
  EntryEvent,
  GroupEvent,
  GroupChanges,
  GroupRepository,
  Listing,
  ListingWatcher,
  StopWatching,
  PasswordEntryChanges,
  PasswordRepository,
  StoredGroup,
  StoredPasswordEntry,
  WithId,
} from '../../src/data/vault/storedEntries';
import { checkRevision, FIRST_REVISION, isSealedEntry, WriteRefusedError } from '../../src/data/vault/storedEntries';
import { applyEntryChanges, applyGroupChanges } from '../../src/data/vault/entryChanges';
import { entryLabel, groupLabel, quickStoredEntry, storedGroupSchema, storedPasswordEntrySchema } from '../../src/data/vault/entrySchemas';
import { readListing, strictItems } from '../../src/data/vault/listing';
import { MemoryCollection } from './memoryCollection';
import { watchInMemory, type EndWatches, type LiveReadControl, type LiveSource } from './memoryLiveReads';

const byKey =
  <T>(key: (value: T) => string) =>
  (a: WithId<T>, b: WithId<T>) =>
    key(a.data) < key(b.data) ? -1 : key(a.data) > key(b.data) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

type Raw = Readonly<Record<string, unknown>>;

/** An activity-log event a team write carried (issue #24), as the double recorded it. */
export interface RecordedEvent {
  readonly teamId: string;
  readonly body: EntryEvent | GroupEvent;
}

/**
 * As the rules (firestore.rules, "Team activity log"): a team document's write is refused without
 * its event, except a rotation's re-sealing (the key version moves up); the event is recorded.
 */
function logged(log: RecordedEvent[], teamId: string | null, event: EntryEvent | GroupEvent | undefined, reseal = false): void {
  if (teamId === null) return;
  if (event === undefined) {
    if (reseal) return;
    throw new WriteRefusedError(`A write of team ${teamId} without its activity-log event`);
  }
  log.push({ teamId, body: event });
}

/**
 * As the rules' namesSealedChanges (issue #41): while an entry stays sealed at one key version, an
 * edit's event names a changed overview, and changed details by password, notes or details; a move
 * changes neither.
 */
function namesSealedChanges(event: EntryEvent | undefined, before: StoredPasswordEntry, after: StoredPasswordEntry): boolean {
  if (event === undefined || !isSealedEntry(before) || !isSealedEntry(after) || before.keyVersion !== after.keyVersion) return true;
  if (event.kind !== 'entry.edited' && event.kind !== 'entry.moved') return true;
  const parts: readonly string[] = event.kind === 'entry.edited' ? event.parts : [];
  return (after.overview === before.overview || parts.includes('overview'))
    && (after.details === before.details || parts.some((part) => part !== 'overview'));
}

/** Whether `changes` move a document up to a newer key version: a rotation's re-sealing. */
function isReseal(current: { readonly keyVersion?: number } | null, changes: { readonly keyVersion?: number }): boolean {
  return changes.keyVersion !== undefined && changes.keyVersion > (current?.keyVersion ?? 0);
}

/**
 * Documents of any shape, as a test plants them (Firestore: written with the rules disabled): the
 * doubles read them through the same schemas as the Firestore repositories.
 */
class PlantedDocuments {
  private readonly documents = new Map<string, Raw>();
  private readonly observers = new Set<(id: string) => void>();

  plant(id: string, data: Raw): void {
    this.documents.set(id, Object.freeze(structuredClone(data)));
    this.notify(id);
  }

  /** True when there was a planted document under `id`. */
  delete(id: string): boolean {
    const deleted = this.documents.delete(id);
    if (deleted) this.notify(id);
    return deleted;
  }

  /** The planted documents `matches` finds, as stored (not copies): for the live reads. */
  view(matches: (data: Raw) => boolean): [string, Raw][] {
    return [...this.documents].filter(([, data]) => matches(data));
  }

  peek(id: string): Raw | undefined {
    return this.documents.get(id);
  }

  observe(changed: (id: string) => void): () => void {
    this.observers.add(changed);
    return () => {
      this.observers.delete(changed);
    };
  }

  private notify(id: string): void {
    for (const observer of this.observers) observer(id);
  }

  /** The planted documents whose `field` equals each given value, as [id, copy] pairs. */
  where(fields: Readonly<Record<string, unknown>>): [string, Raw][] {
    return [...this.documents]
      .filter(([, data]) => Object.entries(fields).every(([name, value]) => data[name] === value))
      .map(([id, data]) => [id, structuredClone(data)]);
  }
}

/** Well-formed and planted documents in one list, ordered by `field` as Firestore orders strings. */
function merged(typed: [string, unknown][], planted: [string, Raw][], field: string): [string, unknown][] {
  const key = ([, data]: [string, unknown]) => {
    const value = (data as Raw)[field];
    return typeof value === 'string' ? value : '';
  };
  // Then by id, as the Firestore repositories order ties (a sealed document has no field in clear).
  return [...typed, ...planted].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}


/** Runs a conditional write the way the Firestore repository does: the same checkRevision, the same errors. */
function conditionally(check: () => void): Promise<void> {
  try {
    check();
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** What a live read of `typed` and `planted` documents matching `matches` watches (memoryLiveReads.ts). */
function liveSource<T>(typed: MemoryCollection<T>, planted: PlantedDocuments, matches: (data: Raw) => boolean): LiveSource {
  const asRaw = (data: T) => data as unknown as Raw;
  return {
    documents: () => [...typed.view((data) => matches(asRaw(data))), ...planted.view(matches)],
    current: (id) => {
      const found = typed.peek(id) ?? planted.peek(id);
      return found !== undefined && matches(asRaw(found as T)) ? found : undefined;
    },
    observe: (changed) => {
      const stopTyped = typed.observe(changed);
      const stopPlanted = planted.observe(changed);
      return () => {
        stopTyped();
        stopPlanted();
      };
    },
  };
}

/**
 * The live reads of one repository, for tests: ended (endAll), as Firestore ends a listener
 * the rules no longer allow, or held back (hold), as a listener lags behind on a slow
 * network, so a test can make a write race the change it has not delivered yet.
 */
class LiveReads implements LiveReadControl {
  private readonly enders = new Set<EndWatches>();
  private held: (() => void)[] | null = null;

  register(end: EndWatches): () => void {
    this.enders.add(end);
    return () => {
      this.enders.delete(end);
    };
  }

  whenFlowing(deliver: () => void): void {
    if (this.held === null) deliver();
    else this.held.push(deliver);
  }

  /** Ends every live read with `error` (a member removed from the team, a dropped connection). */
  endAll(error: Error): void {
    for (const end of [...this.enders]) end(error);
  }

  /** The live reads deliver no change until `release` (a listener lagging behind the writes). */
  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const deliver of held) deliver();
  }
}

const readEntries = (documents: (readonly [string, unknown])[]) =>
  readListing('passwords', storedPasswordEntrySchema, entryLabel, documents, quickStoredEntry);
const readGroups = (documents: (readonly [string, unknown])[]) => readListing('groups', storedGroupSchema, groupLabel, documents);

/** Entries per page of readPersonalPages/readTeamPages, as ENTRY_PAGE_SIZE on Firestore. */
export const MEMORY_ENTRY_PAGE_SIZE = 300;

export class MemoryPasswordRepository implements PasswordRepository {
  private readonly entries = new MemoryCollection<StoredPasswordEntry>();
  /** The activity-log events team writes carried, in order (shared with the groups' double by memoryRepositories). */
  constructor(readonly events: RecordedEvent[] = []) {}
  private readonly planted = new PlantedDocuments();
  /** Test hook: entries per page of the paged reads. */
  pageSize = MEMORY_ENTRY_PAGE_SIZE;
  /**
   * Test hook: awaited before each page of a paged read is handed out (`index` from 0), so a test
   * can deliver pages slowly, or fail one (a rejection fails the read there, as a lost connection).
   */
  beforePage: ((index: number) => Promise<void>) | null = null;

  newId(): string {
    return this.entries.newId();
  }

  /** Test hook: stores a document as given, whatever its shape (see PlantedDocuments). */
  plant(id: string, data: Raw): void {
    this.entries.delete(id);
    this.planted.plant(id, data);
  }

  scanPersonal(userId: string): Promise<Listing<StoredPasswordEntry>> {
    const typed = this.entries.where((entry) => entry.userId === userId && entry.teamId === null);
    const documents = merged(typed, this.planted.where({ userId, teamId: null }), 'title');
    return Promise.resolve(readListing('passwords', storedPasswordEntrySchema, entryLabel, documents, quickStoredEntry));
  }

  scanTeam(teamId: string): Promise<Listing<StoredPasswordEntry>> {
    const documents = merged(this.entries.where((entry) => entry.teamId === teamId), this.planted.where({ teamId }), 'title');
    return Promise.resolve(readListing('passwords', storedPasswordEntrySchema, entryLabel, documents, quickStoredEntry));
  }

  /** Test hook: end the live reads of entries (`endAll`), or hold their changes back (`hold`, `release`). */
  readonly liveReads = new LiveReads();

  /**
   * Live reads in slices of `pageSize` entries; `beforePage(index)` is awaited before slice
   * `index` hands over its first entries, as it is before a page of the paged reads.
   */
  watchPersonal(userId: string, watcher: ListingWatcher<StoredPasswordEntry>): StopWatching {
    return this.watch((data) => data.userId === userId && data.teamId === null, watcher);
  }

  watchTeam(teamId: string, watcher: ListingWatcher<StoredPasswordEntry>): StopWatching {
    return this.watch((data) => data.teamId === teamId, watcher);
  }

  private watch(matches: (data: Raw) => boolean, watcher: ListingWatcher<StoredPasswordEntry>): StopWatching {
    const source = liveSource(this.entries, this.planted, matches);
    return watchInMemory(source, readEntries, watcher, { perSlice: this.pageSize, beforeSlice: this.beforePage }, this.liveReads);
  }

  readPersonalPages(userId: string): AsyncIterable<Listing<StoredPasswordEntry>> {
    return this.pages(this.entries.view((entry) => entry.userId === userId && entry.teamId === null), this.planted.where({ userId, teamId: null }));
  }

  readTeamPages(teamId: string): AsyncIterable<Listing<StoredPasswordEntry>> {
    return this.pages(this.entries.view((entry) => entry.teamId === teamId), this.planted.where({ teamId }));
  }

  /** The documents found when the read starts, in pages on the document id as Firestore reads them. */
  private async *pages(typed: [string, unknown][], planted: [string, Raw][]): AsyncGenerator<Listing<StoredPasswordEntry>> {
    const documents = [...typed, ...planted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (let start = 0, index = 0; start < documents.length || index === 0; start += this.pageSize, index += 1) {
      await this.beforePage?.(index);
      yield readListing('passwords', storedPasswordEntrySchema, entryLabel, documents.slice(start, start + this.pageSize), quickStoredEntry);
    }
  }

  async listPersonal(userId: string): Promise<WithId<StoredPasswordEntry>[]> {
    // Firestore orders strings by code point, as < does; a sealed entry has no title in clear.
    return strictItems('passwords', await this.scanPersonal(userId)).sort(byKey((entry) => entry.title ?? ''));
  }

  async listTeam(teamId: string): Promise<WithId<StoredPasswordEntry>[]> {
    return strictItems('passwords', await this.scanTeam(teamId)).sort(byKey((entry) => entry.title ?? ''));
  }

  create(id: string, entry: StoredPasswordEntry, event?: EntryEvent): Promise<void> {
    if (this.entries.has(id)) return Promise.reject(new Error(`Password ${id} already exists`));
    // As the rules: a new entry starts at revision 1.
    if (entry.revision !== FIRST_REVISION) return Promise.reject(new WriteRefusedError(`Password ${id} created at revision ${entry.revision}`));
    return conditionally(() => {
      logged(this.events, entry.teamId, event);
      this.entries.set(id, entry);
    });
  }

  update(id: string, changes: PasswordEntryChanges, now: number, revision: number, event?: EntryEvent): Promise<void> {
    return conditionally(() => {
      // Read as stored, without a copy: the edit makes a new object, and a conflict hands out a
      // copy as a read would. (A copy per write was a tenth of the teams bench's rotation, issue #42.)
      const current = this.entries.peek(id) ?? null;
      if (current?.revision !== revision) checkRevision(id, this.entries.get(id), revision, 'password');
      if (current === null) return;
      const next = applyEntryChanges(current, changes, now);
      if (current.teamId !== null && !namesSealedChanges(event, current, next)) {
        throw new WriteRefusedError(`An edit of ${id} whose event leaves out a sealed part it changed`);
      }
      logged(this.events, current.teamId, event, isReseal(current, changes));
      this.entries.set(id, next);
    });
  }

  delete(id: string, revision: number, event?: EntryEvent): Promise<void> {
    // A planted document of the wrong shape has no revision to check: it is deleted as it is.
    if (this.planted.delete(id)) return Promise.resolve();
    return conditionally(() => {
      const current = this.entries.get(id);
      checkRevision(id, current, revision, 'password');
      logged(this.events, current?.teamId ?? null, event);
      this.entries.delete(id);
    });
  }

  /** A callable's delete with the Admin SDK (deleteTeam): no revision, no rules, no event of its own. */
  removeAsServer(id: string): void {
    this.entries.delete(id);
  }

  ungroupPersonal(userId: string, groupId: string, now: number): Promise<number> {
    const grouped = this.entries.where((entry) => entry.userId === userId && entry.teamId === null && entry.groupId === groupId);
    for (const [id, entry] of grouped) this.entries.set(id, applyEntryChanges(entry, { groupId: null }, now));
    return Promise.resolve(grouped.length);
  }

  ungroupTeam(teamId: string, groupId: string, now: number): Promise<number> {
    const grouped = this.entries.where((entry) => entry.teamId === teamId && entry.groupId === groupId);
    for (const [id, entry] of grouped) {
      this.events.push({ teamId, body: { kind: 'entry.moved', entryId: id, fromGroupId: groupId, toGroupId: null } });
      this.entries.set(id, applyEntryChanges(entry, { groupId: null }, now));
    }
    return Promise.resolve(grouped.length);
  }

  /** The vaults ('user:{uid}') and teams ('team:{teamId}') marked sealed, for tests to read. */
  readonly marks = new Set<string>();

  markPersonalSealed(userId: string): Promise<void> {
    this.marks.add(`user:${userId}`);
    return Promise.resolve();
  }

  markTeamSealed(teamId: string): Promise<void> {
    this.marks.add(`team:${teamId}`);
    return Promise.resolve();
  }
}

export class MemoryGroupRepository implements GroupRepository {
  private readonly groups = new MemoryCollection<StoredGroup>();
  constructor(readonly events: RecordedEvent[] = []) {}
  private readonly planted = new PlantedDocuments();

  newId(): string {
    return this.groups.newId();
  }

  /** Test hook: stores a document as given, whatever its shape (see PlantedDocuments). */
  plant(id: string, data: Raw): void {
    this.groups.delete(id);
    this.planted.plant(id, data);
  }

  scanPersonal(userId: string): Promise<Listing<StoredGroup>> {
    const typed = this.groups.where((group) => group.userId === userId && group.teamId === null);
    const documents = merged(typed, this.planted.where({ userId, teamId: null }), 'name');
    return Promise.resolve(readListing('groups', storedGroupSchema, groupLabel, documents));
  }

  scanTeam(teamId: string): Promise<Listing<StoredGroup>> {
    // Firestore's team query names only teamId; the rules let a member read the team's groups.
    const documents = merged(this.groups.where((group) => group.teamId === teamId && group.userId === null), this.planted.where({ teamId }), 'name');
    return Promise.resolve(readListing('groups', storedGroupSchema, groupLabel, documents));
  }

  async listPersonal(userId: string): Promise<WithId<StoredGroup>[]> {
    return strictItems('groups', await this.scanPersonal(userId)).sort(byKey((group) => group.name ?? ''));
  }

  /** Test hook: as MemoryPasswordRepository.liveReads. */
  readonly liveReads = new LiveReads();

  watchPersonal(userId: string, watcher: ListingWatcher<StoredGroup>): StopWatching {
    const source = liveSource(this.groups, this.planted, (data) => data.userId === userId && data.teamId === null);
    return watchInMemory(source, readGroups, watcher, { perSlice: Number.POSITIVE_INFINITY }, this.liveReads);
  }

  watchTeam(teamId: string, watcher: ListingWatcher<StoredGroup>): StopWatching {
    // As scanTeam: Firestore's team query names only teamId.
    const source = liveSource(this.groups, this.planted, (data) => data.teamId === teamId);
    return watchInMemory(source, readGroups, watcher, { perSlice: Number.POSITIVE_INFINITY }, this.liveReads);
  }

  async listTeam(teamId: string): Promise<WithId<StoredGroup>[]> {
    return strictItems('groups', await this.scanTeam(teamId)).sort(byKey((group) => group.name ?? ''));
  }

  create(id: string, group: StoredGroup, event?: GroupEvent): Promise<void> {
    if (this.groups.has(id)) return Promise.reject(new Error(`Group ${id} already exists`));
    if (group.revision !== FIRST_REVISION) return Promise.reject(new WriteRefusedError(`Group ${id} created at revision ${group.revision}`));
    return conditionally(() => {
      logged(this.events, group.teamId, event);
      this.groups.set(id, group);
    });
  }

  update(id: string, changes: GroupChanges, now: number, revision: number, event?: GroupEvent): Promise<void> {
    return conditionally(() => {
      const current = this.groups.get(id);
      checkRevision(id, current, revision, 'group');
      if (current === null) return;
      logged(this.events, current.teamId, event, isReseal(current, changes));
      this.groups.set(id, applyGroupChanges(current, changes, now));
    });
  }

  delete(id: string, revision: number, event?: GroupEvent): Promise<void> {
    // A planted document of the wrong shape has no revision to check: it is deleted as it is.
    if (this.planted.delete(id)) return Promise.resolve();
    return conditionally(() => {
      const current = this.groups.get(id);
      checkRevision(id, current, revision, 'group');
      logged(this.events, current?.teamId ?? null, event);
      this.groups.delete(id);
    });
  }
}
