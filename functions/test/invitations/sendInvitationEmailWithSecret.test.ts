import type { Firestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inviteProofHash } from '../../../src/crypto/invite';
import { recipientCapKey } from '../../src/email/recipientCap';
import type { EmailMessage, Mailer } from '../../src/email/types';
import { handleSendInvitationEmail } from '../../src/invitations/sendInvitationEmailWithSecret';
import { NOW, team } from '../teams/fixtures';
import { INVITE_ID, generateSharedSecret, invitation } from './fixtures';
import { forgedSealed } from '../../../tests/support/forgedCiphertext';

// The shell around decideSendEmail with its I/O replaced (a minimal in-memory transaction and a
// recording mailer): the secret reaches the email's link and nothing else — no write, no log line,
// no error. The emulator tier runs the same call against Firestore and the outbox.

vi.mock(import('firebase-functions/logger'), async (importOriginal) => ({
  ...(await importOriginal()),
  error: vi.fn(),
  warn: vi.fn(),
  info: vi.fn(),
  debug: vi.fn(),
  log: vi.fn(),
}));

interface Write {
  readonly path: string;
  readonly data: unknown;
}

/** Just what the handler uses of Firestore: doc refs, and a transaction that gets, updates and sets. */
function fakeDb(documents: Record<string, unknown>): { db: Firestore; writes: Write[] } {
  const writes: Write[] = [];
  const ref = (path: string) => ({ path, id: path.slice(path.lastIndexOf('/') + 1) });
  const db = {
    collection: (name: string) => ({ doc: (id: string) => ref(`${name}/${id}`) }),
    runTransaction: (run: (tx: unknown) => Promise<unknown>) =>
      run({
        get: (target: { path: string; id: string }) =>
          Promise.resolve({
            id: target.id,
            exists: target.path in documents,
            data: () => documents[target.path],
            get: (field: string) => (documents[target.path] as Record<string, unknown> | undefined)?.[field],
          }),
        update: (target: { path: string }, data: unknown) => writes.push({ path: target.path, data }),
        set: (target: { path: string }, data: unknown) => writes.push({ path: target.path, data }),
      }),
  };
  return { db: db as unknown as Firestore, writes };
}

/** The recipient's daily cap counts the email (email/recipientCap.ts), keyed by a hash, not the address. */
const COUNTED = {
  path: `rateLimits/${recipientCapKey(invitation({}).email)}`,
  data: { sends: [{ at: NOW, kind: 'invitation' }], updatedAt: NOW },
};

function request(data: unknown, uid: string | null = 'owner'): Pick<CallableRequest, 'auth' | 'data'> {
  return { data, auth: uid === null ? undefined : { uid, rawToken: 't', token: { email: `${uid}@example.com` } as never } };
}

async function setUp(options: { mailer?: Mailer } = {}) {
  const secret = generateSharedSecret();
  const stored = invitation({
    userExists: false,
    userId: null,
    encryptedTeamKey: null,
    encryptedTeamKeyWithSecret: forgedSealed('c2VhbGVk'),
    proofHash: await inviteProofHash(secret),
  });
  const { db, writes } = fakeDb({ [`invitations/${INVITE_ID}`]: stored, 'teams/T1': team() });
  const sent: EmailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
  };
  const deps = {
    db: () => db,
    now: () => NOW,
    accountByEmail: () => Promise.reject(new Error('not used')),
    mailer: () => mailer,
    appUrl: () => 'https://keyloft.app/',
  };
  return { secret, writes, sent, deps };
}

/** Everything the handler logged, as one string. */
function logged(): string {
  return JSON.stringify(Object.values(vi.mocked(logger)).map((fn) => (vi.isMockFunction(fn) ? fn.mock.calls : [])));
}

describe('handleSendInvitationEmail', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('emails the link with the secret in its fragment, counts the email, and writes nor logs the secret', async () => {
    const { secret, writes, sent, deps } = await setUp();
    await expect(handleSendInvitationEmail(request({ inviteId: INVITE_ID, sharedSecret: secret }), deps)).resolves.toEqual({ sent: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('bo@example.com');
    expect(sent[0]!.text).toContain(`https://keyloft.app/accept-invite?inviteId=${INVITE_ID}#secret=${secret}`);
    expect(sent[0]!.subject).not.toContain(secret);
    expect(writes).toEqual([COUNTED, { path: `invitations/${INVITE_ID}`, data: { emailsSent: 1 } }]);
    expect(logged()).not.toContain(secret);
  });

  it('without a secret, the link has no fragment', async () => {
    const { sent, deps } = await setUp();
    await handleSendInvitationEmail(request({ inviteId: INVITE_ID }), deps);
    expect(sent[0]!.text).toContain(`https://keyloft.app/accept-invite?inviteId=${INVITE_ID}\n`);
    expect(sent[0]!.text).not.toContain('#');
  });

  it('a failed send is an internal error that logs only the error code, never the message or the secret', async () => {
    const failing: Mailer = {
      send: (message) => {
        const error = Object.assign(new Error(`could not deliver: ${message.text}`), { code: 'EENVELOPE' });
        return Promise.reject(error);
      },
    };
    const { secret, writes, deps } = await setUp({ mailer: failing });
    const error = await handleSendInvitationEmail(request({ inviteId: INVITE_ID, sharedSecret: secret }), deps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpsError);
    expect((error as HttpsError).code).toBe('internal');
    expect((error as HttpsError).message).toBe('Could not send the invitation email.');
    expect(logged()).toContain('EENVELOPE');
    expect(logged()).not.toContain(secret);
    // Counted before sending: a failing mail server cannot be retried without end.
    expect(writes).toEqual([COUNTED, { path: `invitations/${INVITE_ID}`, data: { emailsSent: 1 } }]);
  });

  it('refuses before reading anything: signed out, or a malformed secret (not repeated in the error)', async () => {
    const { secret, writes, sent, deps } = await setUp();
    const signedOut = await handleSendInvitationEmail(request({ inviteId: INVITE_ID, sharedSecret: secret }, null), deps).catch((caught: unknown) => caught);
    expect((signedOut as HttpsError).code).toBe('unauthenticated');
    const malformed = `${secret.slice(0, 42)}!`;
    const refused = await handleSendInvitationEmail(request({ inviteId: INVITE_ID, sharedSecret: malformed }), deps).catch((caught: unknown) => caught);
    expect((refused as HttpsError).code).toBe('invalid-argument');
    expect((refused as HttpsError).message).not.toContain(malformed.slice(0, 40));
    expect(writes).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('refuses anyone but the inviter, and a secret that is not the invitation’s, without sending', async () => {
    const { writes, sent, deps } = await setUp();
    const other = await handleSendInvitationEmail(request({ inviteId: INVITE_ID }, 'admin'), deps).catch((caught: unknown) => caught);
    expect((other as HttpsError).code).toBe('permission-denied');
    const wrong = generateSharedSecret();
    const mismatch = await handleSendInvitationEmail(request({ inviteId: INVITE_ID, sharedSecret: wrong }), deps).catch((caught: unknown) => caught);
    expect((mismatch as HttpsError).code).toBe('invalid-argument');
    expect(logged()).not.toContain(wrong);
    expect(writes).toEqual([]);
    expect(sent).toEqual([]);
  });
});
