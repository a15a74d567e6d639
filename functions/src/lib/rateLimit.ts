import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { runTransactionWithRetry } from './contention';

// Rolling-window limits kept in the server-only rateLimits/{key} collection as
// `{ times: int[] (ms), updatedAt }`: when the counted events of the last window happened. Used by
// every callable that sends email or creates invitations, so the product cannot be used to spam.

export const rateLimitRef = (db: Firestore, key: string) => db.collection('rateLimits').doc(key);

/** The times still inside the window before `now`. */
export function withinWindow(times: readonly number[], now: number, windowMs: number): number[] {
  return times.filter((at) => now - at < windowMs);
}

/** Pure: whether one more event fits, and the times to store if it does. */
export function decideRateLimit(
  times: readonly number[],
  now: number,
  limit: { readonly max: number; readonly windowMs: number },
): { readonly allowed: true; readonly times: number[] } | { readonly allowed: false } {
  const recent = withinWindow(times, now, limit.windowMs);
  return recent.length >= limit.max ? { allowed: false } : { allowed: true, times: [...recent, now] };
}

export async function loadRateLimit(tx: Transaction, db: Firestore, key: string): Promise<number[]> {
  const times: unknown = (await tx.get(rateLimitRef(db, key))).get('times');
  return Array.isArray(times) ? times.filter((time): time is number => typeof time === 'number' && Number.isFinite(time)) : [];
}

export function saveRateLimit(tx: Transaction, db: Firestore, key: string, times: readonly number[], now: number): void {
  tx.set(rateLimitRef(db, key), { times, updatedAt: now });
}

/** Counts one event under `key` in its own transaction; false (nothing written) when over the limit. */
export async function takeRateLimit(
  db: Firestore,
  key: string,
  limit: { readonly max: number; readonly windowMs: number },
  now: number,
): Promise<boolean> {
  return runTransactionWithRetry(db, async (tx) => {
    const decision = decideRateLimit(await loadRateLimit(tx, db, key), now, limit);
    if (decision.allowed) saveRateLimit(tx, db, key, decision.times, now);
    return decision.allowed;
  });
}

/**
 * Reads the times counted under `key`, lets `decide` choose, and stores the times it returns when
 * it sends: one transaction, so parallel calls cannot both take the last place in the window.
 */
export async function decideAndRecord<D extends { readonly kind: string }>(
  db: Firestore,
  key: string,
  decide: (times: readonly number[]) => D,
  recorded: (decision: D) => readonly number[] | null,
): Promise<D> {
  return runTransactionWithRetry(db, async (tx) => {
    const decision = decide(await loadRateLimit(tx, db, key));
    const times = recorded(decision);
    if (times !== null) saveRateLimit(tx, db, key, times, times.at(-1) ?? Date.now());
    return decision;
  });
}
