import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { decideAddTeamMember } from './decideMembers';
import { defaultTeamDeps, type TeamCallableDeps } from './deps';
import { applyTeamChange, loadTeam, unwrap, userRef } from './store';
import { parseAddTeamMember } from './validate';

// addTeamMember (docs/teams.md): the owner adds an account, with the team key wrapped for it or
// (null) marked as needing it; members, memberIds and the member's teamIds change together.

export async function handleAddTeamMember(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamCallableDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseAddTeamMember(request.data);
  const account = await deps.accountById(input.userId);
  const db = deps.db();
  await db.runTransaction(async (tx) => {
    const team = await loadTeam(tx, db, input.teamId);
    const record = await tx.get(userRef(db, input.userId));
    const change = unwrap(
      decideAddTeamMember({
        actorUid: caller.uid,
        team,
        input,
        account: account === null ? null : { email: account.email, hasUserRecord: record.exists },
        now: deps.now(),
      }),
    );
    await applyTeamChange(tx, db, input.teamId, change);
  });
  return { ok: true };
}

export const addTeamMember = onCall((request) => handleAddTeamMember(request, defaultTeamDeps()));
