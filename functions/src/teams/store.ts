import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { AuditActor } from '@keyloft/contract/auditEvents';
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { readTeam, type Outcome, type Refusal, type StoredTeam, type TeamChange } from './model';
import { runTransactionWithRetry } from '../lib/contention';
import { recordEvents } from '../audit/record';

// The firebase-admin shell shared by the team callables: load in a transaction, turn a refusal
// into an HttpsError, apply a TeamChange to the team, to members' users/{uid}.teamIds and to the
// team's log (its events, by `actor`).

export interface TeamDeps {
  readonly db: () => Firestore;
  readonly now: () => number;
}

export function refuse(refusal: Refusal): never {
  throw new HttpsError(refusal.code, refusal.message);
}

export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) refuse(outcome);
  return outcome.value;
}

export const teamRef = (db: Firestore, teamId: string) => db.collection('teams').doc(teamId);
export const userRef = (db: Firestore, uid: string) => db.collection('users').doc(uid);

export async function loadTeam(tx: Transaction, db: Firestore, teamId: string): Promise<StoredTeam | null> {
  const snapshot = await tx.get(teamRef(db, teamId));
  if (!snapshot.exists) return null;
  const team = readTeam(snapshot.data());
  if (team === null) {
    logger.error('team document does not have the expected shape', { teamId });
    throw new HttpsError('internal', 'The team could not be read.');
  }
  return team;
}

/**
 * Writes the change inside `tx`. Reads the affected users docs first (a transaction reads before it
 * writes); a member without a users doc has no teamIds to keep. `alsoOnUser` adds fields to the
 * same write of an affected member's users doc (uid → fields), e.g. the pending key an accepted
 * invitation removes.
 */
export async function applyTeamChange(
  tx: Transaction,
  db: Firestore,
  teamId: string,
  change: TeamChange,
  actor: AuditActor,
  alsoOnUser: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {},
): Promise<void> {
  const uids = [...change.addTeamIdFor, ...change.removeTeamIdFor];
  const users = uids.length === 0 ? [] : await tx.getAll(...uids.map((uid) => userRef(db, uid)));
  tx.update(teamRef(db, teamId), change.patch);
  for (const user of users) {
    if (!user.exists) continue;
    const adding = change.addTeamIdFor.includes(user.id);
    const extra = Object.hasOwn(alsoOnUser, user.id) ? alsoOnUser[user.id] : undefined;
    tx.update(user.ref, { ...extra, teamIds: adding ? FieldValue.arrayUnion(teamId) : FieldValue.arrayRemove(teamId) });
  }
  recordEvents(tx, db, teamId, actor, change.events);
}

/** load → decide → apply in one transaction, for the callables that only touch the team and teamIds. */
export async function changeTeam<T extends TeamChange>(
  deps: TeamDeps,
  teamId: string,
  actor: AuditActor,
  decide: (team: StoredTeam | null, now: number) => Outcome<T>,
): Promise<T> {
  const db = deps.db();
  return runTransactionWithRetry(db, async (tx) => {
    const change = unwrap(decide(await loadTeam(tx, db, teamId), deps.now()));
    await applyTeamChange(tx, db, teamId, change, actor);
    return change;
  });
}
