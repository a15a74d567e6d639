import { SEALED_ENTRY_FORMAT, SEALED_GROUP_FORMAT, type EntryPartBinding, type GroupPartBinding, type TeamKey, type VaultKey } from '../../../crypto';
import type { GroupRepository, PasswordRepository } from '../../../data/vault/storedEntries';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import type { DetailsCache } from '../detailsCache';
import type { EstimateStrength } from '../health/healthReport';

// What the vault service works with, for one scope: the user's personal vault (vault key) or one
// team (team key), and which key and binding that scope gives a stored entry or group.

/** What both scopes may say about the sealed format (issue #18). */
export interface SealedFormatOptions {
  /**
   * false writes new and edited format-1 entries in format 1 (title, url and notes in clear): only
   * for tests and benches that build a vault from before issue #18; the rules refuse it once the
   * vault or team is marked sealed (docs/rules.md). Otherwise, and always for an entry already
   * sealed, entries are written in format 2 (sealed overview and details).
   */
  readonly sealedFormat?: boolean;
  /**
   * Where opened details are kept while the vault is open; the app clears it when the session
   * forgets the keys. Without one, each deps object gets its own (gone with the deps).
   */
  readonly details?: DetailsCache;
  /**
   * Loads the password strength estimator (issue #42): a sealed save then seals the entry's
   * health record (strength, fingerprint, when the password was set) in its overview. Absent
   * (most tests and benches), or failing to load: saved without one, as before.
   */
  readonly strength?: () => Promise<EstimateStrength>;
  /** How long after a personal vault's load its entries' health records are brought up to date (upgradeHealth.ts); tests pass 0. */
  readonly healthUpgradeDelayMs?: number;
}

export interface PersonalVaultDeps extends SealedFormatOptions {
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
  readonly vaultKey: VaultKey;
  readonly userId: string;
  now(): number;
}

/** One team as the vault sees it: handed in by the app, which opened the key (features/teams). */
export interface TeamScope {
  readonly teamId: string;
  /** The team key of `keyVersion`, the team's current version. */
  readonly key: TeamKey;
  readonly keyVersion: number;
  /** The user's role: what they may write (SPEC.md §6). */
  readonly role: TeamRole;
  /** During a rotation: the key of keyVersion − 1, which still opens entries not yet re-encrypted. */
  readonly previousKey?: TeamKey | null;
  /**
   * The team's key version as stored now (null: no team), read when the rules refuse a write: a
   * version past `keyVersion` means the key changed (a rotation), not that the role did.
   */
  readonly storedKeyVersion?: () => Promise<number | null>;
  /** Called when a refused write turned out to be a changed key: the app opens the team again. */
  readonly onKeyChanged?: () => void;
}

export interface TeamVaultDeps extends SealedFormatOptions {
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
  /** The signed-in user: the creator written on new team entries. */
  readonly userId: string;
  readonly team: TeamScope;
  now(): number;
}

export type VaultDeps = PersonalVaultDeps | TeamVaultDeps;

export function isTeamVault(deps: VaultDeps): deps is TeamVaultDeps {
  return 'team' in deps;
}

/** The key that opens an entry sealed at `keyVersion` (team entries), or why none of the keys held does. */
export function keyFor(deps: VaultDeps, keyVersion: number | undefined | null): VaultKey | TeamKey | string {
  if (!isTeamVault(deps)) return deps.vaultKey;
  const { key, keyVersion: current, previousKey } = deps.team;
  if (keyVersion === current) return key;
  if (keyVersion === current - 1 && previousKey) return previousKey;
  return `entry at team key version ${String(keyVersion)}; this session holds version ${current}${previousKey ? ` and ${current - 1}` : ''}`;
}

/** What a write seals with: the scope's current key and (teams) its key version, which the rules insist on. */
export function writeKey(deps: VaultDeps): { readonly key: VaultKey | TeamKey; readonly keyVersion: number | null } {
  return isTeamVault(deps) ? { key: deps.team.key, keyVersion: deps.team.keyVersion } : { key: deps.vaultKey, keyVersion: null };
}

/** The binding of a sealed entry's parts: personal entries name no key version, team entries the stored one. */
export function entryBinding(deps: VaultDeps, entryId: string, keyVersion: number | null, format: number = SEALED_ENTRY_FORMAT): EntryPartBinding {
  return { entryId, keyVersion: isTeamVault(deps) ? keyVersion : null, format };
}

/** The binding of a sealed group: personal groups name no key version, team groups the stored one. */
export function groupBinding(deps: VaultDeps, groupId: string, keyVersion: number | null): GroupPartBinding {
  return { groupId, keyVersion: isTeamVault(deps) ? keyVersion : null, format: SEALED_GROUP_FORMAT };
}
