import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { defaultMailer, mailerSecrets, verificationEmail, type Mailer } from '../email';
import { adminAuth, adminFirestore } from '../lib/admin';
import { takeRateLimit } from '../lib/rateLimit';
import { takeRecipientEmail } from '../email/recipientCapStore';
import { requireCaller } from '../lib/callable';
import { verificationRequest } from '@keyloft/contract/callables/account';
import { parsePayload } from '../lib/payload';
import { appUrl } from '../params';
import { decideVerificationEmail, oobCodeFromLink, runsOnEmulator, verificationLink } from './decide';
import { onLiveCall } from '../lib/liveCall';

// SPEC.md §4 Signup: after creating the account the app asks for a verification email that links
// to its own /verify-email page. check auth → validate → load → decide (pure) → apply.

/** Verification emails one account may ask for per hour. */
export const VERIFICATION_EMAILS_PER_HOUR = 5;
export const TOO_MANY_VERIFICATION_EMAILS = 'Too many verification emails. Please wait an hour and try again.';

export interface VerificationDeps {
  /** Counts one email for this account; false when the hourly limit is reached (nothing counted). */
  readonly takeEmailAllowance: (uid: string) => Promise<boolean>;
  /**
   * Counts one email to this address against its per-recipient cap (email/recipientCap.ts), or
   * throws resource-exhausted: an unverified address may be a stranger's, typed in at sign-up.
   */
  readonly takeRecipientAllowance: (email: string) => Promise<void>;
  readonly loadUser: (uid: string) => Promise<{ readonly email?: string; readonly emailVerified: boolean }>;
  readonly generateLink: (email: string) => Promise<string>;
  readonly mailer: () => Mailer;
  readonly appUrl: () => string;
  /** Whether this runs in the Functions emulator, the only place isDevelopment is honoured. */
  readonly onEmulator: () => boolean;
}

export async function handleSendCustomEmailVerification(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: VerificationDeps,
): Promise<{ sent: true }> {
  const caller = requireCaller(request);
  const { isDevelopment = false } = parsePayload(verificationRequest, request.data);

  const user = await deps.loadUser(caller.uid).catch((error: unknown) => {
    logger.error('sendCustomEmailVerification: could not load the user', { uid: caller.uid, error: String(error) });
    throw new HttpsError('internal', 'Could not load your account.');
  });

  const decision = decideVerificationEmail({
    email: user.email,
    emailVerified: user.emailVerified,
    isDevelopment,
    onEmulator: deps.onEmulator(),
    appUrl: deps.appUrl(),
  });
  if (decision.kind === 'refuse') throw new HttpsError(decision.code, decision.message);
  if (!(await deps.takeEmailAllowance(caller.uid))) throw new HttpsError('resource-exhausted', TOO_MANY_VERIFICATION_EMAILS);
  await deps.takeRecipientAllowance(decision.to);

  // The generated link and its code are credentials: they are never logged here, nor put in an
  // error message. Only the emulator outbox shows them.
  const firebaseLink = await deps.generateLink(decision.to).catch((error: unknown) => {
    logger.error('sendCustomEmailVerification: could not generate the link', { uid: caller.uid, error: errorCode(error) });
    throw new HttpsError('internal', 'Could not create a verification link.');
  });
  const oobCode = oobCodeFromLink(firebaseLink);
  if (oobCode === null) {
    logger.error('sendCustomEmailVerification: the generated link has no oobCode', { uid: caller.uid });
    throw new HttpsError('internal', 'Could not create a verification link.');
  }

  const message = verificationEmail({ to: decision.to, link: verificationLink(decision.continueBase, oobCode) });
  await deps.mailer().send(message).catch((error: unknown) => {
    logger.error('sendCustomEmailVerification: sending failed', { uid: caller.uid, error: errorMessage(error) });
    throw new HttpsError('internal', 'Could not send the verification email.');
  });
  return { sent: true };
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return 'unknown';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown';
}

export const sendCustomEmailVerification = onLiveCall({ secrets: mailerSecrets() }, (request) =>
  handleSendCustomEmailVerification(request, {
    takeEmailAllowance: (uid) =>
      takeRateLimit(adminFirestore(), `verification-emails-${uid}`, { max: VERIFICATION_EMAILS_PER_HOUR, windowMs: 3_600_000 }, Date.now()),
    takeRecipientAllowance: (email) => takeRecipientEmail(adminFirestore(), email, 'verification', Date.now()),
    loadUser: (uid) => adminAuth().getUser(uid),
    generateLink: (email) => adminAuth().generateEmailVerificationLink(email),
    mailer: defaultMailer,
    appUrl: () => appUrl.value(),
    onEmulator: () => runsOnEmulator(process.env),
  }),
);
