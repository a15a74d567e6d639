import { canOnPasswords } from '@keyloft/contract/teamPermissions';
import type { Group, PasswordEntry } from '../model';
import { GroupConflictError, isTeamVault, PasswordConflictError, savePassword, updateGroup, VaultGoneError, type VaultDeps } from '../vaultService';
import { planMigration, type MigrationScope } from './planMigration';

// The sealed-entry migration (issue #18 item 4, docs/vault.md "Sealing an existing vault"): after
// a vault or team is loaded, the groups and then the entries still in format 1 are saved again,
// sealed, each on the revision the list read, the entries a batch at a time. Every write is one entry's own conditional update, so
// an interruption at any point leaves each entry whole in one format or the other, both readable,
// and the next load plans again from what is stored. Once nothing is left in format 1 the vault or
// team is marked sealed, and the rules refuse format 1 there from then on.

/** Entries written at once within a batch: enough to overlap round trips, few enough to stay polite. */
const CONCURRENT_WRITES = 10;

export type MigrationOutcome =
  /** Nothing is left in format 1 and the vault or team is marked sealed. */
  | { readonly kind: 'sealed'; readonly migrated: number }
  /**
   * Some entries stay in format 1 for now: damaged or undecryptable ones (the user's to delete), or
   * ones changed or deleted meanwhile (the next load seals them). Not marked.
   */
  | { readonly kind: 'partial'; readonly migrated: number; readonly left: number }
  /** A View Only member: a member whose role can edit seals and marks the team. */
  | { readonly kind: 'not-mine' }
  /** The team key is being rotated: the rotation first, the migration at a later load. */
  | { readonly kind: 'wait-for-rotation' };

/** A vault or team as just loaded: what the migration plans from. */
export interface LoadedVault {
  readonly entries: readonly PasswordEntry[];
  readonly groups: readonly Group[];
}

export interface MigrationCallbacks {
  /** After each batch: how many of the planned entries are done (sealed or left alone). */
  readonly onProgress?: (done: number, total: number) => void;
  /** The entries just sealed, as the list should now hold them (next revision, sealed). */
  readonly onSealed?: (entries: readonly PasswordEntry[]) => void;
  /** The groups just sealed, as the list should now hold them. */
  readonly onGroupsSealed?: (groups: readonly Group[]) => void;
  /** Asked between writes: true stops (the screen closed, the session locked); the next load goes on. */
  readonly stopped?: () => boolean;
}

function scopeOf(deps: VaultDeps): MigrationScope {
  if (!isTeamVault(deps)) return { kind: 'personal' };
  const { role, keyVersion, previousKey } = deps.team;
  return { kind: 'team', role, keyVersion, rotationPending: previousKey != null };
}

function mayMark(deps: VaultDeps): boolean {
  return !isTeamVault(deps) || canOnPasswords(deps.team.role, 'edit');
}

async function mark(deps: VaultDeps): Promise<void> {
  if (isTeamVault(deps)) await deps.passwords.markTeamSealed(deps.team.teamId);
  else await deps.passwords.markPersonalSealed(deps.userId);
}

/** One format-1 entry saved sealed; null when it was changed or deleted meanwhile (left for the next load). */
async function seal(deps: VaultDeps, entry: PasswordEntry): Promise<PasswordEntry | null> {
  const { title, url, notes, username, password, groupId } = entry;
  try {
    return await savePassword(deps, { title, url, notes, username, password, groupId }, entry);
  } catch (error) {
    if (error instanceof PasswordConflictError || error instanceof VaultGoneError) return null;
    throw error;
  }
}

/** One format-1 group saved sealed (name and description as they are); null when changed or deleted meanwhile. */
async function sealGroup(deps: VaultDeps, group: Group): Promise<Group | null> {
  try {
    return await updateGroup(deps, group, { name: group.name, description: group.description ?? '' });
  } catch (error) {
    if (error instanceof GroupConflictError || error instanceof VaultGoneError) return null;
    throw error;
  }
}

/** Seals the loaded groups still in format 1 (a vault has few: all at once); how many stay in format 1. */
async function sealGroups(deps: VaultDeps, groups: readonly Group[], callbacks: MigrationCallbacks): Promise<number> {
  const clear = groups.filter((group) => group.sealed !== true);
  // A damaged or undecryptable group cannot be opened, so it cannot be sealed either.
  const results = await Promise.all(clear.map((group) => (group.damaged !== undefined || group.undecryptable === true ? Promise.resolve(null) : sealGroup(deps, group))));
  const sealed = results.filter((group): group is Group => group !== null);
  if (sealed.length > 0) callbacks.onGroupsSealed?.(sealed);
  return clear.length - sealed.length;
}

/**
 * Seals the format-1 groups and entries of the vault or team as just loaded and marks it once
 * none is left. A write that fails for another reason (offline, refused) rejects, leaving what was
 * sealed so far sealed; the next load finishes.
 */
export async function migrateVault(deps: VaultDeps, { entries, groups }: LoadedVault, callbacks: MigrationCallbacks = {}): Promise<MigrationOutcome> {
  const scope = scopeOf(deps);
  // The list holds a team's entries opened at the current key or, during a rotation, the
  // previous one; the planner waits for the rotation before touching either.
  const stored = (items: readonly (PasswordEntry | Group)[]) => items.map((item) => ({ id: item.id, format: item.sealed === true ? 2 : 1, keyVersion: null }));
  // Whether anything is left, and whether it is this user's to seal now, is planned over both.
  const plan = planMigration(scope, stored([...entries, ...groups]));
  if (plan.kind === 'not-mine' || plan.kind === 'wait-for-rotation') return { kind: plan.kind };
  if (plan.kind === 'done') {
    // Nothing to seal; marking is for a role that can edit (the rules agree).
    if (!mayMark(deps)) return { kind: 'not-mine' };
    await mark(deps);
    return { kind: 'sealed', migrated: 0 };
  }

  const groupsLeft = await sealGroups(deps, groups, callbacks);
  // The groups first (few, all at once), then the entries in batches of their own plan.
  const entryPlan = planMigration(scope, stored(entries));
  const batches = entryPlan.kind === 'migrate' ? entryPlan.batches : [];
  const total = entryPlan.kind === 'migrate' ? entryPlan.total : 0;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  let done = 0;
  let migrated = 0;
  for (const batch of batches) {
    for (let start = 0; start < batch.length; start += CONCURRENT_WRITES) {
      if (callbacks.stopped?.() === true) return { kind: 'partial', migrated, left: total - migrated + groupsLeft };
      // The plan holds only ids of `entries`.
      const slice = batch.slice(start, start + CONCURRENT_WRITES).flatMap((id) => byId.get(id) ?? []);
      // A damaged or undecryptable entry cannot be opened, so it cannot be sealed either.
      const results = await Promise.all(slice.map((entry) => (entry.undecryptable ? Promise.resolve(null) : seal(deps, entry))));
      const sealed = results.filter((entry): entry is PasswordEntry => entry !== null);
      migrated += sealed.length;
      done += slice.length;
      if (sealed.length > 0) callbacks.onSealed?.(sealed);
    }
    callbacks.onProgress?.(done, total);
  }
  const left = total - migrated + groupsLeft;
  if (left > 0) return { kind: 'partial', migrated, left };
  await mark(deps);
  return { kind: 'sealed', migrated };
}
