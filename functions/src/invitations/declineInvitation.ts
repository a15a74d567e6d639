import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { recordEvents } from '../audit/record';
import { loadTeam, teamRef, unwrap, userRef } from '../teams/store';
import { ROTATION_NEEDED, WITHOUT_KEY } from './decide';
import { decideDecline } from './decideResponse';
import { defaultInvitationDeps, type InvitationDeps } from './deps';
import { hasPendingEntry, invitationRef, loadInvitation, removePendingTeamKey, respondedPatch } from './store';
import { parseRespond } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// declineInvitation (docs/invitations.md): the same identity checks as accepting; the invitation
// becomes declined, its copy of the team key and the caller's pending key for it are removed, and
// a team whose key it carried is marked for rotation (the decliner could have opened it). A retry
// succeeds.

export async function handleDeclineInvitation(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: Pick<InvitationDeps, 'db' | 'now'>,
): Promise<{ success: true }> {
  const caller = requireCaller(request);
  const { inviteId, proof } = parseRespond(request.data);
  const db = deps.db();
  await runTransactionWithRetry(db, async (tx) => {
    const invitation = await loadInvitation(tx, db, inviteId);
    const team = invitation === null ? null : await loadTeam(tx, db, invitation.teamId);
    const user = await tx.get(userRef(db, caller.uid));
    const now = deps.now();
    const plan = unwrap(decideDecline({ inviteId, caller, proof, invitation, team, now }));
    if (plan.markDeclined) tx.update(invitationRef(db, inviteId), { ...respondedPatch('declined', now), ...WITHOUT_KEY });
    if (plan.rotateTeam && invitation !== null) tx.update(teamRef(db, invitation.teamId), ROTATION_NEEDED(now));
    if (hasPendingEntry(user, inviteId)) tx.update(user.ref, removePendingTeamKey(inviteId));
    if (invitation !== null) recordEvents(tx, db, invitation.teamId, actorOf(caller), plan.events);
  });
  return { success: true };
}

export const declineInvitation = onLiveCall((request) => handleDeclineInvitation(request, defaultInvitationDeps()));
