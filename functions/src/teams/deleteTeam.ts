import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import type { AuditActor } from '@keyloft/contract/auditEvents';
import { actorOf } from '../audit/eventData';
import { recordEvents, recordTeamLog } from '../audit/record';
import { DELETION_BATCH_LIMIT, decideDeleteTeam, decideTeamRemoval } from './decideDeletion';
import { defaultTeamDeps } from './deps';
import { loadTeam, refuse, teamRef, userRef, type TeamDeps } from './store';
import { parseTeamOnly } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// deleteTeam (docs/teams.md, "Team deletion"), resumable: (1) set `deleting`, which ends client
// access; (2) delete the team's passwords, then its groups, then its invitations (so none is left
// in an invitee's list, and with each its invitees' pendingTeamKeys entry, which would otherwise
// count toward their cap of 20 for good), then its member-key records, in batches of at most 500; (3) remove
// the id from every member's teamIds; (4) delete the team document, and in the same transaction
// record team.deleted and write teamLogs/{teamId} naming the former owner: the team's events stay
// (docs/audit-log.md, "A deleted team's log"). Each step is safe to repeat, so a failure anywhere
// leaves `deleting` set and the next call continues from where it stopped.

export interface DeletionBatch {
  readonly step: 'passwords' | 'groups' | 'invitations' | 'memberKeys' | 'teamIds';
  /** Writes in the batch just committed. */
  readonly size: number;
}

export interface DeletionOptions {
  /** At most DELETION_BATCH_LIMIT. */
  readonly batchSize?: number;
  /** Runs after each committed batch; tests throw here to interrupt the deletion between batches. */
  readonly afterBatch?: (batch: DeletionBatch) => void | Promise<void>;
}

/**
 * Steps 2–4 for a team whose `deleting` flag is set (step 1, done by the callable after its
 * permission check), `actor` (the owner) deleting it. Exported so that the emulator tests can
 * inject a failure between batches.
 */
export async function applyTeamDeletion(db: Firestore, teamId: string, actor: AuditActor, options: DeletionOptions = {}): Promise<void> {
  const batchSize = Math.min(options.batchSize ?? DELETION_BATCH_LIMIT, DELETION_BATCH_LIMIT);
  const team = teamRef(db, teamId);
  for (const step of ['passwords', 'groups', 'invitations'] as const) {
    for (;;) {
      const page = await db.collection(step).where('teamId', '==', teamId).select().limit(batchSize).get();
      if (page.empty) break;
      if (step === 'invitations') await removePendingKeys(db, page.docs.map((doc) => doc.id), batchSize);
      const batch = db.batch();
      for (const doc of page.docs) batch.delete(doc.ref);
      await batch.commit();
      await options.afterBatch?.({ step, size: page.size });
    }
  }
  // The member-key records (docs/teams.md, "Member key records") go with the team.
  for (;;) {
    const page = await team.collection('memberKeys').select().limit(batchSize).get();
    if (page.empty) break;
    const batch = db.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
    await options.afterBatch?.({ step: 'memberKeys', size: page.size });
  }
  const snapshot = await team.get();
  if (!snapshot.exists) return;
  const memberIds = (snapshot.get('memberIds') as unknown[] | undefined)?.filter((uid): uid is string => typeof uid === 'string') ?? [];
  for (let start = 0; start < memberIds.length; start += batchSize) {
    const refs = memberIds.slice(start, start + batchSize).map((uid) => userRef(db, uid));
    const users = await db.getAll(...refs);
    const batch = db.batch();
    let size = 0;
    for (const user of users) {
      if (!user.exists) continue;
      batch.update(user.ref, { teamIds: FieldValue.arrayRemove(teamId) });
      size += 1;
    }
    if (size === 0) continue;
    await batch.commit();
    await options.afterBatch?.({ step: 'teamIds', size });
  }
  await removeTeamDocument(db, teamId, actor);
}

/** Step 4: once, however many calls reach it (the transaction reads the document it deletes). */
async function removeTeamDocument(db: Firestore, teamId: string, actor: AuditActor): Promise<void> {
  await runTransactionWithRetry(db, async (tx) => {
    const snapshot = await tx.get(teamRef(db, teamId));
    if (!snapshot.exists) return;
    tx.delete(snapshot.ref);
    const removal = decideTeamRemoval(snapshot.get('ownerId'));
    if (removal === null) return;
    recordEvents(tx, db, teamId, actor, removal.events);
    // The name (stored in clear, as the team's) lets the former owner tell their deleted teams apart.
    const name: unknown = snapshot.get('name');
    recordTeamLog(tx, db, teamId, removal.formerOwner, typeof name === 'string' ? name : '');
  });
}

/**
 * Removes users/{uid}.pendingTeamKeys.{inviteId} wherever it is held, before the invitations go
 * (issue #17): a retry after a failure finds the invitations still there and sweeps again. The
 * holder is usually the invitee, but any account may have stored an entry, so the map is queried.
 */
async function removePendingKeys(db: Firestore, inviteIds: readonly string[], batchSize: number): Promise<void> {
  for (const inviteId of inviteIds) {
    const entry = new FieldPath('pendingTeamKeys', inviteId);
    for (;;) {
      const holders = await db.collection('users').where(entry, '>=', '').select().limit(batchSize).get();
      if (holders.empty) break;
      const batch = db.batch();
      for (const holder of holders.docs) batch.update(holder.ref, entry, FieldValue.delete());
      await batch.commit();
    }
  }
}

export async function handleDeleteTeam(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: TeamDeps,
  options: DeletionOptions = {},
): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const { teamId } = parseTeamOnly(request.data);
  await startTeamDeletion(deps, teamId, caller.uid);
  await applyTeamDeletion(deps.db(), teamId, actorOf(caller), options);
  return { ok: true };
}

/** Step 1 after the permission check: sets `deleting` (once), or refuses. deleteAccount uses it too. */
export async function startTeamDeletion(deps: TeamDeps, teamId: string, actorUid: string): Promise<void> {
  const db = deps.db();
  await runTransactionWithRetry(db, async (tx) => {
    const team = await loadTeam(tx, db, teamId);
    const denied = decideDeleteTeam(team, actorUid);
    if (denied !== null) refuse(denied);
    if (team?.deleting !== true) tx.update(teamRef(db, teamId), { deleting: true, updatedAt: deps.now() });
  });
}

export const deleteTeam = onLiveCall({ timeoutSeconds: 540 }, (request) => handleDeleteTeam(request, defaultTeamDeps()));
