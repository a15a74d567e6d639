import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { defaultMailer, mailerSecrets, masterPasswordChangedEmail, type Mailer } from '../email';
import { adminAuth, adminFirestore } from '../lib/admin';
import { requireCaller } from '../lib/callable';
import { requireNoArguments } from '../lib/payload';
import { decideAndRecord } from '../lib/rateLimit';
import { decideMasterPasswordNotice, masterPasswordNoticesKey, type NoticeDecision } from './decide';
import { onLiveCall } from '../lib/liveCall';

// SPEC.md §4 Master password change: after the browser has written the new key fields it asks for
// a notice to the account's own address. The email carries no secret and no link. The browser
// only logs a failure here. check auth → validate → load → decide (pure) → apply.

export interface NoticeDeps {
  /** The Auth account's address and whether it is verified: never the token's, which may be stale. */
  readonly loadAccount: (uid: string) => Promise<{ readonly email: string | undefined; readonly emailVerified: boolean }>;
  /**
   * Reads the caller's earlier notices, decides, and stores the new times when it sends: one
   * transaction, so parallel calls cannot both take the last place in the hour.
   */
  readonly decideAndCount: (uid: string, decide: (sent: readonly number[]) => NoticeDecision) => Promise<NoticeDecision>;
  readonly mailer: () => Mailer;
  readonly now: () => number;
}

export async function handleSendMasterPasswordChangeNotification(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: NoticeDeps,
): Promise<{ sent: true }> {
  const caller = requireCaller(request);
  requireNoArguments(request.data);

  const account = await deps.loadAccount(caller.uid).catch((error: unknown) => {
    logger.error('sendMasterPasswordChangeNotification: could not load the user', { uid: caller.uid, error: String(error) });
    throw new HttpsError('internal', 'Could not load your account.');
  });

  const now = deps.now();
  const decision = await deps.decideAndCount(caller.uid, (sent) => decideMasterPasswordNotice({ email: account.email, emailVerified: account.emailVerified, sent, now }));
  if (decision.kind === 'refuse') throw new HttpsError(decision.code, decision.message);
  if (decision.kind === 'withhold') return { sent: true };

  await deps
    .mailer()
    .send(masterPasswordChangedEmail({ to: decision.to, changedAt: now }))
    .catch((error: unknown) => {
      logger.error('sendMasterPasswordChangeNotification: sending failed', {
        uid: caller.uid,
        error: error instanceof Error ? error.message : 'unknown',
      });
      throw new HttpsError('internal', 'Could not send the notification email.');
    });
  return { sent: true };
}

export function defaultNoticeDeps(): NoticeDeps {
  return {
    loadAccount: async (uid) => {
      const user = await adminAuth().getUser(uid);
      return { email: user.email, emailVerified: user.emailVerified };
    },
    decideAndCount: (uid, decide) =>
      decideAndRecord(adminFirestore(), masterPasswordNoticesKey(uid), decide, (decision) => (decision.kind === 'send' ? decision.times : null)),
    mailer: defaultMailer,
    now: () => Date.now(),
  };
}

export const sendMasterPasswordChangeNotification = onLiveCall({ secrets: mailerSecrets() }, (request) =>
  handleSendMasterPasswordChangeNotification(request, defaultNoticeDeps()),
);
