// One in-memory "server" for the teams feature's tests: the repositories, the fake callables, every
// account's public key published, and the service dependencies as each account sees them (every
// callable made through them runs as that account).
import type { PrivateKey, VaultKey } from '../../src/crypto';
import type { TeamServiceDeps } from '../../src/features/teams/teamService';
import { FakeTeamFunctions } from './fakeTeamFunctions';
import { MemoryKnownKeysRepository, MemoryPublicKeyRepository, MemoryTeamRepository } from './memoryTeamRepositories';
import { MemoryPasswordRepository } from './memoryVaultRepositories';

export interface WorldAccount {
  readonly uid: string;
  readonly email: string;
  readonly vaultKey: VaultKey;
  readonly privateKey: PrivateKey;
  readonly publicKey: string;
}

export function teamWorld<N extends string>(accounts: Readonly<Record<N, WorldAccount>>, now: () => number = () => Date.now()) {
  const all = Object.values<WorldAccount>(accounts);
  let acting = all[0]?.uid ?? '';
  const teams = new MemoryTeamRepository();
  const publicKeys = new MemoryPublicKeyRepository();
  const passwords = new MemoryPasswordRepository();
  const knownKeys = new Map<N, MemoryKnownKeysRepository>();
  const functions = new FakeTeamFunctions(() => acting, teams, publicKeys, passwords, all);
  for (const account of all) void publicKeys.publish(account.uid, account.publicKey, 0);

  const deps = (name: N): TeamServiceDeps => {
    const account = accounts[name];
    if (!knownKeys.has(name)) knownKeys.set(name, new MemoryKnownKeysRepository());
    return {
      teams,
      publicKeys,
      knownKeys: knownKeys.get(name)!,
      passwords,
      functions: new Proxy(functions, {
        get(target, property, receiver) {
          acting = account.uid;
          return Reflect.get(target, property, receiver) as unknown;
        },
      }),
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

  return { teams, publicKeys, passwords, functions, deps, actAs };
}
