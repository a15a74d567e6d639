import type { CallableRequest } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../../functions/src/email';
import { RECIPIENT_HOUR_MS, RECIPIENT_WINDOW_MS, recipientCapKey } from '../../../functions/src/email/recipientCap';
import { handleSendCustomEmailChange } from '../../../functions/src/emailChange/sendCustomEmailChange';
import { handleSendInvitationEmail } from '../../../functions/src/invitations/sendInvitationEmailWithSecret';
import { uniqueEmail } from '../../support/authEmulator';
import { createTeam, db, newUser, type TestUser } from '../teams/support';
import { invite } from './support';

// Issue #41: the per-recipient cap measured, per hour and per day, on one address that several
// teams invite and another account names as its new address. The handlers run in this process on
// the Firestore emulator with a clock the test moves (the deployed callables use the real one),
// so the hour and the day pass without waiting. docs/email.md, "Who gets email, and how often".

const APP_URL = 'http://127.0.0.1:5173';
const HOURLY = 'This email address has received too many emails from Keyloft in the last hour. Please try again in an hour.';
const DAILY = 'This email address has received too many emails from Keyloft today. Please try again tomorrow.';
const MINUTE = 60_000;

type Request = Pick<CallableRequest, 'auth' | 'data'>;
const requestOf = (user: TestUser, data: unknown): Request =>
  ({ auth: { uid: user.uid, token: { email: user.email, email_verified: false }, rawToken: user.idToken }, data }) as never;

function world() {
  let time = Date.now();
  const delivered: EmailMessage[] = [];
  const mailer = () => ({
    send: (message: EmailMessage) => {
      delivered.push(message);
      return Promise.resolve();
    },
  });
  const now = () => time;
  const common = { db, now, mailer, appUrl: () => APP_URL, accountByEmail: () => Promise.resolve(null) };
  return {
    delivered,
    advance: (ms: number) => (time += ms),
    sendInvitation: (inviter: TestUser, inviteId: string) => handleSendInvitationEmail(requestOf(inviter, { inviteId }), common),
    changeEmailTo: (user: TestUser, newEmail: string) =>
      handleSendCustomEmailChange(requestOf(user, { newEmail }), {
        ...common,
        setAuthEmail: () => Promise.reject(new Error('not in this test')),
        onEmulator: () => true,
        newToken: () => `token-${String(time)}`,
      }),
  };
}

describe('the per-recipient email cap, per hour and per day, across teams', () => {
  it('lets one address get 3 emails an hour and 3 invitations a day, from four teams and an email change together', async () => {
    const owners = await Promise.all(['alpha', 'beta', 'gamma', 'delta'].map((label) => newUser(`capw-${label}`)));
    const teams = await Promise.all(owners.map((owner, index) => createTeam(owner, `Team ${String(index)}`)));
    const renamer = await newUser('capw-renamer');
    const stranger = uniqueEmail('capw-stranger');
    const invites = await Promise.all(owners.map(async (owner, index) => (await invite(owner, teams[index] ?? '', stranger)).inviteId));
    const at = world();
    const [a, b, c, d] = owners.map((owner, index) => () => at.sendInvitation(owner, invites[index] ?? ''));
    if (!a || !b || !c || !d) throw new Error('four teams');

    // The first hour: two teams' invitations and an email change to the address fill it.
    await expect(a()).resolves.toEqual({ sent: true });
    at.advance(MINUTE);
    await expect(b()).resolves.toEqual({ sent: true });
    at.advance(MINUTE);
    await expect(at.changeEmailTo(renamer, stranger)).resolves.toEqual({ sent: true });
    at.advance(MINUTE);
    // A third team within the hour: refused by the hour (only 2 invitations today so far).
    await expect(c()).rejects.toMatchObject({ code: 'resource-exhausted', message: HOURLY });
    expect((await db().collection('invitations').doc(invites[2] ?? '').get()).get('emailsSent')).toBe(0);

    // An hour after the first email, the third team's goes; then the day's 3 invitations are used.
    at.advance(RECIPIENT_HOUR_MS - 3 * MINUTE);
    await expect(c()).resolves.toEqual({ sent: true });
    at.advance(MINUTE);
    await expect(d()).rejects.toMatchObject({ code: 'resource-exhausted', message: DAILY });
    at.advance(RECIPIENT_HOUR_MS);
    await expect(d()).rejects.toMatchObject({ code: 'resource-exhausted', message: DAILY });

    // A day after the first two, the fourth team's goes.
    at.advance(RECIPIENT_WINDOW_MS - 2 * RECIPIENT_HOUR_MS);
    await expect(d()).resolves.toEqual({ sent: true });

    expect(at.delivered.map((message) => message.to)).toEqual([stranger, stranger, stranger, stranger, stranger]);
    // The counter keeps the last day's sends: the change, the third team's and the fourth's.
    const counter = await db().collection('rateLimits').doc(recipientCapKey(stranger)).get();
    expect((counter.get('sends') as { kind: string }[]).map((send) => send.kind)).toEqual(['email-change', 'invitation', 'invitation']);
  }, 90_000);
});
