import type {
  KnownKeysRepository,
  PublicKeyRepository,
  StoredTeam,
  TeamRepository,
} from '../../src/data/teams/storedTeams';
import type { WithId } from '../../src/data/vault/storedEntries';
import { MemoryCollection } from './memoryCollection';

export class MemoryTeamRepository implements TeamRepository {
  private readonly teams = new MemoryCollection<StoredTeam>();

  newId(): string {
    return this.teams.newId();
  }

  listForMember(uid: string): Promise<WithId<StoredTeam>[]> {
    const found = this.teams
      .where((team) => team.memberIds.includes(uid) && !team.deleting)
      .map(([id, data]) => ({ id, data }))
      .sort((a, b) => (a.data.name < b.data.name ? -1 : a.data.name > b.data.name ? 1 : 0));
    return Promise.resolve(found);
  }

  get(teamId: string): Promise<StoredTeam | null> {
    return Promise.resolve(this.teams.get(teamId));
  }

  updateDetails(teamId: string, details: { readonly name: string; readonly description?: string }, now: number): Promise<void> {
    const team = this.teams.get(teamId);
    if (team === null) return Promise.reject(new Error(`No team ${teamId}`));
    const { description: _dropped, ...rest } = team;
    this.teams.set(teamId, { ...rest, name: details.name, ...(details.description === undefined ? {} : { description: details.description }), updatedAt: now });
    return Promise.resolve();
  }

  /** What the callables do with the Admin SDK; test fakes of TeamFunctions write through it. */
  put(teamId: string, team: StoredTeam): void {
    this.teams.set(teamId, team);
  }

  remove(teamId: string): void {
    this.teams.delete(teamId);
  }
}

export class MemoryPublicKeyRepository implements PublicKeyRepository {
  private readonly keys = new MemoryCollection<{ publicKey: string; createdAt: number }>();

  get(uid: string): Promise<string | null> {
    return Promise.resolve(this.keys.get(uid)?.publicKey ?? null);
  }

  publish(uid: string, publicKey: string, now: number): Promise<void> {
    if (!this.keys.has(uid)) this.keys.set(uid, { publicKey, createdAt: now });
    return Promise.resolve();
  }

  /** A server that hands out a different key for someone (for the key-change tests). */
  replace(uid: string, publicKey: string): void {
    this.keys.set(uid, { publicKey, createdAt: 0 });
  }

  /** An account that never published a key (made before publicKeys existed, not unlocked since). */
  unpublish(uid: string): void {
    this.keys.delete(uid);
  }
}

export class MemoryKnownKeysRepository implements KnownKeysRepository {
  private readonly sealed = new MemoryCollection<{ sealed: string; updatedAt: number }>();

  get(uid: string): Promise<string | null> {
    return Promise.resolve(this.sealed.get(uid)?.sealed ?? null);
  }

  put(uid: string, sealed: string, now: number): Promise<void> {
    this.sealed.set(uid, { sealed, updatedAt: now });
    return Promise.resolve();
  }
}
