import type { CallableRequest } from 'firebase-functions/v2/https';
import { refuseDeletedCaller, requireCaller } from '../lib/callable';
import { decideCreateTeam } from './decideMembers';
import { defaultTeamDeps, type TeamCallableDeps } from './deps';
import { readSubscription } from './model';
import { loadTeam, teamRef, unwrap, userRef, type TeamDeps } from './store';
import { FieldValue } from 'firebase-admin/firestore';
import { parseCreateTeam } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';
import { actorOf } from '../audit/eventData';
import { recordEvents } from '../audit/record';

// createTeam (docs/teams.md): the team document with its creator as owner, the id in the owner's
// teamIds and the team.created event (docs/audit-log.md), in one transaction. Creating a team
// needs paid access (a paid plan or a live trial; the free plan and the fallback are refused), and
// the plan limit counts the teams the caller owns (docs/subscription.md, "Plan limits on the server").

export async function handleCreateTeam(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: TeamDeps & Pick<TeamCallableDeps, 'authUserExists'>,
): Promise<{ teamId: string }> {
  const caller = requireCaller(request);
  // A token outlives its Auth user (deleted here or in the console): no team for an account that is gone.
  refuseDeletedCaller(!(await deps.authUserExists(caller.uid)));
  const input = parseCreateTeam(request.data);
  const db = deps.db();
  await runTransactionWithRetry(db, async (tx) => {
    const existing = await loadTeam(tx, db, input.teamId);
    const user = await tx.get(userRef(db, caller.uid));
    // The count is read outside the transaction, after the owner's record inside it: every create
    // updates that record, so a create committed since this read fails ours and the retry counts
    // again; the limit holds. A query inside the transaction locked the whole teams collection on
    // the emulator, and 20 users creating teams at once waited on each other until they timed out.
    const owned = await db.collection('teams').where('ownerId', '==', caller.uid).where('deleting', '==', false).select().get();
    const plan = unwrap(
      decideCreateTeam({
        uid: caller.uid,
        email: caller.email,
        input,
        existing,
        hasUserRecord: user.exists,
        subscription: readSubscription(user.get('subscription')),
        ownedTeams: owned.size,
        now: deps.now(),
      }),
    );
    if (plan.kind === 'already-created') return;
    tx.create(teamRef(db, input.teamId), plan.team);
    tx.update(user.ref, { teamIds: FieldValue.arrayUnion(input.teamId) });
    recordEvents(tx, db, input.teamId, actorOf(caller), plan.events);
  });
  return { teamId: input.teamId };
}

export const createTeam = onLiveCall((request) => handleCreateTeam(request, defaultTeamDeps()));
