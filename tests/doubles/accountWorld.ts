import { createAccountKeys } from '../../src/crypto';
import type { StoredTeam } from '../../src/data/teams/storedTeams';
import { storedKdfOf, type StoredUserRecord } from '../../src/data/users/userRecord';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { createAccountDeletionApi, type AccountDeletionApi } from '../../src/features/settings/accountDeletion';
import { FakeAccountFunctions } from './fakeAccountFunctions';
import { memoryRepositories, type MemoryRepositories } from './memoryRepositories';
import { forgedSealed } from '../support/forgedCiphertext';

// A signed-in user with a real user record (its check value opens with MASTER), owning 'Alpha'
// and 'Zeta', a member of 'Joined', over the in-memory repositories, for the Delete Account tests.

export const MASTER = 'the right master password';
export const UID = 'me';

function team(name: string, ownerId: string, memberIds: readonly string[]): StoredTeam {
  const members = Object.fromEntries(
    memberIds.map((uid) => [
      uid,
      { userId: uid, role: uid === ownerId ? ('owner' as const) : ('full' as const), joinedAt: 1, email: null, encryptedTeamKey: forgedSealed<'team-key-wrap'>('k'), needsTeamKey: false },
    ]),
  );
  return { name, ownerId, createdAt: 1, updatedAt: 1, memberIds: [...memberIds], members, keyVersion: 1, rotationNeeded: false, previousKey: null, deleting: false };
}

export interface AccountWorld {
  readonly repositories: MemoryRepositories;
  readonly functions: FakeAccountFunctions;
  readonly signedOut: { count: number };
  readonly api: AccountDeletionApi;
}

let stored: Promise<Awaited<ReturnType<typeof createAccountKeys>>['stored']> | undefined;

export async function accountWorld(options: { teams?: boolean } = {}): Promise<AccountWorld> {
  stored ??= createAccountKeys(MASTER).then((keys) => keys.stored);
  const keys = await stored;
  const repositories = memoryRepositories();
  const record: StoredUserRecord = {
    email: 'me@example.com',
    encryptionSalt: keys.kdf.salt,
    kdf: storedKdfOf(keys.kdf),
    publicKey: keys.publicKey,
    encryptedPrivateKey: keys.encryptedPrivateKey,
    wrappedVaultKey: keys.wrappedVaultKey,
    masterPasswordTest: keys.masterPasswordTest,
    authProvider: 'password',
    createdAt: 1,
    updatedAt: 1,
    teamIds: [],
    pendingTeamKeys: {},
    subscription: newTrialSubscription(1),
  };
  await repositories.users.create(UID, record);
  if (options.teams !== false) {
    repositories.teams.put('t-zeta', team('Zeta', UID, [UID, 'other']));
    repositories.teams.put('t-alpha', team('Alpha', UID, [UID]));
    repositories.teams.put('t-joined', team('Joined', 'other', ['other', UID]));
    repositories.teams.put('t-elsewhere', team('Elsewhere', 'other', ['other']));
  }
  const functions = new FakeAccountFunctions();
  const signedOut = { count: 0 };
  const api = createAccountDeletionApi({
    uid: UID,
    users: repositories.users,
    teams: repositories.teams,
    functions,
    signOut: () => {
      signedOut.count += 1;
      return Promise.resolve();
    },
  });
  return { repositories, functions, signedOut, api };
}
