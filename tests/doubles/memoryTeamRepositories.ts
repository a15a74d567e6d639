import type {
  KnownKeysRepository,
  PublicKeyRepository,
  StoredMemberKey,
  StoredTeam,
  TeamListing,
  TeamRepository,
} from '../../src/data/teams/storedTeams';
import type { WithId } from '../../src/data/vault/storedEntries';
import { MemoryCollection } from './memoryCollection';

export class MemoryTeamRepository implements TeamRepository {
  private readonly teams = new MemoryCollection<StoredTeam>();

  newId(): string {
    return this.teams.newId();
  }

  /** In memory every team is well formed and every answer current: no device copy stands in. */
  async listing(uid: string): Promise<TeamListing> {
    return { teams: await this.listForMember(uid), malformed: [], fromDevice: false, left: [] };
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

  watchForMember(uid: string, changed: () => void): () => void {
    const isMember = (teamId: string) => {
      const team = this.teams.peek(teamId);
      return team !== undefined && team.memberIds.includes(uid) && !team.deleting;
    };
    const member = new Set(this.teams.where(() => true).flatMap(([id]) => (isMember(id) ? [id] : [])));
    let stopped = false;
    const stop = this.teams.observe((teamId) => {
      const was = member.has(teamId);
      const is = isMember(teamId);
      if (is) member.add(teamId);
      else member.delete(teamId);
      // Delivered after the write, as Firestore delivers a snapshot.
      if (was || is) {
        queueMicrotask(() => {
          if (!stopped) changed();
        });
      }
    });
    return () => {
      stopped = true;
      stop();
    };
  }

  updateDetails(teamId: string, details: { readonly name: string; readonly description?: string }, now: number): Promise<void> {
    const team = this.teams.get(teamId);
    if (team === null) return Promise.reject(new Error(`No team ${teamId}`));
    const { description: _dropped, ...rest } = team;
    this.teams.set(teamId, { ...rest, name: details.name, ...(details.description === undefined ? {} : { description: details.description }), updatedAt: now });
    return Promise.resolve();
  }

  private readonly memberKeys = new Map<string, Map<string, StoredMemberKey>>();

  listMemberKeys(teamId: string): Promise<Map<string, StoredMemberKey>> {
    return Promise.resolve(new Map(this.memberKeys.get(teamId) ?? []));
  }

  putMemberKey(teamId: string, memberUid: string, record: StoredMemberKey): Promise<void> {
    const records = this.memberKeys.get(teamId) ?? new Map<string, StoredMemberKey>();
    records.set(memberUid, { ...record });
    this.memberKeys.set(teamId, records);
    return Promise.resolve();
  }

  /** What a server that lacks the team key could do to a member-key record (tests of the checks). */
  forgeMemberKey(teamId: string, memberUid: string, record: StoredMemberKey): void {
    void this.putMemberKey(teamId, memberUid, record);
  }

  /** What the callables do with the Admin SDK; test fakes of TeamFunctions write through it. */
  put(teamId: string, team: StoredTeam): void {
    this.teams.set(teamId, team);
  }

  /** As deleteTeam does: the team and its member-key records. */
  remove(teamId: string): void {
    this.teams.delete(teamId);
    this.memberKeys.delete(teamId);
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
  private legacy: string | null = null;
  private readonly records = new Map<string, { sealed: string; updatedAt: number }>();

  getLegacy(): Promise<string | null> {
    return Promise.resolve(this.legacy);
  }

  removeLegacy(): Promise<void> {
    this.legacy = null;
    return Promise.resolve();
  }

  list(): Promise<Map<string, string>> {
    return Promise.resolve(new Map([...this.records].map(([teammate, record]) => [teammate, record.sealed])));
  }

  get(_uid: string, teammateUid: string): Promise<string | null> {
    return Promise.resolve(this.records.get(teammateUid)?.sealed ?? null);
  }

  put(_uid: string, teammateUid: string, sealed: string, now: number): Promise<void> {
    this.records.set(teammateUid, { sealed, updatedAt: now });
    return Promise.resolve();
  }

  /** The first format's single document, as an account made before per-teammate records has it. */
  putLegacy(sealed: string): void {
    this.legacy = sealed;
  }

  /** A record the server altered or a disk damaged (tests of the rebuild). */
  damage(teammateUid: string, sealed = 'AAAA'): void {
    this.records.set(teammateUid, { sealed, updatedAt: 0 });
  }
}
