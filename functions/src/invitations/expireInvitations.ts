import type { Firestore } from 'firebase-admin/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { adminFirestore } from '../lib/admin';
import { loadTeam, teamRef } from '../teams/store';
import { ROTATION_NEEDED, WITHOUT_KEY, decideExpiry } from './decide';
import { invitationRef, invitationsOf, loadInvitation } from './store';
import { runTransactionWithRetry } from '../lib/contention';
import { SYSTEM_ACTOR } from '@keyloft/contract/auditEvents';
import { recordEvents } from '../audit/record';

// expireInvitations (docs/invitations.md): every hour, each pending invitation past its expiry
// becomes 'expired' and loses its copy of the team key; a team whose key it carried is marked for
// rotation, as when a member is removed; the team's log records invitation.expired, by the system.
// One transaction per invitation, so a failure halfway leaves the rest for the next run, and a run
// that finds nothing changes nothing.

/** Invitations handled per run; the next run takes the rest. */
const PER_RUN = 500;

export async function expireInvitations(deps: { readonly db: () => Firestore; readonly now: () => number }): Promise<number> {
  const db = deps.db();
  const due = await invitationsOf(db).where('status', '==', 'pending').where('expiresAt', '<=', deps.now()).limit(PER_RUN).select().get();
  let expired = 0;
  for (const { id } of due.docs) {
    const changed = await runTransactionWithRetry(db, async (tx) => {
      const invitation = await loadInvitation(tx, db, id);
      if (invitation === null) return false;
      const team = await loadTeam(tx, db, invitation.teamId);
      const now = deps.now();
      const plan = decideExpiry(id, invitation, team, now);
      if (plan === null) return false;
      tx.update(invitationRef(db, id), { status: 'expired', ...WITHOUT_KEY });
      if (plan.rotateTeam) tx.update(teamRef(db, invitation.teamId), ROTATION_NEEDED(now));
      recordEvents(tx, db, invitation.teamId, SYSTEM_ACTOR, plan.events);
      return true;
    });
    if (changed) expired += 1;
  }
  return expired;
}

export const expireInvitationsHourly = onSchedule('every 60 minutes', async () => {
  await expireInvitations({ db: adminFirestore, now: Date.now });
});
