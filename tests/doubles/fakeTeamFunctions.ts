// A stand-in for the team callables over the in-memory repositories, for the teams feature's unit
// and component tests. The decisions are the callables' own pure code (functions/src/teams/decide*),
// applied to the memory team, so the fake cannot drift from the server on who may do what; only
// the loading and writing are the fake's. Each request is parsed by the callable's own parser (its
// @keyloft/contract schema), so a test cannot hand the fake what the server would refuse. The
// callables themselves are tested on the emulators (tests/emulator/teams), and the same contract
// runs over both (tests/contract/teamCallables.contract.ts).
import type { StoredTeam, TeamFunctions } from '../../src/data/teams/storedTeams';
import { decideDeleteTeam } from '../../functions/src/teams/decideDeletion';
import {
  decideConfirmTeamKey,
  decideConfirmTeamKeyRotation,
  decideFinishKeyRotation,
  decideReportTeamKeyMismatch,
  decideRotateTeamKey,
  isStaleEntry,
  isStaleGroup,
} from '../../functions/src/teams/decideKeys';
import {
  decideChangeMemberRole,
  decideCreateTeam,
  decideGrantTeamKey,
  decideLeaveTeam,
  decideRemoveTeamMember,
} from '../../functions/src/teams/decideMembers';
import { readSubscription, type Outcome, type TeamChange } from '../../functions/src/teams/model';
import { applyTeamChange } from './memoryTeamChange';
import {
  parseChangeMemberRole,
  parseConfirmTeamKey,
  parseCreateTeam,
  parseFinishKeyRotation,
  parseGrantTeamKey,
  parseRemoveTeamMember,
  parseRotateTeamKey,
  parseTeamKeyVersion,
  parseTeamOnly,
} from '../../functions/src/teams/validate';
import { createTeamReply, rotateTeamKeyReply } from '@keyloft/contract/callables/teams';
import { checkedReply } from './callableReply';
import type { MemoryTeamRepository } from './memoryTeamRepositories';
import type { MemoryUserRepository } from './memoryUserRepository';
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
    /** The user records createTeam reads (the subscription, the plan limit) and adds the team to. */
    private readonly users: MemoryUserRepository,
    private readonly accounts: readonly FakeAccount[],
    private readonly now: () => number = () => 1_000,
  ) {}

  /** The team groups the finish counts too (sealed ones bound to a key version); none when unset. */
  groups: MemoryGroupRepository | null = null;

  async createTeam(request: { teamId: string; name: string; description?: string; encryptedTeamKey: string; keyCheck?: string }): Promise<void> {
    this.calls.push({ name: 'createTeam', input: request });
    const input = parseCreateTeam(request);
    const uid = this.as();
    const user = await this.users.get(uid);
    // As the callable counts the plan limit: the teams the caller owns that are not being deleted.
    const owned = (await this.teams.listForMember(uid)).filter((team) => team.data.ownerId === uid).length;
    const outcome = decideCreateTeam({
      uid,
      email: this.accounts.find((account) => account.uid === uid)?.email ?? null,
      input,
      existing: await this.teams.get(input.teamId),
      hasUserRecord: user !== null,
      subscription: readSubscription(user?.subscription),
      ownedTeams: owned,
      now: this.now(),
    });
    if (!outcome.ok) throw new Error(outcome.message);
    checkedReply('createTeam', createTeamReply, { teamId: input.teamId });
    if (outcome.value.kind === 'already-created' || user === null) return;
    this.teams.put(input.teamId, outcome.value.team);
    if (!user.teamIds.includes(input.teamId)) this.users.replace(uid, { ...user, teamIds: [...user.teamIds, input.teamId] });
  }

  async changeMemberRole(request: { teamId: string; userId: string; role: 'admin' | 'full' | 'view' | 'owner' }): Promise<void> {
    this.calls.push({ name: 'changeMemberRole', input: request });
    const input = parseChangeMemberRole(request);
    await this.decide(input.teamId, (team) => decideChangeMemberRole(team, this.as(), input, this.now()));
  }

  async removeTeamMember(request: { teamId: string; userId: string }): Promise<void> {
    this.calls.push({ name: 'removeTeamMember', input: request });
    const input = parseRemoveTeamMember(request);
    await this.decide(input.teamId, (team) => decideRemoveTeamMember(team, this.as(), input.userId, this.now()));
  }

  async leaveTeam(request: { teamId: string }): Promise<void> {
    this.calls.push({ name: 'leaveTeam', input: request });
    const input = parseTeamOnly(request);
    await this.decide(input.teamId, (team) => decideLeaveTeam(team, this.as(), this.now()));
  }

  /** Applies a decision of the real callables (functions/src/teams) to the stored team, or throws its refusal. */
  private async decide<T extends TeamChange | null>(teamId: string, decide: (team: StoredTeam | null) => Outcome<T>): Promise<T> {
    const team = await this.teams.get(teamId);
    const outcome = decide(team);
    if (!outcome.ok) throw new Error(outcome.message);
    if (team !== null && outcome.value !== null) await applyTeamChange({ teams: this.teams, users: this.users }, teamId, team, outcome.value);
    return outcome.value;
  }

  async grantTeamKey(request: { teamId: string; userId: string; keyVersion: number; encryptedTeamKey: string }): Promise<void> {
    this.calls.push({ name: 'grantTeamKey', input: request });
    const input = parseGrantTeamKey(request);
    await this.decide(input.teamId, (team) => decideGrantTeamKey(team, this.as(), input, this.now()));
  }

  /** Set to make the next rotateTeamKey fail before it writes (an interrupted rotation). */
  failNextRotation = false;
  /** Set to make the next finishKeyRotation fail (an interrupted re-encryption). */
  failNextFinish = false;

  async rotateTeamKey(request: {
    teamId: string;
    fromVersion: number;
    wraps: Readonly<Record<string, string>>;
    sealedPreviousKey: string;
    keyCheck: string;
  }): Promise<{ keyVersion: number; committed: boolean }> {
    this.calls.push({ name: 'rotateTeamKey', input: request });
    const input = parseRotateTeamKey(request);
    if (this.failNextRotation) {
      this.failNextRotation = false;
      throw new Error('network error');
    }
    const change = await this.decide(input.teamId, (team) => decideRotateTeamKey(team, this.as(), input, this.now()));
    return checkedReply('rotateTeamKey', rotateTeamKeyReply, { keyVersion: change.keyVersion, committed: change.committed });
  }

  async confirmTeamKeyRotation(request: { teamId: string; keyVersion: number }): Promise<void> {
    this.calls.push({ name: 'confirmTeamKeyRotation', input: request });
    const input = parseTeamKeyVersion(request);
    await this.decide(input.teamId, (team) => decideConfirmTeamKeyRotation(team, this.as(), input.keyVersion, this.now()));
  }

  async confirmTeamKey(request: { teamId: string; keyVersion: number; keyCheck: string }): Promise<void> {
    this.calls.push({ name: 'confirmTeamKey', input: request });
    const input = parseConfirmTeamKey(request);
    await this.decide(input.teamId, (team) => decideConfirmTeamKey(team, this.as(), input, this.now()));
  }

  async reportTeamKeyMismatch(request: { teamId: string; keyVersion: number }): Promise<void> {
    this.calls.push({ name: 'reportTeamKeyMismatch', input: request });
    const input = parseTeamKeyVersion(request);
    await this.decide(input.teamId, (team) => decideReportTeamKeyMismatch(team, this.as(), input.keyVersion, this.now()));
  }

  async finishKeyRotation(request: { teamId: string; keyVersion: number }): Promise<void> {
    this.calls.push({ name: 'finishKeyRotation', input: request });
    const input = parseFinishKeyRotation(request);
    if (this.failNextFinish) {
      this.failNextFinish = false;
      throw new Error('network error');
    }
    // As the callable counts: every entry of the team (one of the wrong shape by its stored
    // keyVersion) and every sealed group, against the version finished.
    const listing = await this.passwords.scanTeam(input.teamId);
    const versions = [...listing.items.map((entry) => entry.data.keyVersion), ...listing.malformed.map((document) => document.keyVersion)];
    const groups = this.groups === null ? [] : (await this.groups.scanTeam(input.teamId)).items;
    const stale =
      versions.filter((keyVersion) => isStaleEntry({ keyVersion }, input.keyVersion)).length +
      groups.filter((group) => isStaleGroup(group.data, input.keyVersion)).length;
    // The decision asks who may before it looks at the count, so a refusal reads as the callable's.
    await this.decide(input.teamId, (team) => decideFinishKeyRotation(team, this.as(), input.keyVersion, stale, this.now()));
  }

  async deleteTeam(request: { teamId: string }): Promise<void> {
    this.calls.push({ name: 'deleteTeam', input: request });
    const input = parseTeamOnly(request);
    const refused = decideDeleteTeam(await this.teams.get(input.teamId), this.as());
    if (refused !== null) throw new Error(refused.message);
    // The callable deletes with the Admin SDK: past the rules, and logged once as the team's deletion.
    for (const entry of await this.passwords.listTeam(input.teamId)) this.passwords.removeAsServer(entry.id);
    this.teams.remove(input.teamId);
  }
}
