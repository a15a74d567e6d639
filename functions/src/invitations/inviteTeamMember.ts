import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import type { InviteResult } from '../../../src/data/invitations/storedInvitations';
import { requireCaller } from '../lib/callable';
import { loadTeam, unwrap } from '../teams/store';
import { decideInvite, inviterInvitesKey, teamInvitesKey } from './decide';
import { defaultInvitationDeps, type InvitationDeps } from './deps';
import { invitationsOf, loadInvitationsFor, loadRateLimit, saveRateLimit } from './store';
import { parseInviteTeamMember } from './validate';

// inviteTeamMember (docs/invitations.md): the owner invites an address. Creates the pending
// invitation (no key yet: the owner's browser attaches it) and counts it against the team's and
// the inviter's hourly limits, in one transaction. It sends no email: the browser asks for that
// once the key is attached (sendInvitationEmailWithSecret).

export async function handleInviteTeamMember(request: Pick<CallableRequest, 'auth' | 'data'>, deps: InvitationDeps): Promise<InviteResult> {
  const caller = requireCaller(request);
  const input = parseInviteTeamMember(request.data);
  const account = await deps.accountByEmail(input.email);
  const db = deps.db();
  const ref = invitationsOf(db).doc();
  const teamKey = teamInvitesKey(input.teamId);
  const inviterKey = inviterInvitesKey(caller.uid);
  const plan = await db.runTransaction(async (tx) => {
    const team = await loadTeam(tx, db, input.teamId);
    const sameAddress = await loadInvitationsFor(tx, db, input.teamId, input.email);
    const teamInvites = await loadRateLimit(tx, db, teamKey);
    const inviterInvites = await loadRateLimit(tx, db, inviterKey);
    const now = deps.now();
    const decided = unwrap(
      decideInvite({
        caller,
        input,
        team,
        sameAddress,
        account: account === null ? null : { uid: account.uid },
        teamInvites,
        inviterInvites,
        now,
      }),
    );
    tx.create(ref, decided.invitation);
    saveRateLimit(tx, db, teamKey, decided.teamInvites, now);
    saveRateLimit(tx, db, inviterKey, decided.inviterInvites, now);
    return decided;
  });
  return { userExists: plan.invitation.userExists, userId: plan.invitation.userId, inviteId: ref.id, message: plan.message };
}

export const inviteTeamMember = onCall((request) => handleInviteTeamMember(request, defaultInvitationDeps()));
