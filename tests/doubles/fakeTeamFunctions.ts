// A stand-in for the team callables over the in-memory repositories, for the teams feature's unit
// and component tests. The decisions are the callables' own pure code (functions/src/teams/decide*),
// applied to the memory team, so the fake cannot drift from the server on who may do what; only
// the loading and writing are the fake's (createTeam and finishKeyRotation still decide here). The callables themselves are tested on the emulators
// (tests/emulator/teams).
import type { StoredTeam, TeamFunctions } from '../../src/data/teams/storedTeams';
import { decideDeleteTeam } from '../../functions/src/teams/decideDeletion';
import {
  decideConfirmTeamKey,
  decideConfirmTeamKeyRotation,
  decideReportTeamKeyMismatch,
  decideRotateTeamKey,
  isStaleGroup,
} from '../../functions/src/teams/decideKeys';
import { decideChangeMemberRole, decideGrantTeamKey, decideLeaveTeam, decideRemoveTeamMember } from '../../functions/src/teams/decideMembers';
import type { Outcome, TeamChange } from '../../functions/src/teams/model';
import type { MemoryTeamRepository } from './memoryTeamRepositories';
import type { MemoryGroupRepository, MemoryPasswordRepository } from './memoryVaultRepositories';

export interface FakeAccount {
  readonly uid: string;
  readonly email: string;
}

export class FakeTeamFunctions implements TeamFunctions {
  /** Every call, by name, for assertions. */
  readonly calls: { name: string; input: unknown }[] = [];

  constructor(
    private readonly as: () => string,
    private readonly teams: MemoryTeamRepository,
    private readonly passwords: MemoryPasswordRepository,
    private readonly accounts: readonly FakeAccount[],
    private readonly now: () => number = () => 1_000,
  ) {}

  /** The team groups the finish counts too (sealed ones bound to a key version); none when unset. */
  groups: MemoryGroupRepository | null = null;

  private async team(teamId: string): Promise<StoredTeam> {
    const team = await this.teams.get(teamId);
    if (team === null) throw new Error('not-found');
    return team;
  }

  createTeam(input: { teamId: string; name: string; description?: string; encryptedTeamKey: string; keyCheck?: string }): Promise<void> {
    this.calls.push({ name: 'createTeam', input });
    const uid = this.as();
    const email = this.accounts.find((account) => account.uid === uid)?.email ?? null;
    this.teams.put(input.teamId, {
      name: input.name,
      ...(input.description === undefined ? {} : { description: input.description }),
      ownerId: uid,
      createdAt: this.now(),
      updatedAt: this.now(),
      memberIds: [uid],
      members: { [uid]: { userId: uid, role: 'owner', joinedAt: this.now(), email, encryptedTeamKey: input.encryptedTeamKey, needsTeamKey: false } },
      keyVersion: 1,
      keyCheck: input.keyCheck ?? null,
      rotationNeeded: false,
      previousKey: null,
      deleting: false,
    });
    return Promise.resolve();
  }

  async changeMemberRole(input: { teamId: string; userId: string; role: 'admin' | 'full' | 'view' | 'owner' }): Promise<void> {
    this.calls.push({ name: 'changeMemberRole', input });
    await this.decide(input.teamId, (team) => decideChangeMemberRole(team, this.as(), input, this.now()));
  }

  async removeTeamMember(input: { teamId: string; userId: string }): Promise<void> {
    this.calls.push({ name: 'removeTeamMember', input });
    await this.decide(input.teamId, (team) => decideRemoveTeamMember(team, this.as(), input.userId, this.now()));
  }

  async leaveTeam(input: { teamId: string }): Promise<void> {
    this.calls.push({ name: 'leaveTeam', input });
    await this.decide(input.teamId, (team) => decideLeaveTeam(team, this.as(), this.now()));
  }

  /** Applies a decision of the real callables (functions/src/teams) to the stored team, or throws its refusal. */
  private async decide<T extends TeamChange | null>(teamId: string, decide: (team: StoredTeam | null) => Outcome<T>): Promise<T> {
    const team = await this.teams.get(teamId);
    const outcome = decide(team);
    if (!outcome.ok) throw new Error(outcome.message);
    if (team !== null && outcome.value !== null) this.teams.put(teamId, { ...team, ...outcome.value.patch });
    return outcome.value;
  }

  async grantTeamKey(input: { teamId: string; userId: string; keyVersion: number; encryptedTeamKey: string }): Promise<void> {
    this.calls.push({ name: 'grantTeamKey', input });
    await this.decide(input.teamId, (team) => decideGrantTeamKey(team, this.as(), input, this.now()));
  }

  /** Set to make the next rotateTeamKey fail before it writes (an interrupted rotation). */
  failNextRotation = false;
  /** Set to make the next finishKeyRotation fail (an interrupted re-encryption). */
  failNextFinish = false;

  async rotateTeamKey(input: {
    teamId: string;
    fromVersion: number;
    wraps: Readonly<Record<string, string>>;
    sealedPreviousKey: string;
    keyCheck: string;
  }): Promise<{ keyVersion: number; committed: boolean }> {
    this.calls.push({ name: 'rotateTeamKey', input });
    if (this.failNextRotation) {
      this.failNextRotation = false;
      throw new Error('network error');
    }
    const change = await this.decide(input.teamId, (team) => decideRotateTeamKey(team, this.as(), input, this.now()));
    return { keyVersion: change.keyVersion, committed: change.committed };
  }

  async confirmTeamKeyRotation(input: { teamId: string; keyVersion: number }): Promise<void> {
    this.calls.push({ name: 'confirmTeamKeyRotation', input });
    await this.decide(input.teamId, (team) => decideConfirmTeamKeyRotation(team, this.as(), input.keyVersion, this.now()));
  }

  async confirmTeamKey(input: { teamId: string; keyVersion: number; keyCheck: string }): Promise<void> {
    this.calls.push({ name: 'confirmTeamKey', input });
    await this.decide(input.teamId, (team) => decideConfirmTeamKey(team, this.as(), input, this.now()));
  }

  async reportTeamKeyMismatch(input: { teamId: string; keyVersion: number }): Promise<void> {
    this.calls.push({ name: 'reportTeamKeyMismatch', input });
    await this.decide(input.teamId, (team) => decideReportTeamKeyMismatch(team, this.as(), input.keyVersion, this.now()));
  }

  async finishKeyRotation(input: { teamId: string; keyVersion: number }): Promise<void> {
    this.calls.push({ name: 'finishKeyRotation', input });
    if (this.failNextFinish) {
      this.failNextFinish = false;
      throw new Error('network error');
    }
    const team = await this.team(input.teamId);
    // As the callable counts: every document of the team, one of the wrong shape by its stored keyVersion.
    const listing = await this.passwords.scanTeam(input.teamId);
    const versions = [...listing.items.map((entry) => entry.data.keyVersion ?? null), ...listing.malformed.map((document) => document.keyVersion)];
    const stale = versions.filter((version) => version === null || version < team.keyVersion);
    // As the callable counts sealed groups (isStaleGroup): by format and keyVersion.
    const groups = this.groups === null ? [] : (await this.groups.scanTeam(input.teamId)).items;
    const staleGroups = groups.filter((group) => isStaleGroup(group.data, team.keyVersion));
    // Not decideFinishKeyRotation: it lets only owners and admins finish, and the unit tests have a
    // full-access member finish a re-encryption (teamService.test.ts), which the server would refuse.
    if (stale.length > 0 || staleGroups.length > 0) throw new Error('entries remain at the old key');
    this.teams.put(input.teamId, { ...team, previousKey: null });
  }

  async deleteTeam(input: { teamId: string }): Promise<void> {
    this.calls.push({ name: 'deleteTeam', input });
    const refused = decideDeleteTeam(await this.teams.get(input.teamId), this.as());
    if (refused !== null) throw new Error(refused.message);
    for (const entry of await this.passwords.listTeam(input.teamId)) await this.passwords.delete(entry.id, entry.data.revision);
    this.teams.remove(input.teamId);
  }
}
