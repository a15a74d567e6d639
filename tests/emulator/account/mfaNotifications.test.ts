// sendMfaEnrollmentNotification and sendMfaRemovalNotification on the Functions emulator, mailing
// into functions/outbox. The Auth emulator cannot enrol TOTP, and phone enrolment needs a browser:
// the phone factor is given to the account through the emulator's admin API (enrolPhoneFactor).
import { describe, expect, it } from 'vitest';
import { enrolPhoneFactor, markEmailUnverified } from '../../support/authEmulator';
import { outboxFilesFor } from '../../support/outbox';
import { call, db, newUser, refusal, type TestUser } from '../teams/support';

const ADDED = 'A two-factor method was added to your Keyloft account';
const REMOVED = 'A two-factor method was removed from your Keyloft account';
const BAD_METHOD = "mfaMethod must be 'phone' (text message) or 'totp' (authenticator app).";
const CALLABLES = ['sendMfaEnrollmentNotification', 'sendMfaRemovalNotification'] as const;

// Verified: security notices go only to a proven address (the last test shows the other case).
const account = (label: string, emailVerified = true): Promise<TestUser> => newUser(label, { record: false, publishKey: false, emailVerified });

async function noticesTo(email: string, subject: string) {
  return (await outboxFilesFor(email)).filter((file) => file.subject === subject);
}

describe('the MFA notices (Auth + Functions + Firestore emulators)', () => {
  it.each(CALLABLES)('%s refuses a caller without a token', async (name) => {
    expect(refusal(await call(name, { mfaMethod: 'phone' }))?.status).toBe('UNAUTHENTICATED');
  });

  it.each(CALLABLES)('%s refuses a missing or unknown method and any other field, and mails nobody', async (name) => {
    const user = await account('mfa-notice-payload');
    await enrolPhoneFactor(user.uid, '+15555550100');
    for (const data of [{}, { mfaMethod: 'sms' }, { mfaMethod: 'PHONE' }, { mfaMethod: null }]) {
      expect(refusal(await call(name, data, user))).toEqual({ status: 'INVALID_ARGUMENT', message: BAD_METHOD });
    }
    expect(refusal(await call(name, { mfaMethod: 'phone', email: 'mallory@example.com' }, user))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Unexpected field: email.',
    });
    expect(await outboxFilesFor(user.email)).toEqual([]);
    expect(await outboxFilesFor('mallory@example.com')).toEqual([]);
  });

  it('refuses an enrolment notice when the account has no factor of that method', async () => {
    const user = await account('mfa-notice-none');
    for (const mfaMethod of ['phone', 'totp']) {
      const label = mfaMethod === 'phone' ? 'text message (SMS)' : 'authenticator app';
      expect(refusal(await call('sendMfaEnrollmentNotification', { mfaMethod }, user))).toEqual({
        status: 'FAILED_PRECONDITION',
        message: `This account has no ${label} two-factor method enrolled, so there is nothing to notify about.`,
      });
    }
    expect(await outboxFilesFor(user.email)).toEqual([]);
    expect((await db().collection('rateLimits').doc(`mfa-enrollment-notices-${user.uid}`).get()).exists).toBe(false);
  });

  it('mails the account’s own address once it has a phone factor, naming SMS; a TOTP notice stays refused', async () => {
    const user = await account('mfa-notice-phone');
    await enrolPhoneFactor(user.uid, '+15555550100');
    expect(refusal(await call('sendMfaEnrollmentNotification', { mfaMethod: 'phone' }, user))).toBeUndefined();
    const [notice, ...more] = await noticesTo(user.email, ADDED);
    expect(more).toEqual([]);
    expect(notice?.to).toBe(user.email);
    expect(notice?.text).toContain(`A two-factor method, text message (SMS), was added to the Keyloft account ${user.email} on `);
    expect(notice?.text).toContain("If this wasn't you");
    expect(notice?.links).toEqual([]);

    expect(refusal(await call('sendMfaEnrollmentNotification', { mfaMethod: 'totp' }, user))?.status).toBe('FAILED_PRECONDITION');
    expect(await noticesTo(user.email, ADDED)).toHaveLength(1);
  });

  it('mails a removal notice naming the method, whatever the account still has', async () => {
    const user = await account('mfa-notice-removed');
    expect(refusal(await call('sendMfaRemovalNotification', { mfaMethod: 'totp' }, user))).toBeUndefined();
    const [notice] = await noticesTo(user.email, REMOVED);
    expect(notice?.text).toContain(`A two-factor method, authenticator app, was removed from the Keyloft account ${user.email} on `);
    expect(notice?.links).toEqual([]);
  });

  it('mails 5 removal notices in an hour, then refuses with resource-exhausted; enrolment notices count apart', async () => {
    const user = await account('mfa-notice-limit');
    await enrolPhoneFactor(user.uid, '+15555550100');
    for (let sent = 0; sent < 5; sent += 1) {
      expect(refusal(await call('sendMfaRemovalNotification', { mfaMethod: sent % 2 === 0 ? 'phone' : 'totp' }, user))).toBeUndefined();
    }
    expect(refusal(await call('sendMfaRemovalNotification', { mfaMethod: 'phone' }, user))).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      message: 'Too many two-factor removal notifications. Please try again in an hour.',
    });
    expect(await noticesTo(user.email, REMOVED)).toHaveLength(5);
    const limit = await db().collection('rateLimits').doc(`mfa-removal-notices-${user.uid}`).get();
    expect((limit.get('times') as number[]).length).toBe(5);

    expect(refusal(await call('sendMfaEnrollmentNotification', { mfaMethod: 'phone' }, user))).toBeUndefined();
    expect(await noticesTo(user.email, ADDED)).toHaveLength(1);
  }, 60_000);

  it('refuses the sixth enrolment notice in an hour with resource-exhausted', async () => {
    const user = await account('mfa-notice-enrol-limit');
    await enrolPhoneFactor(user.uid, '+15555550100');
    for (let sent = 0; sent < 5; sent += 1) {
      expect(refusal(await call('sendMfaEnrollmentNotification', { mfaMethod: 'phone' }, user))).toBeUndefined();
    }
    expect(refusal(await call('sendMfaEnrollmentNotification', { mfaMethod: 'phone' }, user))).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      message: 'Too many two-factor enrolment notifications. Please try again in an hour.',
    });
    expect(await noticesTo(user.email, ADDED)).toHaveLength(5);
  }, 60_000);

  it.each(CALLABLES)('%s sends nothing to an unverified address, counts nothing, and replies as for a sent notice', async (name) => {
    const user = await account('mfa-notice-unverified', false);
    // enrolPhoneFactor verifies the address, as the Auth service requires before enrolment.
    await enrolPhoneFactor(user.uid, '+15555550100');
    await markEmailUnverified(user.uid);
    const reply = await call(name, { mfaMethod: 'phone' }, user);
    expect(reply).toEqual({ result: { sent: true } });
    // The Functions emulator writes the outbox before it answers, so an absent file is final.
    expect(await outboxFilesFor(user.email)).toEqual([]);
    const kind = name === 'sendMfaEnrollmentNotification' ? 'enrollment' : 'removal';
    expect((await db().collection('rateLimits').doc(`mfa-${kind}-notices-${user.uid}`).get()).exists).toBe(false);
  });
});
