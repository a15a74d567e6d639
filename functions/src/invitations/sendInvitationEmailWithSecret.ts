import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { inviteProofHash } from '../../../src/crypto/invite';
import { invitationEmail, mailerSecrets } from '../email';
import { countRecipientEmail } from '../email/recipientCapStore';
import { requireCaller } from '../lib/callable';
import { loadTeam, unwrap } from '../teams/store';
import { decideSendEmail, invitationLink } from './decideInvite';
import { defaultInvitationDeps, type InvitationDeps } from './deps';
import { INVITE_CALLABLE_MESSAGES } from './messages';
import { invitationRef, loadInvitation } from './store';
import { parseSendInvitationEmail } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// sendInvitationEmailWithSecret (docs/invitations.md): the inviter has the invitation emailed, at
// most EMAILS_PER_INVITATION times, and an address gets at most a few invitation emails a day
// from everyone together (email/recipientCap.ts). With a shared secret the link carries it in its fragment.
//
// The secret is a credential (it opens the invitation's copy of the team key). It lives in this
// call's memory only: it is not stored, not passed to any decision (they see its proof hash), not
// logged and never part of an error. The mailer receives the email, which is its purpose.

export async function handleSendInvitationEmail(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: InvitationDeps,
): Promise<{ sent: true }> {
  const caller = requireCaller(request);
  const input = parseSendInvitationEmail(request.data);
  const secret = input.sharedSecret === undefined ? null : { proofHash: await inviteProofHash(input.sharedSecret) };
  const db = deps.db();
  // Counted before sending: a send that fails still uses one of the invitation's emails, so a
  // failing mail server cannot be made to retry without end.
  const plan = await runTransactionWithRetry(db, async (tx) => {
    const invitation = await loadInvitation(tx, db, input.inviteId);
    const team = invitation === null ? null : await loadTeam(tx, db, invitation.teamId);
    const now = deps.now();
    const decided = unwrap(decideSendEmail({ callerUid: caller.uid, invitation, team, secret, now }));
    // The invitation's own count ends with the invitation; the recipient's cap does not, so
    // cancelling and inviting again, or inviting from many teams, cannot flood one address.
    await countRecipientEmail(tx, db, decided.email.to, 'invitation', now);
    tx.update(invitationRef(db, input.inviteId), { emailsSent: decided.emailsSent });
    return decided;
  });
  const message = invitationEmail({ ...plan.email, link: invitationLink(deps.appUrl(), input.inviteId, input.sharedSecret) });
  await deps
    .mailer()
    .send(message)
    .catch((error: unknown) => {
      // Only the error's code: a mail library's message may quote what it was sending.
      logger.error('sendInvitationEmailWithSecret: sending failed', { inviteId: input.inviteId, error: errorCode(error) });
      throw new HttpsError('internal', INVITE_CALLABLE_MESSAGES.sendFailed);
    });
  return { sent: true };
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return 'unknown';
}

export const sendInvitationEmailWithSecret = onLiveCall({ secrets: mailerSecrets() }, (request) =>
  handleSendInvitationEmail(request, defaultInvitationDeps()),
);
