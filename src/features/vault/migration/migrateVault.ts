import { canOnPasswords } from '../../../domain/teamPermissions';
import type { PasswordEntry } from '../model';
import { isTeamVault, PasswordConflictError, savePassword, VaultGoneError, type VaultDeps } from '../vaultService';
import { planMigration, type MigrationScope } from './planMigration';

// The sealed-entry migration (issue #18 item 4, docs/vault.md "Sealing an existing vault"): after
// a vault or team is loaded, the entries still in format 1 are saved again, sealed, each on the
// revision the list read, a batch at a time. Every write is one entry's own conditional update, so
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

export interface MigrationCallbacks {
  /** After each batch: how many of the planned entries are done (sealed or left alone). */
  readonly onProgress?: (done: number, total: number) => void;
  /** The entries just sealed, as the list should now hold them (next revision, sealed). */
  readonly onSealed?: (entries: readonly PasswordEntry[]) => void;
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

/**
 * Seals the format-1 entries of `entries` (the list as just loaded) and marks the vault or team
 * once none is left. A write that fails for another reason (offline, refused) rejects, leaving
 * what was sealed so far sealed; the next load finishes.
 */
export async function migrateVault(deps: VaultDeps, entries: readonly PasswordEntry[], callbacks: MigrationCallbacks = {}): Promise<MigrationOutcome> {
  const plan = planMigration(
    scopeOf(deps),
    // The list holds a team's entries opened at the current key or, during a rotation, the
    // previous one; the planner waits for the rotation before touching either.
    entries.map((entry) => ({ id: entry.id, format: entry.sealed === true ? 2 : 1, keyVersion: null })),
  );
  if (plan.kind === 'not-mine' || plan.kind === 'wait-for-rotation') return { kind: plan.kind };
  if (plan.kind === 'done') {
    // Nothing to seal; marking is for a role that can edit (the rules agree).
    if (!mayMark(deps)) return { kind: 'not-mine' };
    await mark(deps);
    return { kind: 'sealed', migrated: 0 };
  }

  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  let done = 0;
  let migrated = 0;
  for (const batch of plan.batches) {
    for (let start = 0; start < batch.length; start += CONCURRENT_WRITES) {
      if (callbacks.stopped?.() === true) return { kind: 'partial', migrated, left: plan.total - migrated };
      // The plan holds only ids of `entries`.
      const slice = batch.slice(start, start + CONCURRENT_WRITES).flatMap((id) => byId.get(id) ?? []);
      // A damaged or undecryptable entry cannot be opened, so it cannot be sealed either.
      const results = await Promise.all(slice.map((entry) => (entry.undecryptable ? Promise.resolve(null) : seal(deps, entry))));
      const sealed = results.filter((entry): entry is PasswordEntry => entry !== null);
      migrated += sealed.length;
      done += slice.length;
      if (sealed.length > 0) callbacks.onSealed?.(sealed);
    }
    callbacks.onProgress?.(done, plan.total);
  }
  const left = plan.total - migrated;
  if (left > 0) return { kind: 'partial', migrated, left };
  await mark(deps);
  return { kind: 'sealed', migrated };
}
