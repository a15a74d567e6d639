// One in-memory "server" for the teams feature's tests: the repositories, the fake callables, every
// account's public key published, and the service dependencies as each account sees them (every
// callable made through them runs as that account).
import type { PrivateKey, VaultKey } from '../../src/crypto';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { createTeamInvitationsApi, type TeamInvitationDeps } from '../../src/features/teams/teamInvitations';
import { grantKey, prepareGrant } from '../../src/features/teams/teamService';
import { sampleUserRecord } from '../contract/userRepository.contract';
import { FakeInvitationFunctions } from './fakeInvitationFunctions';
import { FakeTeamFunctions } from './fakeTeamFunctions';
import { MemoryInvitationRepository } from './memoryInvitationRepository';
import { MemoryKnownKeysRepository, MemoryPublicKeyRepository, MemoryTeamRepository } from './memoryTeamRepositories';
import { MemoryUserRepository } from './memoryUserRepository';
import { MemoryGroupRepository, MemoryPasswordRepository } from './memoryVaultRepositories';

/** Where the fake app runs: the start of invitation links. */
export const WORLD_ORIGIN = 'https://keyloft.test';

export interface WorldAccount {
  readonly uid: string;
  readonly email: string;
  readonly vaultKey: VaultKey;
  readonly privateKey: PrivateKey;
  readonly publicKey: string;
}

/**
 * Puts `account` in the team without the key, as acceptInvitation does for an invitation that came
 * without one (docs/invitations.md): members and memberIds together, 'Needs Key' until an owner or
 * admin grants it.
 */
export async function joinWithoutKey(
  teams: MemoryTeamRepository,
  teamId: string,
  account: { readonly uid: string; readonly email: string },
  role: Exclude<TeamRole, 'owner'>,
  now: number = Date.now(),
): Promise<void> {
  const team = await teams.get(teamId);
  if (team === null) throw new Error(`No team ${teamId}`);
  teams.put(teamId, {
    ...team,
    memberIds: [...team.memberIds, account.uid],
    members: {
      ...team.members,
      [account.uid]: { userId: account.uid, role, joinedAt: now, email: account.email, encryptedTeamKey: null, needsTeamKey: true },
    },
  });
}

export function teamWorld<N extends string>(accounts: Readonly<Record<N, WorldAccount>>, now: () => number = () => Date.now()) {
  const all = Object.values<WorldAccount>(accounts);
  let acting = all[0]?.uid ?? '';
  const teams = new MemoryTeamRepository();
  const publicKeys = new MemoryPublicKeyRepository();
  const passwords = new MemoryPasswordRepository();
  const knownKeys = new Map<N, MemoryKnownKeysRepository>();
  const groups = new MemoryGroupRepository();
  const users = new MemoryUserRepository();
  // Every world account has its user record, on the trial a new account starts with, as createTeam
  // requires (a record, and paid access for a team).
  for (const { uid, email, publicKey } of all) void users.create(uid, { ...sampleUserRecord(now()), email, publicKey });
  const functions = new FakeTeamFunctions(() => acting, teams, passwords, users, all);
  functions.groups = groups;
  const invitations = new MemoryInvitationRepository(users, teams, now);
  // Every world account has a verified address, so it accepts without a link's proof.
  const invitationFunctions = new FakeInvitationFunctions(
    () => acting,
    invitations,
    teams,
    users,
    all.map(({ uid, email }) => ({ uid, email, verified: true })),
    now,
  );
  for (const account of all) void publicKeys.publish(account.uid, account.publicKey, 0);

  /** Calls made through the proxy run as `uid`. */
  const actingAs = <T extends object>(target: T, uid: string): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        acting = uid;
        return Reflect.get(object, property, receiver) as unknown;
      },
    });

  const deps = (name: N): TeamInvitationDeps => {
    const account = accounts[name];
    if (!knownKeys.has(name)) knownKeys.set(name, new MemoryKnownKeysRepository());
    return {
      teams,
      publicKeys,
      knownKeys: knownKeys.get(name)!,
      passwords,
      groups,
      functions: actingAs(functions, account.uid),
      invitations,
      invitationFunctions: actingAs(invitationFunctions, account.uid),
      appOrigin: WORLD_ORIGIN,
      userId: account.uid,
      ownPublicKey: account.publicKey,
      keys: { vaultKey: account.vaultKey, privateKey: account.privateKey },
      now,
    };
  };

  /** Calls on `functions` directly (not through deps) run as this account. */
  const actAs = (name: N): void => {
    acting = accounts[name].uid;
  };

  /** actAs for an account made after the world (the fake invitation callables know it by addAccount). */
  const actAsUid = (uid: string): void => {
    acting = uid;
  };

  /**
   * `owner` invites `member` through the real service, `member` (verified) accepts from their
   * invitations list without the link, and `owner` grants them the key after the fingerprint: how a
   * person with an account joins a team (docs/invitations.md).
   */
  const join = async (teamId: string, owner: N, member: N, role: Exclude<TeamRole, 'owner'>): Promise<void> => {
    const step = await createTeamInvitationsApi(deps(owner)).invite(teamId, accounts[member].email, role);
    actAs(member);
    await invitationFunctions.acceptInvitation({ inviteId: step.inviteId });
    await grantKey(deps(owner), teamId, await prepareGrant(deps(owner), teamId, accounts[member].uid));
  };

  /** joinWithoutKey for a world account. */
  const joinNeedingKey = (teamId: string, member: N, role: Exclude<TeamRole, 'owner'>): Promise<void> =>
    joinWithoutKey(teams, teamId, accounts[member], role, now());

  /** The remembered fingerprints of `name` (the same repository their deps use). */
  const knownKeysOf = (name: N): MemoryKnownKeysRepository => {
    if (!knownKeys.has(name)) knownKeys.set(name, new MemoryKnownKeysRepository());
    return knownKeys.get(name)!;
  };

  return { teams, publicKeys, passwords, groups, functions, users, invitations, invitationFunctions, deps, actAs, actAsUid, join, joinNeedingKey, knownKeysOf };
}
