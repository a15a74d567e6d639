import { beforeAll, describe, expect, it } from 'vitest';
import { outboxFilesFor } from '../../support/outbox';
import { db } from '../teams/support';

// Runs under `firebase emulators:exec --only auth,functions --project demo-keyloft`: the real
// callable, the real Auth emulator, and the emulator outbox (functions/outbox) instead of SMTP.

const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const FUNCTION = 'http://127.0.0.1:5001/demo-keyloft/us-central1/sendCustomEmailVerification';
const LINK_PREFIX = 'http://127.0.0.1:5173/verify-email?mode=verifyEmail&oobCode=';

interface CallableReply {
  readonly result?: unknown;
  readonly error?: { readonly status: string; readonly message: string };
}

async function authCall<T>(method: string, body: object): Promise<T> {
  const response = await fetch(`${AUTH}/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} failed: ${JSON.stringify(json)}`);
  return json;
}

async function callFunction(data: unknown, idToken?: string): Promise<CallableReply> {
  const response = await fetch(FUNCTION, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return (await response.json()) as CallableReply;
}

describe('sendCustomEmailVerification (Auth + Functions emulators)', () => {
  const email = `verify-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  let idToken = '';

  beforeAll(async () => {
    const account = await authCall<{ idToken: string }>('accounts:signUp', {
      email,
      password: 'correct horse battery',
      returnSecureToken: true,
    });
    idToken = account.idToken;
  });

  it('refuses a caller without a token', async () => {
    const reply = await callFunction({ isDevelopment: true });
    expect(reply.error?.status).toBe('UNAUTHENTICATED');
    expect(await outboxFilesFor(email)).toEqual([]);
  });

  it('refuses a malformed payload', async () => {
    const reply = await callFunction({ isDevelopment: 'yes' }, idToken);
    expect(reply.error?.status).toBe('INVALID_ARGUMENT');
    expect(await outboxFilesFor(email)).toEqual([]);
  });

  it('emails a link to our page whose code verifies the account', async () => {
    const reply = await callFunction({ isDevelopment: true }, idToken);
    expect(reply).toEqual({ result: { sent: true } });

    const files = await outboxFilesFor(email);
    expect(files).toHaveLength(1);
    const message = files[0]!;
    expect(message.subject).toContain('Keyloft');
    expect(message.links).toHaveLength(1);
    const link = message.links[0]!;
    expect(link.startsWith(LINK_PREFIX)).toBe(true);
    expect(message.text).toContain(link);

    const oobCode = new URL(link).searchParams.get('oobCode');
    expect(oobCode).toBeTruthy();
    await authCall('accounts:update', { oobCode });
    const lookup = await authCall<{ users: { emailVerified: boolean }[] }>('accounts:lookup', { idToken });
    expect(lookup.users[0]!.emailVerified).toBe(true);
  });

  it('refuses once the address is verified, and sends nothing more', async () => {
    const reply = await callFunction({ isDevelopment: true }, idToken);
    expect(reply.error?.status).toBe('FAILED_PRECONDITION');
    expect(await outboxFilesFor(email)).toHaveLength(1);
  });

  it('stops at five emails an hour per account, and counts only the last hour', async () => {
    const other = `verify-limit-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const account = await authCall<{ idToken: string; localId: string }>('accounts:signUp', {
      email: other,
      password: 'correct horse battery',
      returnSecureToken: true,
    });
    const allowance = db().doc(`rateLimits/verification-emails-${account.localId}`);
    const now = Date.now();
    await allowance.set({ times: [1, 2, 3, 4, 5].map((minutes) => now - minutes * 60_000), updatedAt: now });
    const refused = await callFunction({ isDevelopment: true }, account.idToken);
    expect(refused.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: 'Too many verification emails. Please wait an hour and try again.' });
    expect(await outboxFilesFor(other)).toEqual([]);

    await allowance.set({ times: [1, 2, 3, 4, 5].map((minutes) => now - 60 * 60_000 - minutes * 60_000), updatedAt: now });
    expect(await callFunction({ isDevelopment: true }, account.idToken)).toEqual({ result: { sent: true } });
    expect(await outboxFilesFor(other)).toHaveLength(1);
    expect(((await allowance.get()).get('times') as number[]).length).toBe(1);
  });

  it('counts against the address’s daily cap: the 4th verification email to one address in a day is refused', async () => {
    const address = `verify-cap-${String(Date.now())}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const account = await authCall<{ idToken: string }>('accounts:signUp', { email: address, password: 'correct horse battery', returnSecureToken: true });
    for (let sent = 0; sent < 3; sent += 1) expect(await callFunction({ isDevelopment: true }, account.idToken)).toEqual({ result: { sent: true } });
    expect((await callFunction({ isDevelopment: true }, account.idToken)).error).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      message: 'This email address has received too many emails from Keyloft today. Please try again tomorrow.',
    });
    expect(await outboxFilesFor(address)).toHaveLength(3);
  });
});
