import type {
  GroupRepository,
  PasswordEntryChanges,
  PasswordRepository,
  StoredGroup,
  StoredPasswordEntry,
  WithId,
} from '../../src/data/vault/storedEntries';
import { checkRevision, FIRST_REVISION, WriteRefusedError } from '../../src/data/vault/storedEntries';
import { applyEntryChanges, applyGroupChanges } from '../../src/data/vault/entryChanges';
import { MemoryCollection } from './memoryCollection';

const byKey =
  <T>(key: (value: T) => string) =>
  (a: WithId<T>, b: WithId<T>) =>
    key(a.data) < key(b.data) ? -1 : key(a.data) > key(b.data) ? 1 : 0;

/** Runs a conditional write the way the Firestore repository does: the same checkRevision, the same errors. */
function conditionally(check: () => void): Promise<void> {
  try {
    check();
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
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
    // As the rules: a new entry starts at revision 1.
    if (entry.revision !== FIRST_REVISION) return Promise.reject(new WriteRefusedError(`Password ${id} created at revision ${entry.revision}`));
    this.entries.set(id, entry);
    return Promise.resolve();
  }

  update(id: string, changes: PasswordEntryChanges, now: number, revision: number): Promise<void> {
    return conditionally(() => {
      const current = this.entries.get(id);
      checkRevision(id, current, revision, 'password');
      if (current !== null) this.entries.set(id, applyEntryChanges(current, changes, now));
    });
  }

  delete(id: string, revision: number): Promise<void> {
    return conditionally(() => {
      checkRevision(id, this.entries.get(id), revision, 'password');
      this.entries.delete(id);
    });
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
    if (group.revision !== FIRST_REVISION) return Promise.reject(new WriteRefusedError(`Group ${id} created at revision ${group.revision}`));
    this.groups.set(id, group);
    return Promise.resolve();
  }

  update(id: string, changes: { readonly name: string; readonly description?: string }, now: number, revision: number): Promise<void> {
    return conditionally(() => {
      const current = this.groups.get(id);
      checkRevision(id, current, revision, 'group');
      if (current !== null) this.groups.set(id, applyGroupChanges(current, changes, now));
    });
  }

  delete(id: string, revision: number): Promise<void> {
    return conditionally(() => {
      checkRevision(id, this.groups.get(id), revision, 'group');
      this.groups.delete(id);
    });
  }
}
