import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lookup, signInWithPassword, uniqueEmail } from '../../support/authEmulator';
import { outboxFilesFor } from '../../support/outbox';
import { call, db, newUser, refusal, verified } from '../teams/support';

// SPEC.md §4 Email change end to end on the emulators: sendCustomEmailChange mails a link to the
// new address (the outbox), verifyEmailChangeToken applies it to the Auth account and the user
// record together. Also sendTestEmailFunction (§7), which only mails the caller's own address.

const PASSWORD = 'correct horse battery';
const LINK_PREFIX = 'http://127.0.0.1:5173/verify-email-change?token=';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

async function requestChange(label: string) {
  const user = await newUser(label);
  const newEmail = uniqueEmail(`${label}-new`);
  const reply = await call('sendCustomEmailChange', { newEmail, isDevelopment: true }, user);
  expect(reply).toEqual({ result: { sent: true } });
  const files = await outboxFilesFor(newEmail);
  expect(files).toHaveLength(1);
  const link = files[0]!.links[0]!;
  expect(link.startsWith(LINK_PREFIX)).toBe(true);
  const url = new URL(link);
  return { user, newEmail, token: url.searchParams.get('token')!, linkEmail: url.searchParams.get('newEmail')! };
}

/** Every document of every top-level collection, as text. */
async function everyStoredDocument(): Promise<string> {
  const collections = await db().listCollections();
  const texts = await Promise.all(
    collections.map(async (collection) => {
      const docs = await collection.get();
      return docs.docs.map((doc) => `${collection.id}/${doc.id} ${JSON.stringify(doc.data())}`).join('\n');
    }),
  );
  return texts.join('\n');
}

describe('sendCustomEmailChange + verifyEmailChangeToken', () => {
  it('changes the Auth email and the user record together through the emailed link, once', async () => {
    const { user, newEmail, token, linkEmail } = await requestChange('change');
    expect(linkEmail).toBe(newEmail);

    const first = await call('verifyEmailChangeToken', { token, newEmail: linkEmail });
    expect(first).toEqual({ result: { changed: true, email: newEmail } });

    const signedIn = await signInWithPassword(newEmail, PASSWORD);
    expect(signedIn.localId).toBe(user.uid);
    expect(await lookup(signedIn.idToken)).toMatchObject({ email: newEmail, emailVerified: true });
    await expect(signInWithPassword(user.email, PASSWORD)).rejects.toThrow();
    expect((await db().collection('users').doc(user.uid).get()).get('email')).toBe(newEmail);

    const again = await call('verifyEmailChangeToken', { token, newEmail: linkEmail });
    expect(refusal(again)?.status).toBe('NOT_FOUND');
  });

  it('stores only the token’s hash: the token appears nowhere in Firestore', async () => {
    const { user, newEmail, token } = await requestChange('hash');
    const stored = await db().collection('emailChanges').doc(sha256(token)).get();
    expect(stored.data()).toMatchObject({ uid: user.uid, newEmail });
    expect(Object.keys(stored.data() ?? {}).sort()).toEqual(['createdAt', 'expiresAt', 'newEmail', 'uid']);
    expect(await everyStoredDocument()).not.toContain(token);
  });

  it('refuses an expired token and removes it', async () => {
    const user = await newUser('expired');
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    const newEmail = uniqueEmail('expired-new');
    const ref = db().collection('emailChanges').doc(sha256(token));
    await ref.set({ uid: user.uid, newEmail, createdAt: Date.now() - 7_200_000, expiresAt: Date.now() - 3_600_000 });
    const reply = await call('verifyEmailChangeToken', { token, newEmail });
    expect(refusal(reply)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This email change link has expired. Please request a new one from Account Settings.',
    });
    expect((await ref.get()).exists).toBe(false);
    expect((await lookup(user.idToken)).email).toBe(user.email);
  });

  it('refuses a link whose address was edited, and the real link still works', async () => {
    const { newEmail, token } = await requestChange('edited');
    const edited = await call('verifyEmailChangeToken', { token, newEmail: uniqueEmail('attacker') });
    expect(refusal(edited)?.status).toBe('INVALID_ARGUMENT');
    expect((await call('verifyEmailChangeToken', { token, newEmail })).result).toEqual({ changed: true, email: newEmail });
  });

  it('only the latest request’s link works', async () => {
    const user = await newUser('latest');
    const firstEmail = uniqueEmail('latest-a');
    const secondEmail = uniqueEmail('latest-b');
    await call('sendCustomEmailChange', { newEmail: firstEmail, isDevelopment: true }, user);
    await call('sendCustomEmailChange', { newEmail: secondEmail, isDevelopment: true }, user);
    const firstToken = new URL((await outboxFilesFor(firstEmail))[0]!.links[0]!).searchParams.get('token')!;
    expect(refusal(await call('verifyEmailChangeToken', { token: firstToken, newEmail: firstEmail }))?.status).toBe('NOT_FOUND');
  });

  it('refuses a signed-out caller, a bad address, the same address and one another account uses', async () => {
    const user = await newUser('refusals');
    const other = await newUser('refusals-other');
    expect(refusal(await call('sendCustomEmailChange', { newEmail: uniqueEmail('x') }))?.status).toBe('UNAUTHENTICATED');
    expect(refusal(await call('sendCustomEmailChange', { newEmail: 'nope' }, user))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Please enter a valid email address.',
    });
    expect(refusal(await call('sendCustomEmailChange', { newEmail: user.email.toUpperCase() }, user))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'New email address must be different from current email.',
    });
    expect(refusal(await call('sendCustomEmailChange', { newEmail: other.email }, user))?.status).toBe('ALREADY_EXISTS');
    expect(await outboxFilesFor(other.email)).toEqual([]);
  });

  it('limits the requests per user with resource-exhausted', async () => {
    const user = await newUser('limit');
    const statuses: (string | undefined)[] = [];
    for (let index = 0; index < 6; index += 1) {
      const reply = await call('sendCustomEmailChange', { newEmail: uniqueEmail(`limit-${index}`), isDevelopment: true }, user);
      statuses.push(refusal(reply)?.status);
    }
    expect(statuses).toEqual([undefined, undefined, undefined, undefined, undefined, 'RESOURCE_EXHAUSTED']);
  });

  it('refuses a malformed token', async () => {
    const reply = await call('verifyEmailChangeToken', { token: 'short', newEmail: uniqueEmail('m') });
    expect(refusal(reply)?.status).toBe('INVALID_ARGUMENT');
  });
});

describe('sendTestEmailFunction', () => {
  it('mails the caller’s own verified address, and refuses any other or an unverified one', async () => {
    const unverified = await newUser('test-mail');
    expect(refusal(await call('sendTestEmailFunction', { email: unverified.email }, unverified))?.status).toBe('PERMISSION_DENIED');
    const user = await verified(unverified);
    const stranger = uniqueEmail('stranger');
    expect(refusal(await call('sendTestEmailFunction', { email: stranger }, user))?.status).toBe('PERMISSION_DENIED');
    expect(await outboxFilesFor(stranger)).toEqual([]);
    expect(refusal(await call('sendTestEmailFunction', { email: user.email }))?.status).toBe('UNAUTHENTICATED');

    expect(await call('sendTestEmailFunction', { email: user.email }, user)).toEqual({ result: { sent: true } });
    const files = await outboxFilesFor(user.email);
    expect(files.map((file) => file.subject)).toEqual(['Keyloft test email']);
  });

  it('limits the test emails per user', async () => {
    const user = await newUser('test-limit', { emailVerified: true });
    const statuses: (string | undefined)[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push(refusal(await call('sendTestEmailFunction', { email: user.email }, user))?.status);
    expect(statuses).toEqual([undefined, undefined, undefined, undefined, undefined, 'RESOURCE_EXHAUSTED']);
  });
});
