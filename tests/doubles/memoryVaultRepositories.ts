import type {
  GroupRepository,
  PasswordEntryChanges,
  PasswordRepository,
  StoredGroup,
  StoredPasswordEntry,
  WithId,
} from '../../src/data/vault/storedEntries';
import { applyEntryChanges, applyGroupChanges } from '../../src/data/vault/entryChanges';
import { MemoryCollection } from './memoryCollection';

const byKey =
  <T>(key: (value: T) => string) =>
  (a: WithId<T>, b: WithId<T>) =>
    key(a.data) < key(b.data) ? -1 : key(a.data) > key(b.data) ? 1 : 0;

function missing(kind: string, id: string): Error {
  return new Error(`No ${kind} ${id}`);
}

export class MemoryPasswordRepository implements PasswordRepository {
  private readonly entries = new MemoryCollection<StoredPasswordEntry>();

  newId(): string {
    return this.entries.newId();
  }

  listPersonal(userId: string): Promise<WithId<StoredPasswordEntry>[]> {
    const found = this.entries
      .where((entry) => entry.userId === userId && entry.teamId === null)
      .map(([id, data]) => ({ id, data }));
    // Firestore orders strings by code point, as < does.
    return Promise.resolve(found.sort(byKey((entry) => entry.title)));
  }

  listTeam(teamId: string): Promise<WithId<StoredPasswordEntry>[]> {
    const found = this.entries.where((entry) => entry.teamId === teamId).map(([id, data]) => ({ id, data }));
    return Promise.resolve(found.sort(byKey((entry) => entry.title)));
  }

  create(id: string, entry: StoredPasswordEntry): Promise<void> {
    if (this.entries.has(id)) return Promise.reject(new Error(`Password ${id} already exists`));
    this.entries.set(id, entry);
    return Promise.resolve();
  }

  update(id: string, changes: PasswordEntryChanges, now: number): Promise<void> {
    const current = this.entries.get(id);
    if (current === null) return Promise.reject(missing('password', id));
    this.entries.set(id, applyEntryChanges(current, changes, now));
    return Promise.resolve();
  }

  delete(id: string): Promise<void> {
    this.entries.delete(id);
    return Promise.resolve();
  }

  ungroupPersonal(userId: string, groupId: string, now: number): Promise<number> {
    const grouped = this.entries.where((entry) => entry.userId === userId && entry.teamId === null && entry.groupId === groupId);
    for (const [id, entry] of grouped) this.entries.set(id, applyEntryChanges(entry, { groupId: null }, now));
    return Promise.resolve(grouped.length);
  }

  ungroupTeam(teamId: string, groupId: string, now: number): Promise<number> {
    const grouped = this.entries.where((entry) => entry.teamId === teamId && entry.groupId === groupId);
    for (const [id, entry] of grouped) this.entries.set(id, applyEntryChanges(entry, { groupId: null }, now));
    return Promise.resolve(grouped.length);
  }
}

export class MemoryGroupRepository implements GroupRepository {
  private readonly groups = new MemoryCollection<StoredGroup>();

  newId(): string {
    return this.groups.newId();
  }

  listPersonal(userId: string): Promise<WithId<StoredGroup>[]> {
    const found = this.groups.where((group) => group.userId === userId && group.teamId === null).map(([id, data]) => ({ id, data }));
    return Promise.resolve(found.sort(byKey((group) => group.name)));
  }

  listTeam(teamId: string): Promise<WithId<StoredGroup>[]> {
    const found = this.groups.where((group) => group.teamId === teamId && group.userId === null).map(([id, data]) => ({ id, data }));
    return Promise.resolve(found.sort(byKey((group) => group.name)));
  }

  create(id: string, group: StoredGroup): Promise<void> {
    if (this.groups.has(id)) return Promise.reject(new Error(`Group ${id} already exists`));
    this.groups.set(id, group);
    return Promise.resolve();
  }

  update(id: string, changes: { readonly name: string; readonly description?: string }, now: number): Promise<void> {
    const current = this.groups.get(id);
    if (current === null) return Promise.reject(missing('group', id));
    this.groups.set(id, applyGroupChanges(current, changes, now));
    return Promise.resolve();
  }

  delete(id: string): Promise<void> {
    this.groups.delete(id);
    return Promise.resolve();
  }
}
