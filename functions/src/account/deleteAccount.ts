import type { Firestore, Query } from 'firebase-admin/firestore';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type Stripe from 'stripe';
import { billingCustomerRef } from '../billing/store';
import { stripeFromParams } from '../billing/stripeClient';
import { stripeSecrets } from '../billing/secrets';
import { emailChangesOf } from '../emailChange/store';
import { adminAuth, adminFirestore } from '../lib/admin';
import { requireCaller } from '../lib/callable';
import type { AuditActor } from '@keyloft/contract/auditEvents';
import { actorOf } from '../audit/eventData';
import { requireNoArguments } from '../lib/payload';
import { deletedAccountRef } from '../lib/deletedAccounts';
import { DELETION_BATCH_LIMIT } from '../teams/decideDeletion';
import { applyTeamDeletion, startTeamDeletion } from '../teams/deleteTeam';
import { readTeam } from '../teams/model';
import { applyTeamChange, loadTeam, teamRef, unwrap, userRef } from '../teams/store';
import { cancelSubscriptions } from './cancelSubscriptions';
import { ACCOUNT_DELETED_MESSAGE, decideAccountLeave, planDeletion, type DeletionStep, type TeamOfUser } from './planDeletion';
import { runTransactionWithRetry } from '../lib/contention';

// deleteAccount (SPEC.md §7, docs/account-deletion.md): check auth → load the user's teams →
// plan (pure, planDeletion.ts) → apply. Every step is safe to repeat and each call plans again
// from what is stored, so a failure anywhere leaves a state the next call completes. Progress is
// kept in the server-only accountDeletions/{uid} (no rule opens it), not on the user record.

export interface AccountDeps {
  readonly db: () => Firestore;
  readonly now: () => number;
  /** Deletes the Auth user; resolves when there is none (a repeated call). */
  readonly deleteAuthUser: (uid: string) => Promise<void>;
  /** Revokes the Auth user's refresh tokens; resolves when there is no such user. */
  readonly revokeTokens: (uid: string) => Promise<void>;
  readonly stripe: () => Stripe;
}

export interface AccountDeletionOptions {
  /** At most DELETION_BATCH_LIMIT writes per batch. */
  readonly batchSize?: number;
  /** Runs after each completed step; tests throw here to interrupt the deletion between steps. */
  readonly afterStep?: (step: DeletionStep) => void | Promise<void>;
}

export const deletionRef = (db: Firestore, uid: string) => db.collection('accountDeletions').doc(uid);

function isUserNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/user-not-found';
}

/** Firestore's ALREADY_EXISTS (gRPC code 6), which create() gives for a document that exists. */
function isAlreadyExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 6;
}

async function unlessUserNotFound(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!isUserNotFound(error)) throw error;
  }
}

export function defaultAccountDeps(): AccountDeps {
  let client: Stripe | null = null;
  return {
    db: adminFirestore,
    now: Date.now,
    deleteAuthUser: (uid) => unlessUserNotFound(() => adminAuth().deleteUser(uid)),
    revokeTokens: (uid) => unlessUserNotFound(() => adminAuth().revokeRefreshTokens(uid)),
    stripe: () => (client ??= stripeFromParams()),
  };
}

async function loadTeamsOf(db: Firestore, uid: string): Promise<TeamOfUser[]> {
  const snapshot = await db.collection('teams').where('memberIds', 'array-contains', uid).get();
  return snapshot.docs.map((doc) => {
    const team = readTeam(doc.data());
    if (team === null) {
      // Deciding on a team we cannot read could leave it without a key holder: stop instead.
      logger.error('team document does not have the expected shape', { teamId: doc.id });
      throw new HttpsError('internal', 'The team could not be read.');
    }
    return { id: doc.id, team };
  });
}

/** Deletes every document the query matches, in batches; the query must select what it deletes. */
async function deleteMatching(db: Firestore, query: Query, batchSize: number): Promise<void> {
  for (;;) {
    const page = await query.select().limit(batchSize).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
  }
}

/** Leaving a joined team: its log records member.left by the account, as leaveTeam does. */
async function leaveTeam(deps: AccountDeps, teamId: string, actor: AuditActor): Promise<void> {
  const db = deps.db();
  await runTransactionWithRetry(db, async (tx) => {
    const change = unwrap(decideAccountLeave(await loadTeam(tx, db, teamId), actor.uid, deps.now()));
    if (change !== null) await applyTeamChange(tx, db, teamId, change, actor);
  });
}

async function applyStep(deps: AccountDeps, actor: AuditActor, emails: readonly string[], step: DeletionStep, batchSize: number): Promise<void> {
  const db = deps.db();
  const uid = actor.uid;
  switch (step.kind) {
    case 'tombstone':
      // Created once: a resumed or concurrent call keeps the first time.
      await deletedAccountRef(db, uid)
        .create({ uid, deletedAt: deps.now() })
        .catch((error: unknown) => {
          if (!isAlreadyExists(error)) throw error;
        });
      return;
    case 'subscription':
      await cancelSubscriptions(db, deps.stripe(), uid);
      return;
    case 'deleteTeam':
      // Already gone (a concurrent deleteTeam): its apply step is still safe to run.
      // Its log stays, naming this account as its former owner: nobody can read it once the account
      // is gone, and retention removes it (docs/audit-log.md, "A deleted team's log").
      if ((await teamRef(db, step.teamId).get()).exists) await startTeamDeletion(deps, step.teamId, uid);
      await applyTeamDeletion(db, step.teamId, actor, { batchSize });
      return;
    case 'leaveTeam':
      await leaveTeam(deps, step.teamId, actor);
      return;
    case 'invitations':
      // Invitations addressed to this person: their key is wrapped for this account's public key
      // (or its shared secret was meant for them), so none may outlive the account.
      await deleteMatching(db, db.collection('invitations').where('userId', '==', uid), batchSize);
      for (const email of emails) await deleteMatching(db, db.collection('invitations').where('email', '==', email), batchSize);
      return;
    case 'passwords':
    case 'groups':
      // Personal only: what they wrote in a team they leave belongs to that team.
      await deleteMatching(db, db.collection(step.kind).where('userId', '==', uid).where('teamId', '==', null), batchSize);
      return;
    case 'keys':
      // recursiveDelete: the remembered fingerprints are one document per teammate under knownKeys/{uid}/teammates.
      await Promise.all([db.collection('publicKeys').doc(uid).delete(), db.recursiveDelete(db.collection('knownKeys').doc(uid))]);
      return;
    case 'emailChanges':
      // A pending change's link would otherwise point at an account that is gone.
      await deleteMatching(db, emailChangesOf(db).where('uid', '==', uid), batchSize);
      return;
    case 'userRecord':
      // pendingTeamKeys, teamIds and the wrapped keys go with it; recursiveDelete: the passkeys
      // (users/{uid}/passkeys, each a wrap of the vault key) are documents of their own.
      await db.recursiveDelete(userRef(db, uid));
      return;
    case 'billingRecords':
      // After the user record: from then on the webhook records events without the uid.
      await billingCustomerRef(db, uid).delete();
      await deleteMatching(db, db.collection('stripeEvents').where('uid', '==', uid), batchSize);
      return;
    case 'revokeTokens':
      await deps.revokeTokens(uid);
      return;
    case 'authUser':
      await deps.deleteAuthUser(uid);
      return;
  }
}

/**
 * Plans and applies the whole deletion for `uid`. Exported so that the emulator tests can inject
 * a failure after any step and prove that a second call finishes the job.
 */
export async function applyAccountDeletion(
  deps: AccountDeps,
  uid: string,
  tokenEmail: string | null,
  options: AccountDeletionOptions = {},
): Promise<void> {
  const db = deps.db();
  const batchSize = Math.min(options.batchSize ?? DELETION_BATCH_LIMIT, DELETION_BATCH_LIMIT);
  const progress = deletionRef(db, uid);
  const started = await progress.get();
  const now = deps.now();
  await progress.set({ uid, startedAt: (started.get('startedAt') as unknown) ?? now, updatedAt: now, lastStep: null });

  const record = await userRef(db, uid).get();
  const recordEmail: unknown = record.get('email');
  const emails = [...new Set([tokenEmail, typeof recordEmail === 'string' ? recordEmail.toLowerCase() : null])].filter(
    (email): email is string => email !== null && email !== '',
  );
  const run = async (step: DeletionStep): Promise<void> => {
    await applyStep(deps, actorOf({ uid, email: tokenEmail }), emails, step, batchSize);
    if (step.kind !== 'authUser') await progress.update({ lastStep: step.kind, updatedAt: deps.now() });
    await options.afterStep?.(step);
  };
  for (const step of planDeletion(uid, await loadTeamsOf(db, uid)).steps) {
    if (step.kind === 'authUser') {
      // A team created or joined in another tab while this ran: with the record and the invitations
      // gone, no more can appear, so one more look before the account itself goes is enough.
      const late = planDeletion(uid, await loadTeamsOf(db, uid)).steps.filter((s) => s.kind === 'deleteTeam' || s.kind === 'leaveTeam');
      for (const lateStep of late) await run(lateStep);
    }
    await run(step);
  }
  await progress.delete();
}

export async function handleDeleteAccount(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: AccountDeps,
  options: AccountDeletionOptions = {},
): Promise<{ success: true; message: string }> {
  const caller = requireCaller(request);
  requireNoArguments(request.data);
  await applyAccountDeletion(deps, caller.uid, caller.email, options);
  return { success: true, message: ACCOUNT_DELETED_MESSAGE };
}

// Not onLiveCall: a tombstoned uid must still be able to finish its own deletion.
export const deleteAccount = onCall({ timeoutSeconds: 540, secrets: stripeSecrets() }, (request) => handleDeleteAccount(request, defaultAccountDeps()));
