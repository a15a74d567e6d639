import { describe, expect, it } from 'vitest';
import { applyAccountDeletion, type AccountDeps } from '../../../functions/src/account/deleteAccount';
import type { DeletionStepKind } from '../../../functions/src/account/planDeletion';
import { createStripeClient } from '../../../functions/src/billing/stripeClient';
import { tokenHash } from '../../../functions/src/emailChange/decide';
import { EMAIL_CHANGE_MESSAGES } from '@keyloft/contract/emailChange';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { AUTH_EMULATOR } from '../../support/authEmulator';
import { completeCheckout, FAKE_STRIPE_KEY, idFromUrl, requests, subscription as stripeSubscription } from '../../support/fakeStripe/client';
import { FAKE_STRIPE_PORT } from '../../support/fakeStripe/server.mjs';
import { addMember, call, createTeam, db, invite, newTeamId, newUser, refusal, subscription, teamDoc, teamIdsOf, wrappedKey, type TestUser } from '../teams/support';

// deleteAccount (docs/account-deletion.md): the deployed callable end to end, and the apply step
// called directly with firebase-admin to inject a failure after each step, then the deployed
// callable again to prove that a second call finishes the job.

const ADMIN_API = `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-keyloft`;

async function adminAuthCall(path: string, body: unknown): Promise<Response> {
  return fetch(`${ADMIN_API}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
}

/** The Auth user's validSince (epoch seconds): tokens issued before it are revoked. */
async function validSince(uid: string): Promise<number> {
  const reply = (await (await adminAuthCall('accounts:lookup', { localId: [uid] })).json()) as { users?: { validSince?: string }[] };
  return Number(reply.users?.[0]?.validSince ?? 0);
}

async function authUserExists(uid: string): Promise<boolean> {
  const reply = (await (await adminAuthCall('accounts:lookup', { localId: [uid] })).json()) as { users?: unknown[] };
  return (reply.users?.length ?? 0) > 0;
}

async function adminAuthOrNotFound(path: string, body: unknown): Promise<void> {
  const response = await adminAuthCall(path, body);
  if (!response.ok && !(await response.text()).includes('USER_NOT_FOUND')) throw new Error(`${path} ${response.status}`);
}

/** The callable's deps over the test's firebase-admin app, the Auth emulator's admin API and the fake Stripe. */
function testDeps(): AccountDeps {
  const stripe = createStripeClient({ secretKey: FAKE_STRIPE_KEY, host: '127.0.0.1', port: FAKE_STRIPE_PORT, protocol: 'http' });
  return {
    db,
    now: Date.now,
    deleteAuthUser: (uid) => adminAuthOrNotFound('accounts:delete', { localId: uid }),
    revokeTokens: (uid) => adminAuthOrNotFound('accounts:update', { localId: uid, validSince: String(Math.floor(Date.now() / 1000)) }),
    stripe: () => stripe,
  };
}

/**
 * `user` pays through the deployed checkout and the fake completes it; the subscription is written
 * to the record as the webhook would, with a few of the webhook's event records naming the uid.
 */
async function subscribe(user: TestUser): Promise<string> {
  const reply = await call<{ url: string | null }>('createCheckoutSession', { planId: 'unlimited' }, user);
  if (!reply.result?.url) throw new Error(`createCheckoutSession failed: ${JSON.stringify(reply.error)}`);
  const completed = await completeCheckout(idFromUrl(reply.result.url));
  const now = Date.now();
  await db()
    .collection('users')
    .doc(user.uid)
    .update({ subscription: { ...subscription('unlimited'), id: completed.subscription, customerId: completed.customer, planName: 'Unlimited' } });
  for (const type of ['checkout.session.completed', 'invoice.paid']) {
    await db().collection('stripeEvents').add({ type, outcome: 'applied', uid: user.uid, subscriptionId: completed.subscription, processedAt: now });
  }
  return completed.subscription;
}

/** A pending email change of `uid`, as sendCustomEmailChange stores it. */
async function pendingEmailChange(uid: string): Promise<void> {
  const now = Date.now();
  await db().collection('emailChanges').doc().set({ uid, newEmail: `new-${uid.toLowerCase()}@example.com`, createdAt: now, expiresAt: now + 3_600_000 });
}

async function cancellationsOf(subscriptionId: string): Promise<number> {
  return (await requests()).filter((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionId}`).length;
}

/** Billing ended and the server's records of the account gone; the tombstone stays. */
async function expectBillingEnded(uid: string, subscriptionId: string): Promise<void> {
  expect(await stripeSubscription(subscriptionId)).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
  expect(await exists('billingCustomers', uid)).toBe(false);
  expect(await count('stripeEvents', 'uid', uid)).toBe(0);
  expect(await count('emailChanges', 'uid', uid)).toBe(0);
  const tombstone = (await db().collection('deletedAccounts').doc(uid).get()).data();
  expect(Object.keys(tombstone ?? {}).sort()).toEqual(['deletedAt', 'uid']);
  expect(tombstone?.uid).toBe(uid);
  expect(typeof tombstone?.deletedAt).toBe('number');
}

async function count(collection: string, field: string, value: unknown): Promise<number> {
  return (await db().collection(collection).where(field, '==', value).count().get()).data().count;
}

async function exists(collection: string, id: string): Promise<boolean> {
  return (await db().collection(collection).doc(id).get()).exists;
}

interface World {
  /** The account being deleted: owns `owned`, is a full member of `joined`, pays for `subscriptionId`. */
  readonly user: TestUser;
  readonly subscriptionId: string;
  /** A member of `owned`; owns `joined`. */
  readonly other: TestUser;
  readonly owned: string;
  readonly joined: string;
}

async function world(label: string): Promise<World> {
  const [user, other] = await Promise.all([newUser(`${label}-user`), newUser(`${label}-other`)]);
  const [owned, joined] = await Promise.all([createTeam(user, 'Mine'), createTeam(other, 'Theirs')]);
  await addMember(owned, user, other, 'admin');
  await addMember(joined, other, user, 'full');
  await invite(user, owned, `pending-${owned}@example.com`);
  const subscriptionId = await subscribe(user);
  await Promise.all([pendingEmailChange(user.uid), pendingEmailChange(other.uid)]);
  // Another user's event record is never touched.
  await db().collection('stripeEvents').add({ type: 'invoice.paid', outcome: 'applied', uid: other.uid, subscriptionId: 'sub_other', processedAt: Date.now() });
  const writer = db().bulkWriter();
  for (let index = 0; index < 3; index += 1) {
    void writer.set(db().collection('passwords').doc(), { userId: user.uid, teamId: null, title: `mine${index}`, groupId: null });
    void writer.set(db().collection('passwords').doc(), { userId: user.uid, teamId: owned, title: `owned${index}`, keyVersion: 1, groupId: null });
    // Written by the user in a team they only joined: the team's, so it stays.
    void writer.set(db().collection('passwords').doc(), { userId: user.uid, teamId: joined, title: `joined${index}`, keyVersion: 1, groupId: null });
  }
  void writer.set(db().collection('groups').doc(), { userId: user.uid, teamId: null, name: 'Personal' });
  void writer.set(db().collection('groups').doc(), { userId: null, teamId: owned, name: 'Owned group' });
  void writer.set(db().collection('groups').doc(), { userId: null, teamId: joined, name: 'Joined group' });
  // Addressed to the account only (an address since changed): goes too.
  void writer.set(db().collection('invitations').doc(), { email: 'old@example.com', userId: user.uid, teamId: 'elsewhere', status: 'pending' });
  void writer.set(db().collection('knownKeys').doc(user.uid), { sealed: 'sealed', updatedAt: Date.now() });
  // Another user's data is never touched.
  void writer.set(db().collection('passwords').doc(), { userId: other.uid, teamId: null, title: 'theirs', groupId: null });
  await writer.close();
  return { user, subscriptionId, other, owned, joined };
}

/** The joined team stays readable by its other members: intact, with the user gone and a rotation due. */
async function expectJoinedTeamKept(w: World, userGone: boolean): Promise<void> {
  const team = await teamDoc(w.joined);
  expect(team).toMatchObject({ name: 'Theirs', ownerId: w.other.uid, deleting: false });
  expect((team?.members as Record<string, { encryptedTeamKey: unknown }>)[w.other.uid]?.encryptedTeamKey).toEqual(expect.any(String));
  expect(await count('passwords', 'teamId', w.joined)).toBe(3);
  expect(await count('groups', 'teamId', w.joined)).toBe(1);
  if (userGone) {
    expect(team?.memberIds).toEqual([w.other.uid]);
    expect(Object.keys(team?.members as object)).toEqual([w.other.uid]);
    expect(team?.rotationNeeded).toBe(true);
  }
}

async function expectAllDeleted(w: World): Promise<void> {
  const { user, other, owned } = w;
  expect(await teamDoc(owned)).toBeUndefined();
  expect(await count('passwords', 'teamId', owned)).toBe(0);
  expect(await count('groups', 'teamId', owned)).toBe(0);
  expect(await count('invitations', 'teamId', owned)).toBe(0);
  expect(await count('passwords', 'userId', user.uid)).toBe(3); // the three in the joined team
  expect(await count('groups', 'userId', user.uid)).toBe(0);
  expect(await count('invitations', 'email', user.email)).toBe(0);
  expect(await count('invitations', 'userId', user.uid)).toBe(0);
  expect(await exists('publicKeys', user.uid)).toBe(false);
  expect(await exists('knownKeys', user.uid)).toBe(false);
  expect(await exists('users', user.uid)).toBe(false);
  expect(await exists('accountDeletions', user.uid)).toBe(false);
  expect(await authUserExists(user.uid)).toBe(false);
  await expectJoinedTeamKept(w, true);
  // The other member lost the deleted team from their teamIds and kept everything else.
  expect(await teamIdsOf(other.uid)).toEqual([w.joined]);
  expect(await count('passwords', 'userId', other.uid)).toBe(1);
  expect(await authUserExists(other.uid)).toBe(true);
  await expectBillingEnded(user.uid, w.subscriptionId);
  expect(await count('stripeEvents', 'uid', other.uid)).toBe(1);
  expect(await count('emailChanges', 'uid', other.uid)).toBe(1);
  expect(await exists('deletedAccounts', other.uid)).toBe(false);
}

type RestValue = Record<string, unknown>;

/** A JS value in the Firestore REST API's typed form. */
function restValue(value: unknown): RestValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: value.length === 0 ? {} : { values: value.map(restValue) } };
  const entries = Object.entries(value as Record<string, unknown>);
  return { mapValue: entries.length === 0 ? {} : { fields: Object.fromEntries(entries.map(([key, each]) => [key, restValue(each)])) } };
}

/** The client's sign-up write of users/{uid}, sent with `idToken` through the rules: the HTTP status. */
async function createOwnRecord(user: TestUser): Promise<number> {
  const firestore = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const record = { ...sampleUserRecord(), email: user.email, subscription: newTrialSubscription(Date.now()) };
  record.createdAt = record.subscription.currentPeriodStart;
  record.updatedAt = record.createdAt;
  const url = `http://${firestore}/v1/projects/demo-keyloft/databases/(default)/documents/users?documentId=${user.uid}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` },
    body: JSON.stringify({ fields: (restValue(record).mapValue as { fields: unknown }).fields }),
  });
  return response.status;
}

const DONE = { result: { success: true, message: 'Your account and all of its data have been deleted.' } };

describe('deleteAccount', () => {
  it('refuses an unauthenticated call', async () => {
    expect(refusal(await call('deleteAccount', null))).toEqual({ status: 'UNAUTHENTICATED', message: 'You must be signed in.' });
  });

  it('removes the teams the user owns with everything in them, leaves the teams they joined readable, removes their own data and the Auth user; a second call is fine', async () => {
    const w = await world('delete-all');
    // A pending invitation to another team, addressed to the user by account and address.
    const addressed = await db()
      .collection('invitations')
      .add({ email: w.user.email, userId: w.user.uid, teamId: 'elsewhere', status: 'pending', encryptedTeamKey: 'wrapped-for-user' });

    expect(await call('deleteAccount', null, w.user)).toEqual(DONE);
    await expectAllDeleted(w);
    expect(await exists('invitations', addressed.id)).toBe(false);

    const tombstone = (await db().collection('deletedAccounts').doc(w.user.uid).get()).data();

    // The token outlives the Auth user for up to an hour: a repeat finds nothing left to do, and
    // does not cancel the ended subscription again.
    expect(await call('deleteAccount', null, w.user)).toEqual(DONE);
    await expectAllDeleted(w);
    expect(await cancellationsOf(w.subscriptionId)).toBe(1);
    expect((await db().collection('deletedAccounts').doc(w.user.uid).get()).data()).toEqual(tombstone);
    // The first call of the file starts the function's worker: allow for it under load.
  }, 90_000);

  it('for a member only, leaves the team with its other members (rotation due) and deletes none of it', async () => {
    const [owner, member] = await Promise.all([newUser('member-owner'), newUser('member-leaver')]);
    const teamId = await createTeam(owner, 'Shared');
    await addMember(teamId, owner, member, 'admin');
    await db().collection('passwords').add({ userId: member.uid, teamId, title: 'by member', keyVersion: 1, groupId: null });

    expect(await call('deleteAccount', null, member)).toEqual(DONE);
    const team = await teamDoc(teamId);
    expect(team).toMatchObject({ name: 'Shared', memberIds: [owner.uid], rotationNeeded: true, deleting: false });
    expect(Object.keys(team?.members as object)).toEqual([owner.uid]);
    expect(await count('passwords', 'teamId', teamId)).toBe(1);
    expect(await teamIdsOf(owner.uid)).toEqual([teamId]);
    expect(await exists('users', member.uid)).toBe(false);
    expect(await authUserExists(member.uid)).toBe(false);
    expect(await authUserExists(owner.uid)).toBe(true);
  });

  it('deletes a team created in another tab while the deletion ran, before the Auth user goes', async () => {
    const user = await newUser('late-team');
    const late = db().collection('teams').doc();
    const now = Date.now();
    const member = { userId: user.uid, role: 'owner', joinedAt: now, email: user.email, encryptedTeamKey: wrappedKey(), needsTeamKey: false };
    await applyAccountDeletion(testDeps(), user.uid, user.email, {
      afterStep: async (step) => {
        if (step.kind !== 'userRecord') return;
        await late.set({ name: 'Late', ownerId: user.uid, createdAt: now, updatedAt: now, memberIds: [user.uid], members: { [user.uid]: member }, keyVersion: 1, rotationNeeded: false, previousKey: null, deleting: false });
        await db().collection('passwords').add({ userId: user.uid, teamId: late.id, title: 'late', keyVersion: 1, groupId: null });
      },
    });
    expect(await teamDoc(late.id)).toBeUndefined();
    expect(await count('passwords', 'teamId', late.id)).toBe(0);
    expect(await authUserExists(user.uid)).toBe(false);
  });

  it('refuses the deleted account’s still-valid ID token: the rules deny re-creating its record, createTeam and other callables refuse', async () => {
    const [user, control] = await Promise.all([newUser('tombstoned', { record: false }), newUser('control', { record: false })]);
    // The same write by an account that was never deleted passes the rules: the record is well formed.
    expect(await createOwnRecord(control)).toBe(200);

    expect(await call('deleteAccount', null, user)).toEqual(DONE);
    expect(await createOwnRecord(user)).toBe(403);
    expect(await exists('users', user.uid)).toBe(false);
    const deleted = { status: 'PERMISSION_DENIED', message: 'This account has been deleted.' };
    expect(refusal(await call('createTeam', { teamId: newTeamId(), name: 'Back', encryptedTeamKey: wrappedKey() }, user))).toEqual(deleted);
    expect(refusal(await call('getSubscriptionStatus', {}, user))).toEqual(deleted);
    expect(refusal(await call('createCheckoutSession', { planId: 'unlimited' }, user))).toEqual(deleted);
    expect(await count('teams', 'ownerId', user.uid)).toBe(0);
  });

  it('a pending email change’s link opened after the deletion is refused as invalid and re-creates nothing', async () => {
    const user = await newUser('pending-change');
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    const newEmail = `moved-${user.uid.toLowerCase()}@example.com`;
    const now = Date.now();
    await db().collection('emailChanges').doc(tokenHash(token)).set({ uid: user.uid, newEmail, createdAt: now, expiresAt: now + 3_600_000 });

    expect(await call('deleteAccount', null, user)).toEqual(DONE);
    expect(refusal(await call('verifyEmailChangeToken', { token, newEmail }))).toEqual({ status: 'NOT_FOUND', message: EMAIL_CHANGE_MESSAGES.invalidLink });
    expect(await count('emailChanges', 'uid', user.uid)).toBe(0);
  });

  it('createTeam refuses a token whose Auth user is gone, even without a tombstone (deleted in the console)', async () => {
    const user = await newUser('console-deleted');
    await adminAuthOrNotFound('accounts:delete', { localId: user.uid });
    const reply = await call('createTeam', { teamId: newTeamId(), name: 'Ghost', encryptedTeamKey: wrappedKey() }, user);
    expect(refusal(reply)).toEqual({ status: 'PERMISSION_DENIED', message: 'This account has been deleted.' });
    expect(await count('teams', 'ownerId', user.uid)).toBe(0);
  });

  const STEPS: readonly DeletionStepKind[] = [
    'tombstone',
    'subscription',
    'deleteTeam',
    'leaveTeam',
    'invitations',
    'passwords',
    'groups',
    'keys',
    'emailChanges',
    'userRecord',
    'billingRecords',
    'revokeTokens',
    'authUser',
  ];

  it.each(STEPS)('resumes after a failure injected after the %s step: a second call completes', async (failAfter) => {
    const w = await world(`fault-${failAfter}`);
    const issued = await validSince(w.user.uid);
    // validSince has one-second steps: a revocation in the second the account was made would not show.
    if (failAfter === 'revokeTokens') await new Promise((resolve) => setTimeout(resolve, 1100));
    const attempt = applyAccountDeletion(testDeps(), w.user.uid, w.user.email, {
      afterStep: (step) => {
        if (step.kind === failAfter) throw new Error(`injected failure after ${failAfter}`);
      },
    });
    await expect(attempt).rejects.toThrow(`injected failure after ${failAfter}`);
    // Refresh tokens are revoked only in their own step, just before the Auth user goes.
    if (failAfter === 'revokeTokens') expect(await validSince(w.user.uid)).toBeGreaterThan(issued);
    if (failAfter === 'billingRecords') expect(await validSince(w.user.uid)).toBe(issued);

    // Interrupted anywhere, the joined team stays readable by its other members.
    await expectJoinedTeamKept(w, STEPS.indexOf(failAfter) >= STEPS.indexOf('leaveTeam'));
    const progress = (await db().collection('accountDeletions').doc(w.user.uid).get()).data();
    expect(progress).toMatchObject({ uid: w.user.uid, lastStep: failAfter === 'authUser' ? 'revokeTokens' : failAfter });
    // From the first step on, the uid is marked deleted; billing ends before any data goes.
    expect(await exists('deletedAccounts', w.user.uid)).toBe(true);
    if (failAfter !== 'tombstone') expect((await stripeSubscription(w.subscriptionId)).status).toBe('canceled');
    expect(await authUserExists(w.user.uid)).toBe(failAfter !== 'authUser');

    expect(await call('deleteAccount', null, w.user)).toEqual(DONE);
    await expectAllDeleted(w);
  });
});
