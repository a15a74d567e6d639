import { sealEntryOverview } from '../../../crypto';
import { GoneError, RevisionConflictError } from '../../../data/vault/storedEntries';
import { nextTask } from '../../../ui/nextTask';
import { createDetailsCache } from '../detailsCache';
import type { PasswordEntry } from '../model';
import { openDetails } from '../service/openEntries';
import { entryBinding, isTeamVault, writeKey, type VaultDeps } from '../service/vaultDeps';
import { entryHealth, estimatorOrNull } from './entryHealth';
import type { EstimateStrength } from './healthReport';
import { passwordSetAt } from './scanHealth';

// Bringing existing entries up to date (issue #42, docs/vault.md "Health records for existing
// entries"): after a personal vault loads, each sealed entry without a health record has its
// details opened, its record computed and its overview sealed again with it, written on the
// revision the list read. Only the overview changes (the details part is left as stored), so an
// interruption at any point leaves each entry whole, with or without its record, and the next
// load plans again from what the list holds. An entry changed or deleted meanwhile is left alone.

/** Entries written at once: enough to overlap round trips, few enough to stay polite. */
const CONCURRENT_WRITES = 10;

export type UpgradeOutcome =
  /** Every entry that could have one has its record (`upgraded` now, the rest earlier). */
  | { readonly kind: 'done'; readonly upgraded: number }
  /** Stopped between writes (the screen closed, the session locked), or some were changed meanwhile: the next load goes on. */
  | { readonly kind: 'partial'; readonly upgraded: number; readonly left: number }
  /**
   * A team's entries are not rewritten in the background: the rules want an activity-log event
   * with every team entry's write, and one per entry would fill the log with edits nobody made.
   * They gain their record at their next save; the report opens them meanwhile.
   */
  | { readonly kind: 'not-here' };

/** Runs the writes of `ids` as the session's own (the live read holds their echoes back). */
type Writing = <T>(ids: readonly string[], write: () => Promise<T>) => Promise<T>;

export interface UpgradeCallbacks {
  /** Asked between writes: true stops. */
  readonly stopped?: () => boolean;
  readonly writing?: Writing;
  /** The entries just written, as the list should now hold them (next revision, with their record). */
  readonly onUpgraded?: (entries: readonly PasswordEntry[]) => void;
}

/** The entries of a just-loaded vault that lack a record and can be given one. Pure. */
export function planHealthUpgrade(deps: VaultDeps, entries: readonly PasswordEntry[]): readonly PasswordEntry[] | 'not-here' {
  if (isTeamVault(deps) || deps.strength === undefined) return 'not-here';
  // Format 1 is sealed by the migration (whose save writes the record); a damaged or
  // undecryptable entry cannot be opened. An item (format 3) gets its record from its own save
  // (itemWrites.ts); its overview is not format 2's, which upgradeOne seals.
  return entries.filter((entry) => entry.sealed === true && entry.item === undefined && entry.health === undefined && !entry.undecryptable && entry.damaged === undefined);
}

/**
 * Writes the record of every entry `planHealthUpgrade` picks. A write that fails for another
 * reason than a conflict (offline, refused) rejects, leaving what was written so far written.
 */
export async function upgradeHealth(deps: VaultDeps, entries: readonly PasswordEntry[], callbacks: UpgradeCallbacks = {}): Promise<UpgradeOutcome> {
  const planned = planHealthUpgrade(deps, entries);
  if (planned === 'not-here') return { kind: 'not-here' };
  if (planned.length === 0) return { kind: 'done', upgraded: 0 };
  const estimate = await estimatorOrNull(deps.strength);
  if (estimate === null) return { kind: 'partial', upgraded: 0, left: planned.length };
  const { stopped = () => false, onUpgraded } = callbacks;
  const writing: Writing = callbacks.writing ?? ((_ids, write) => write());
  let upgraded = 0;
  for (let start = 0; start < planned.length; start += CONCURRENT_WRITES) {
    if (stopped()) return { kind: 'partial', upgraded, left: planned.length - upgraded };
    const slice = planned.slice(start, start + CONCURRENT_WRITES);
    // Settled, not all: the list hears of every write that went through before a failure is thrown.
    const settled = await writing(
      slice.map((entry) => entry.id),
      () => Promise.allSettled(slice.map((entry) => upgradeOne(deps, estimate, entry))),
    );
    const done = settled.flatMap((result) => (result.status === 'fulfilled' && result.value !== null ? [result.value] : []));
    upgraded += done.length;
    if (done.length > 0) onUpgraded?.(done);
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
  const left = planned.length - upgraded;
  return left === 0 ? { kind: 'done', upgraded } : { kind: 'partial', upgraded, left };
}

/** One entry's record written with its overview; null when it was changed or deleted meanwhile. */
async function upgradeOne(deps: VaultDeps, estimate: EstimateStrength, entry: PasswordEntry): Promise<PasswordEntry | null> {
  // Opened past the session's details cache: a background run must not leave every password of
  // the vault open in memory (the cache holds what the user asked to see).
  const opened = await openDetails({ ...deps, details: createDetailsCache() }, entry);
  // The estimate is a few milliseconds, of the strength worker or, without one, of this thread:
  // here each is in a task of its own.
  await nextTask();
  const { key, keyVersion } = writeKey(deps);
  const health = await entryHealth(key, estimate, { title: opened.title, username: opened.username, password: opened.password, passwordSetAt: passwordSetAt(opened) });
  const hasOneTimeCode = entry.hasOneTimeCode === true || opened.otp !== undefined;
  // The overview as the list read it at this revision, with the record; the write is conditional on that revision.
  const overview = await sealEntryOverview(key, entryBinding(deps, entry.id, keyVersion), {
    title: entry.title,
    url: entry.url,
    username: entry.username,
    ...(hasOneTimeCode ? { hasOneTimeCode: true as const } : {}),
    health,
  });
  const now = deps.now();
  try {
    await deps.passwords.update(entry.id, { overview }, now, entry.revision);
  } catch (error) {
    if (error instanceof RevisionConflictError || error instanceof GoneError) return null;
    throw error;
  }
  return { ...entry, health, revision: entry.revision + 1, updatedAt: now };
}

/** The list with each upgraded entry in place, unless the list moved on meanwhile (a save of the user's holds that revision). */
export function withUpgraded(entries: readonly PasswordEntry[], upgraded: readonly PasswordEntry[]): readonly PasswordEntry[] {
  const byId = new Map(upgraded.map((entry) => [entry.id, entry]));
  return entries.map((entry) => {
    const next = byId.get(entry.id);
    return next !== undefined && next.revision === entry.revision + 1 && entry.health === undefined ? next : entry;
  });
}

/** How long after a load the upgrade waits: the load and the user's first steps go first. */
export const HEALTH_UPGRADE_DELAY_MS = 30_000;

export interface BackgroundUpgrade {
  /** False once the session stopped (locked, closed): the run stops between writes. */
  readonly live: () => boolean;
  /** The entries the list holds when the run starts. */
  readonly entries: () => readonly PasswordEntry[];
  readonly writing: Writing;
  /** Puts the upgraded entries in the list (withUpgraded). */
  readonly replace: (upgraded: readonly PasswordEntry[]) => void;
}

/**
 * The upgrade as the vault session runs it once a load is ready: after `deps.healthUpgradeDelayMs`
 * (HEALTH_UPGRADE_DELAY_MS by default), on the entries listed then, so that loading zxcvbn and
 * the writes never compete with the load itself; a failure is logged and the next load goes on.
 */
export function upgradeHealthInBackground(deps: VaultDeps, { live, entries, writing, replace }: BackgroundUpgrade): void {
  if (planHealthUpgrade(deps, entries()) === 'not-here') return;
  setTimeout(() => {
    if (!live()) return;
    void upgradeHealth(deps, entries(), {
      stopped: () => !live(),
      writing,
      onUpgraded: (upgraded) => {
        if (live()) replace(upgraded);
      },
    }).catch((error: unknown) => {
      console.warn('Bringing the health records up to date stopped; the next load goes on', error);
    });
  }, deps.healthUpgradeDelayMs ?? HEALTH_UPGRADE_DELAY_MS);
}
