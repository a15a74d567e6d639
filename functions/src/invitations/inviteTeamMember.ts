import type { CallableRequest } from 'firebase-functions/v2/https';
import type { InviteResult } from '../../../src/data/invitations/storedInvitations';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { recordEvents } from '../audit/record';
import { loadTeam, unwrap } from '../teams/store';
import { decideInvite, inviterInvitesKey, teamInvitesKey } from './decideInvite';
import { defaultInvitationDeps, type InvitationDeps } from './deps';
import { invitationsOf, loadInvitationsFor, loadRateLimit, saveRateLimit } from './store';
import { parseInviteTeamMember } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// inviteTeamMember (docs/invitations.md): the owner invites an address. Creates the pending
// invitation (no key yet: the owner's browser attaches it under a link secret) and counts it
// against the team's and the inviter's hourly limits, with its invitation.sent event, in one
// transaction. It never looks the address up, so it tells nobody whether an account has it. It
// sends no email: the browser asks for that once the key is attached (sendInvitationEmailWithSecret).

export async function handleInviteTeamMember(request: Pick<CallableRequest, 'auth' | 'data'>, deps: Pick<InvitationDeps, 'db' | 'now'>): Promise<InviteResult> {
  const caller = requireCaller(request);
  const input = parseInviteTeamMember(request.data);
  const db = deps.db();
  const ref = invitationsOf(db).doc();
  const teamKey = teamInvitesKey(input.teamId);
  const inviterKey = inviterInvitesKey(caller.uid);
  const plan = await runTransactionWithRetry(db, async (tx) => {
    const team = await loadTeam(tx, db, input.teamId);
    const sameAddress = await loadInvitationsFor(tx, db, input.teamId, input.email);
    const teamInvites = await loadRateLimit(tx, db, teamKey);
    const inviterInvites = await loadRateLimit(tx, db, inviterKey);
    const now = deps.now();
    const decided = unwrap(
      decideInvite({
        inviteId: ref.id,
        caller,
        input,
        team,
        sameAddress,
        teamInvites,
        inviterInvites,
        now,
      }),
    );
    tx.create(ref, decided.invitation);
    recordEvents(tx, db, input.teamId, actorOf(caller), decided.events);
    saveRateLimit(tx, db, teamKey, decided.teamInvites, now);
    saveRateLimit(tx, db, inviterKey, decided.inviterInvites, now);
    return decided;
  });
  // The same answer whether or not the address has an account (docs/invitations.md).
  return { inviteId: ref.id, message: plan.message };
}

export const inviteTeamMember = onLiveCall((request) => handleInviteTeamMember(request, defaultInvitationDeps()));
