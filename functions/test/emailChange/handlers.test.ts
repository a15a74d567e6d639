import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it, vi } from 'vitest';
import type { EmailMessage } from '../../src/email/types';
import { tokenHash } from '../../src/emailChange/decide';
import type { EmailChangeDeps } from '../../src/emailChange/deps';
import { handleSendCustomEmailChange } from '../../src/emailChange/sendCustomEmailChange';
import { handleVerifyEmailChangeToken } from '../../src/emailChange/verifyEmailChangeToken';

// The shells around the decisions, on an in-memory stand-in for the few Firestore calls they make:
// what happens when mailing or applying fails.

vi.mock(import('firebase-functions/logger'), async (importOriginal) => ({ ...(await importOriginal()), error: vi.fn() }));

type Data = Record<string, unknown>;

/** Just enough of firebase-admin's Firestore for these handlers: docs, where('uid'), transactions. */
function memoryDb(docs = new Map<string, Data>()) {
  const ref = (path: string) => ({
    path,
    get: () => Promise.resolve(snapshot(path)),
    delete: () => {
      docs.delete(path);
      return Promise.resolve();
    },
    create: (data: Data) => {
      if (docs.has(path)) return Promise.reject(new Error('exists'));
      docs.set(path, data);
      return Promise.resolve();
    },
  });
  const snapshot = (path: string) => {
    const data = docs.get(path);
    return { exists: data !== undefined, id: path.split('/')[1], ref: ref(path), data: () => data, get: (field: string) => data?.[field] };
  };
  const collection = (name: string) => ({
    doc: (id: string) => ref(`${name}/${id}`),
    where: (field: string, _op: string, value: unknown) => ({
      query: () => [...docs.keys()].filter((path) => path.startsWith(`${name}/`) && docs.get(path)?.[field] === value),
    }),
  });
  const tx = {
    get: (target: { path?: string; query?: () => string[] }) =>
      Promise.resolve(target.query ? { docs: target.query().map(snapshot) } : snapshot(target.path!)),
    set: (target: { path: string }, data: Data) => docs.set(target.path, data),
    create: (target: { path: string }, data: Data) => docs.set(target.path, data),
    update: (target: { path: string }, data: Data) => docs.set(target.path, { ...docs.get(target.path), ...data }),
    delete: (target: { path: string }) => docs.delete(target.path),
  };
  const db = { collection, runTransaction: <T>(work: (t: typeof tx) => Promise<T>) => work(tx) };
  return { db: db as unknown as Firestore, docs };
}

const TOKEN = 'A'.repeat(43);
const caller = { uid: 'u1', rawToken: 't', token: { email: 'ana@example.com', email_verified: true } as never };

function deps(docs: Map<string, Data>, overrides: Partial<EmailChangeDeps> = {}) {
  const sent: EmailMessage[] = [];
  const { db } = memoryDb(docs);
  const value: EmailChangeDeps = {
    db: () => db,
    now: () => 1_000_000,
    accountByEmail: () => Promise.resolve(null),
    setAuthEmail: vi.fn(() => Promise.resolve()),
    mailer: () => ({ send: (message) => (sent.push(message), Promise.resolve()) }),
    appUrl: () => 'https://keyloft.app',
    onEmulator: () => false,
    newToken: () => TOKEN,
    ...overrides,
  };
  return { deps: value, sent };
}

describe('handleSendCustomEmailChange', () => {
  it('stores the hash, mails the token in the link to the new address', async () => {
    const docs = new Map<string, Data>();
    const { deps: d, sent } = deps(docs);
    await expect(handleSendCustomEmailChange({ auth: caller, data: { newEmail: 'New@Example.com' } }, d)).resolves.toEqual({ sent: true });
    expect(docs.get(`emailChanges/${tokenHash(TOKEN)}`)).toMatchObject({ uid: 'u1', newEmail: 'new@example.com' });
    expect(JSON.stringify([...docs.entries()])).not.toContain(TOKEN);
    expect(sent[0]?.to).toBe('new@example.com');
    expect(sent[0]?.text).toContain(`https://keyloft.app/verify-email-change?token=${TOKEN}&newEmail=new%40example.com`);
  });

  it('removes the request and answers with the §8 message when mailing fails', async () => {
    const docs = new Map<string, Data>();
    const { deps: d } = deps(docs, { mailer: () => ({ send: () => Promise.reject(new Error('smtp down')) }) });
    const failure = await handleSendCustomEmailChange({ auth: caller, data: { newEmail: 'new@example.com' } }, d).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpsError);
    expect(failure).toMatchObject({ code: 'internal', message: 'Failed to send email change confirmation. Please try again.' });
    expect(docs.has(`emailChanges/${tokenHash(TOKEN)}`)).toBe(false);
  });

  it('checks the caller first', async () => {
    const { deps: d } = deps(new Map());
    await expect(handleSendCustomEmailChange({ auth: undefined, data: { newEmail: 'new@example.com' } }, d)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });
});

describe('handleVerifyEmailChangeToken', () => {
  const pending = () =>
    new Map<string, Data>([
      [`emailChanges/${tokenHash(TOKEN)}`, { uid: 'u1', newEmail: 'new@example.com', createdAt: 1, expiresAt: 2_000_000 }],
      ['users/u1', { email: 'ana@example.com', salt: 's' }],
    ]);

  it('changes the Auth email and the record, and spends the token', async () => {
    const docs = pending();
    const { deps: d } = deps(docs);
    await expect(handleVerifyEmailChangeToken({ data: { token: TOKEN, newEmail: 'new@example.com' } }, d)).resolves.toEqual({
      changed: true,
      email: 'new@example.com',
    });
    expect(d.setAuthEmail).toHaveBeenCalledWith('u1', 'new@example.com');
    expect(docs.get('users/u1')).toEqual({ email: 'new@example.com', salt: 's' });
    expect(docs.has(`emailChanges/${tokenHash(TOKEN)}`)).toBe(false);
  });

  it('gives the token back when the change fails, so the link can be opened again', async () => {
    const docs = pending();
    const { deps: d } = deps(docs, { setAuthEmail: () => Promise.reject(new Error('auth down')) });
    await expect(handleVerifyEmailChangeToken({ data: { token: TOKEN, newEmail: 'new@example.com' } }, d)).rejects.toMatchObject({
      code: 'internal',
    });
    expect(docs.has(`emailChanges/${tokenHash(TOKEN)}`)).toBe(true);
    expect(docs.get('users/u1')?.email).toBe('ana@example.com');
  });
});
