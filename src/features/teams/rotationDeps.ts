import type { KnownKeysRepository, PublicKeyRepository, TeamFunctions, TeamRepository } from '../../data/teams/storedTeams';
import type { GroupRepository, PasswordRepository } from '../../data/vault/storedEntries';
import { TEAM_KEY_MESSAGES, TeamKeyError, type UserKeys } from './teamKeys';

/** What the teams feature works with: the repositories, the callables and the signed-in user's keys. */
export interface RotationDeps {
  readonly teams: TeamRepository;
  readonly publicKeys: PublicKeyRepository;
  readonly knownKeys: KnownKeysRepository;
  readonly passwords: PasswordRepository;
  /**
   * The team's groups: sealed ones (format 2) are bound to a key version and re-sealed with the
   * entries. Without it a rotation leaves them, and the server refuses to finish while a sealed
   * group is at the old version (nothing becomes unreadable; the rotation stays pending).
   */
  readonly groups?: GroupRepository;
  readonly functions: TeamFunctions;
  readonly userId: string;
  /** null when the vault is locked. */
  readonly keys: UserKeys | null;
  now(): number;
}

export interface RotationProgress {
  readonly phase: 'rotating' | 're-encrypting' | 'awaiting-owner' | 'done';
  readonly done: number;
  readonly total: number;
}

export function requireKeys(deps: RotationDeps): UserKeys {
  if (deps.keys === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.noPrivateKey);
  return deps.keys;
}
