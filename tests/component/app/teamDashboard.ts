// A signed-in dashboard over memory repositories with real keys, and teams whose wraps open (or
// not) with them: the world of the vault screen's tests (issue #21) and the team view's.
import { createAccountKeys, generateTeamKey, importPublicKey, wrapTeamKey, type TeamKey } from '../../../src/crypto';
import type { StoredTeam, TeamFunctions } from '../../../src/data/teams/storedTeams';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { memoryRepositories, type MemoryRepositories } from '../../doubles/memoryRepositories';
import { renderDashboardPage } from './dashboardHarness';

export const UID = 'ana';

export interface TeamWorld {
  readonly account: Awaited<ReturnType<typeof createAccountKeys>>;
  /** The key every 'key' wrap opens to. */
  readonly teamKey: TeamKey;
  /** Another key: a 'broken' wrap opens to nothing this user can use. */
  readonly otherKey: TeamKey;
}

/** Made once per test file (in beforeAll): key generation is slow. */
export async function createTeamWorld(): Promise<TeamWorld> {
  const [account, teamKey, otherKey] = await Promise.all([createAccountKeys('team vault master password'), generateTeamKey(), generateTeamKey()]);
  return { account, teamKey, otherKey };
}

/** A stored team named `name` (id: the name lower-cased) where the user holds `role`. */
export async function storedTeam(
  world: TeamWorld,
  name: string,
  role: TeamRole,
  wrap: 'key' | 'needsKey' | 'broken',
  overrides: Partial<StoredTeam> = {},
): Promise<StoredTeam> {
  const teamId = name.toLowerCase();
  const keyVersion = overrides.keyVersion ?? 2;
  const encryptedTeamKey =
    wrap === 'needsKey'
      ? null
      : await wrapTeamKey(wrap === 'key' ? world.teamKey : world.otherKey, await importPublicKey(world.account.stored.publicKey), {
          teamId,
          keyVersion: wrap === 'key' ? keyVersion : 99,
        });
  const owner = role === 'owner' ? UID : 'olga';
  const members: StoredTeam['members'] = {
    [UID]: { userId: UID, role, joinedAt: 1, email: 'ana@example.com', encryptedTeamKey, needsTeamKey: wrap === 'needsKey' },
    ...(owner === UID ? {} : { olga: { userId: 'olga', role: 'owner', joinedAt: 1, email: 'olga@example.com', encryptedTeamKey: null, needsTeamKey: false } }),
    bo: { userId: 'bo', role: 'full', joinedAt: 1, email: 'bo@example.com', encryptedTeamKey: null, needsTeamKey: false },
  };
  return {
    name,
    ownerId: owner,
    createdAt: 1_000,
    updatedAt: 1_000,
    memberIds: Object.keys(members),
    members,
    keyVersion,
    rotationNeeded: false,
    previousKey: null,
    deleting: false,
    ...overrides,
  };
}

/** The dashboard of UID on a trial, after `seed` stored what the test needs. */
export async function renderTeamDashboard(
  world: TeamWorld,
  seed: (repositories: MemoryRepositories) => Promise<void>,
  options: { repositories?: MemoryRepositories; teamFunctions?: TeamFunctions; trialEndedDaysAgo?: number; initialEntry?: string } = {},
) {
  const repositories = options.repositories ?? memoryRepositories();
  const now = Date.now();
  // A trial started 14 days before `trialEndedDaysAgo` days ago has ended: the upgrade overlay shows.
  const trialStart = options.trialEndedDaysAgo === undefined ? now : now - (14 + options.trialEndedDaysAgo) * 24 * 60 * 60 * 1000;
  await repositories.users.create(UID, { ...sampleUserRecord(now), publicKey: world.account.stored.publicKey, subscription: newTrialSubscription(trialStart) });
  await seed(repositories);
  const { user } = renderDashboardPage({
    uid: UID,
    email: 'ana@example.com',
    keys: { vaultKey: world.account.vaultKey, privateKey: world.account.privateKey },
    repositories,
    ...(options.teamFunctions === undefined ? {} : { teamFunctions: options.teamFunctions }),
    ...(options.initialEntry === undefined ? {} : { initialEntry: options.initialEntry }),
  });
  return { user, repositories };
}

/** What writes a team's entries straight through the vault service (as a teammate would have). */
/** What the vault service needs to write UID's personal entries and groups in `world`. */
export const personalWriter = (world: TeamWorld, repositories: MemoryRepositories) => ({
  passwords: repositories.passwords,
  groups: repositories.groups,
  vaultKey: world.account.vaultKey,
  userId: UID,
  now: () => 1_000,
});

export const teamWriter = (repositories: MemoryRepositories, teamId: string, key: TeamKey, keyVersion = 2, role: TeamRole = 'full') => ({
  passwords: repositories.passwords,
  groups: repositories.groups,
  userId: 'bo',
  team: { teamId, key, keyVersion, role },
  now: () => 2_000,
});

export const draft = (title: string, groupId: string | null = null) => ({
  title,
  url: null,
  notes: null,
  username: `${title}-user`,
  password: `${title}-secret`,
  groupId,
});
