// One in-memory "server" (repositories and the fake callables) with three real accounts (keys from
// createAccountKeys), and the real members API as each of them sees it.
import { createAccountKeys, type PrivateKey, type VaultKey } from '../../../src/crypto';
import { createTeamMembersApi } from '../../../src/features/teams/membersApi';
import type { TeamMembersApi } from '../../../src/features/teams/model';
import { createTeamsApi } from '../../../src/features/teams/teamService';
import { teamWorld } from '../../doubles/teamWorld';

export type Name = 'owner' | 'member' | 'another';

export interface Account {
  readonly uid: string;
  readonly email: string;
  readonly vaultKey: VaultKey;
  readonly privateKey: PrivateKey;
  readonly publicKey: string;
}

export const EMAILS: Record<Name, string> = { owner: 'ana@example.com', member: 'bob@example.com', another: 'cid@example.com' };

/** Made once per test file (PBKDF2 at the production cost is slow). */
export async function makeAccounts(): Promise<{ accounts: Record<Name, Account>; strangerPublicKey: string }> {
  const accounts = {} as Record<Name, Account>;
  for (const name of ['owner', 'member', 'another'] as const) {
    const keys = await createAccountKeys(`${name} master password`);
    accounts[name] = { uid: `${name}-uid`, email: EMAILS[name], vaultKey: keys.vaultKey, privateKey: keys.privateKey, publicKey: keys.stored.publicKey };
  }
  const stranger = await createAccountKeys('a replaced key');
  return { accounts, strangerPublicKey: stranger.stored.publicKey };
}

export function membersWorld(accounts: Record<Name, Account>) {
  const { teams, publicKeys, passwords, functions, invitations, invitationFunctions, deps, actAs, join, joinNeedingKey, knownKeysOf } = teamWorld(accounts);
  const api = (name: Name): TeamMembersApi => createTeamMembersApi(deps(name));

  /** A team the owner creates, with `members` invited and joined through the real service (key wrapped, fingerprint remembered). */
  async function team(name: string, members: Partial<Record<Exclude<Name, 'owner'>, 'admin' | 'full' | 'view'>> = {}): Promise<string> {
    await createTeamsApi(deps('owner')).create({ name });
    const created = (await teams.listForMember(accounts.owner.uid)).find((entry) => entry.data.name === name);
    if (!created) throw new Error('team not created');
    for (const [who, role] of Object.entries(members) as [Exclude<Name, 'owner'>, 'admin' | 'full' | 'view'][]) {
      await join(created.id, 'owner', who, role);
    }
    return created.id;
  }

  // addWithoutKey: someone who joined without the key ('Needs Key'), as accepting an invitation
  // that came without one leaves them.
  return { teams, publicKeys, passwords, functions, invitations, invitationFunctions, deps, actAs, api, team, addWithoutKey: joinNeedingKey, knownKeysOf };
}

export type MembersWorld = ReturnType<typeof membersWorld>;
