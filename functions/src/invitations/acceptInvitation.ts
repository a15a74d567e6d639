import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { recordEvents } from '../audit/record';
import { applyTeamChange, loadTeam, unwrap, userRef } from '../teams/store';
import { WITHOUT_KEY } from './decide';
import { decideAccept, isPendingKeyStale } from './decideResponse';
import { defaultInvitationDeps, type InvitationDeps } from './deps';
import { hasPendingEntry, invitationRef, loadInvitation, pendingTeamKeyOf, removePendingTeamKey, respondedPatch } from './store';
import { parseRespond } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// acceptInvitation (docs/invitations.md): the invited address, verified or holding the link's
// proof, joins the team. In one transaction: the member (with the invitation's key, their pending
// key, or needing the key), memberIds, their teamIds, the pending key removed, the invitation
// accepted and its copy of the team key removed, and the invitation.accepted and member.added
// events. A retry after a lost reply finds them a member and succeeds.

export async function handleAcceptInvitation(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: Pick<InvitationDeps, 'db' | 'now'>,
): Promise<{ success: true; teamId: string }> {
  const caller = requireCaller(request);
  const { inviteId, proof } = parseRespond(request.data);
  const db = deps.db();
  const outcome = await runTransactionWithRetry(db, async (tx) => {
    const invitation = await loadInvitation(tx, db, inviteId);
    const team = invitation === null ? null : await loadTeam(tx, db, invitation.teamId);
    const user = await tx.get(userRef(db, caller.uid));
    const now = deps.now();
    const decision = decideAccept({ inviteId, caller, proof, invitation, team, pendingTeamKey: pendingTeamKeyOf(user, inviteId), now });
    if (!decision.ok) {
      // Refused: a pending key that can never be used is removed in the same commit, then the
      // refusal is the answer (issue #17: a team deleted while its invitee accepted).
      if (hasPendingEntry(user, inviteId) && isPendingKeyStale(invitation, team, now)) tx.update(user.ref, removePendingTeamKey(inviteId));
      return decision;
    }
    const plan = decision.value;
    if (plan.kind === 'join') {
      await applyTeamChange(tx, db, plan.teamId, plan.change, actorOf(caller), { [caller.uid]: removePendingTeamKey(inviteId) });
      tx.update(invitationRef(db, inviteId), { ...respondedPatch('accepted', now), ...WITHOUT_KEY });
    } else {
      if (plan.markAccepted) tx.update(invitationRef(db, inviteId), { ...respondedPatch('accepted', now), ...WITHOUT_KEY });
      if (hasPendingEntry(user, inviteId)) tx.update(user.ref, removePendingTeamKey(inviteId));
      recordEvents(tx, db, plan.teamId, actorOf(caller), plan.events);
    }
    return { ok: true as const, value: { success: true as const, teamId: plan.teamId } };
  });
  return unwrap(outcome);
}

export const acceptInvitation = onLiveCall((request) => handleAcceptInvitation(request, defaultInvitationDeps()));
