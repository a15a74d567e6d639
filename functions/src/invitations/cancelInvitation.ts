import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { recordEvents } from '../audit/record';
import { loadTeam, teamRef, unwrap } from '../teams/store';
import { ROTATION_NEEDED, decideCancel } from './decide';
import { defaultInvitationDeps, type InvitationDeps } from './deps';
import { invitationRef, loadInvitation } from './store';
import { parseInviteId } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// cancelInvitation (docs/invitations.md): an owner or admin withdraws a pending invitation. The
// document goes with its copy of the team key; if a key was attached, whoever held the link could
// have opened it, so the team is marked for rotation in the same transaction.

export async function handleCancelInvitation(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: Pick<InvitationDeps, 'db' | 'now'>,
): Promise<{ success: true }> {
  const caller = requireCaller(request);
  const { inviteId } = parseInviteId(request.data);
  const db = deps.db();
  await runTransactionWithRetry(db, async (tx) => {
    const invitation = await loadInvitation(tx, db, inviteId);
    const team = invitation === null ? null : await loadTeam(tx, db, invitation.teamId);
    const plan = unwrap(decideCancel(inviteId, invitation, team, caller.uid));
    tx.delete(invitationRef(db, inviteId));
    if (invitation === null) return;
    if (plan.rotateTeam) tx.update(teamRef(db, invitation.teamId), ROTATION_NEEDED(deps.now()));
    recordEvents(tx, db, invitation.teamId, actorOf(caller), plan.events);
  });
  return { success: true };
}

export const cancelInvitation = onLiveCall((request) => handleCancelInvitation(request, defaultInvitationDeps()));
