import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { defaultMailer, mailerSecrets, mfaEnrolledEmail, mfaRemovedEmail, type Mailer } from '../email';
import { adminAuth, adminFirestore } from '../lib/admin';
import { requireCaller } from '../lib/callable';
import { decideAndRecord } from '../lib/rateLimit';
import { decideMfaNotice, mfaNoticesKey, parseMfaNoticePayload, type MfaNoticeDecision, type MfaNoticeKind } from './decideMfa';
import { onLiveCall } from '../lib/liveCall';

// SPEC.md §7 sendMfaEnrollmentNotification / sendMfaRemovalNotification: after the browser adds or
// removes a second factor it asks for a security notice to the account's own address. The email
// carries no secret and no link. check auth → validate → load → decide (pure) → apply, as
// sendMasterPasswordChangeNotification does.

export interface MfaAccount {
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  /** factorId of each enrolled second factor ('phone', 'totp'). */
  readonly enrolledFactorIds: readonly string[];
}

export interface MfaNoticeDeps {
  readonly loadAccount: (uid: string) => Promise<MfaAccount>;
  /**
   * Reads the caller's earlier notices of this kind, decides, and stores the new times when it
   * sends: one transaction, so parallel calls cannot both take the last place in the hour.
   */
  readonly decideAndCount: (
    key: string,
    decide: (sent: readonly number[]) => MfaNoticeDecision,
  ) => Promise<MfaNoticeDecision>;
  readonly mailer: () => Mailer;
  readonly now: () => number;
}

const CALLABLE_NAMES: Readonly<Record<MfaNoticeKind, string>> = {
  enrollment: 'sendMfaEnrollmentNotification',
  removal: 'sendMfaRemovalNotification',
};

export async function handleSendMfaNotification(
  notice: MfaNoticeKind,
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: MfaNoticeDeps,
): Promise<{ sent: true }> {
  const name = CALLABLE_NAMES[notice];
  const caller = requireCaller(request);
  const { mfaMethod: method } = parseMfaNoticePayload(request.data);

  const account = await deps.loadAccount(caller.uid).catch((error: unknown) => {
    logger.error(`${name}: could not load the user`, { uid: caller.uid, error: String(error) });
    throw new HttpsError('internal', 'Could not load your account.');
  });

  const now = deps.now();
  const decision = await deps.decideAndCount(mfaNoticesKey(notice, caller.uid), (sent) =>
    decideMfaNotice({ notice, method, email: account.email, emailVerified: account.emailVerified, enrolledFactorIds: account.enrolledFactorIds, sent, now }),
  );
  if (decision.kind === 'refuse') throw new HttpsError(decision.code, decision.message);
  if (decision.kind === 'withhold') return { sent: true };

  const build = notice === 'enrollment' ? mfaEnrolledEmail : mfaRemovedEmail;
  await deps
    .mailer()
    .send(build({ to: decision.to, method, at: now }))
    .catch((error: unknown) => {
      logger.error(`${name}: sending failed`, { uid: caller.uid, error: error instanceof Error ? error.message : 'unknown' });
      throw new HttpsError('internal', 'Could not send the notification email.');
    });
  return { sent: true };
}

export function defaultMfaNoticeDeps(): MfaNoticeDeps {
  return {
    loadAccount: async (uid) => {
      const user = await adminAuth().getUser(uid);
      return {
        email: user.email,
        emailVerified: user.emailVerified,
        enrolledFactorIds: (user.multiFactor?.enrolledFactors ?? []).map((factor) => factor.factorId),
      };
    },
    decideAndCount: (key, decide) =>
      decideAndRecord(adminFirestore(), key, decide, (decision) => (decision.kind === 'send' ? decision.times : null)),
    mailer: defaultMailer,
    now: () => Date.now(),
  };
}

export const sendMfaEnrollmentNotification = onLiveCall({ secrets: mailerSecrets() }, (request) =>
  handleSendMfaNotification('enrollment', request, defaultMfaNoticeDeps()),
);

export const sendMfaRemovalNotification = onLiveCall({ secrets: mailerSecrets() }, (request) =>
  handleSendMfaNotification('removal', request, defaultMfaNoticeDeps()),
);
