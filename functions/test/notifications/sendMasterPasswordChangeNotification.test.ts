import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { describe, expect, it, vi } from 'vitest';
import type { EmailMessage } from '../../src/email/types';
import {
  MASTER_PASSWORD_NOTICES_PER_HOUR,
  NOTICE_WINDOW_MS,
  NOTIFICATION_MESSAGES,
  decideMasterPasswordNotice,
  masterPasswordNoticesKey,
  type NoticeDecision,
} from '../../src/notifications/decide';
import { handleSendMasterPasswordChangeNotification, type NoticeDeps } from '../../src/notifications/sendMasterPasswordChangeNotification';

vi.mock(import('firebase-functions/logger'), async (importOriginal) => ({
  ...(await importOriginal()),
  error: vi.fn(),
  warn: vi.fn(),
  info: vi.fn(),
}));

const NOW = Date.UTC(2026, 10, 23, 10, 0);

describe('decideMasterPasswordNotice', () => {
  it('sends to the account address and records the time', () => {
    expect(decideMasterPasswordNotice({ emailVerified: true, email: 'ana@example.com', sent: [], now: NOW })).toEqual({
      kind: 'send',
      to: 'ana@example.com',
      times: [NOW],
    });
  });

  it('refuses an account without an address', () => {
    for (const email of [undefined, '', '  ']) {
      expect(decideMasterPasswordNotice({ emailVerified: true, email, sent: [], now: NOW })).toEqual({
        kind: 'refuse',
        code: 'failed-precondition',
        message: NOTIFICATION_MESSAGES.noEmail,
      });
    }
  });

  it(`allows ${String(MASTER_PASSWORD_NOTICES_PER_HOUR)} an hour and refuses the next with resource-exhausted`, () => {
    const sent = Array.from({ length: MASTER_PASSWORD_NOTICES_PER_HOUR - 1 }, (_, index) => NOW - (index + 1) * 60_000);
    const last = decideMasterPasswordNotice({ emailVerified: true, email: 'ana@example.com', sent, now: NOW });
    expect(last.kind).toBe('send');
    const full = last.kind === 'send' ? last.times : [];
    expect(decideMasterPasswordNotice({ emailVerified: true, email: 'ana@example.com', sent: full, now: NOW + 1 })).toEqual({
      kind: 'refuse',
      code: 'resource-exhausted',
      message: 'Too many master password change notifications. Please try again in an hour.',
    });
  });

  it('forgets notices older than the window (and keeps only the recent ones)', () => {
    const old = Array.from({ length: MASTER_PASSWORD_NOTICES_PER_HOUR }, () => NOW - NOTICE_WINDOW_MS);
    expect(decideMasterPasswordNotice({ emailVerified: true, email: 'ana@example.com', sent: [...old, NOW - 1000], now: NOW })).toEqual({
      kind: 'send',
      to: 'ana@example.com',
      times: [NOW - 1000, NOW],
    });
  });

  it('withholds the notice from an unverified address, counting nothing', () => {
    expect(decideMasterPasswordNotice({ emailVerified: false, email: 'stranger@example.com', sent: [], now: NOW })).toEqual({ kind: 'withhold' });
  });

  it('keeps one counter per user', () => {
    expect(masterPasswordNoticesKey('u1')).not.toBe(masterPasswordNoticesKey('u2'));
  });
});

function request(data: unknown, signedIn = true): Pick<CallableRequest, 'auth' | 'data'> {
  return { data, auth: signedIn ? { uid: 'u1', rawToken: 't', token: { email: 'token@example.com' } as never } : undefined };
}

function fakes(overrides: Partial<NoticeDeps> = {}) {
  const sent: EmailMessage[] = [];
  let times: readonly number[] = [];
  const deps: NoticeDeps = {
    loadAccount: () => Promise.resolve({ email: 'ana@example.com', emailVerified: true }),
    decideAndCount: (_uid, decide) => {
      const decision: NoticeDecision = decide(times);
      if (decision.kind === 'send') times = decision.times;
      return Promise.resolve(decision);
    },
    mailer: () => ({
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    }),
    now: () => NOW,
    ...overrides,
  };
  return { deps, sent };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof HttpsError ? `${error.code}: ${error.message}` : 'not-an-HttpsError';
  }
  return 'resolved';
}

describe('handleSendMasterPasswordChangeNotification', () => {
  it('refuses a caller who is not signed in, before anything else', async () => {
    const { deps, sent } = fakes();
    expect(await codeOf(handleSendMasterPasswordChangeNotification(request({}, false), deps))).toBe('unauthenticated: You must be signed in.');
    expect(sent).toEqual([]);
  });

  it('takes an empty payload and refuses anything in it', async () => {
    const { deps, sent } = fakes();
    expect(await codeOf(handleSendMasterPasswordChangeNotification(request({ email: 'mallory@example.com' }), deps))).toBe(
      'invalid-argument: This call takes no arguments.',
    );
    for (const junk of ['x', 'x'.repeat(10_000), Array.from({ length: 10_000 }, () => 0), [], { confirm: false }, 0, true]) {
      expect(await codeOf(handleSendMasterPasswordChangeNotification(request(junk), deps))).toBe('invalid-argument: This call takes no arguments.');
    }
    expect(sent).toEqual([]);
  });

  it('emails the Auth account’s address (not the token’s) without any secret or link', async () => {
    const { deps, sent } = fakes();
    await expect(handleSendMasterPasswordChangeNotification(request({}), deps)).resolves.toEqual({ sent: true });
    await expect(handleSendMasterPasswordChangeNotification(request(null), deps)).resolves.toEqual({ sent: true });
    expect(sent).toHaveLength(2);
    expect(sent[0]?.to).toBe('ana@example.com');
    expect(sent[0]?.subject).toBe('Your Keyloft master password was changed');
    expect(sent[0]?.text).not.toMatch(/https?:/);
  });

  it('refuses with resource-exhausted past the hourly limit', async () => {
    const { deps, sent } = fakes();
    for (let index = 0; index < MASTER_PASSWORD_NOTICES_PER_HOUR; index += 1) {
      await handleSendMasterPasswordChangeNotification(request({}), deps);
    }
    expect(await codeOf(handleSendMasterPasswordChangeNotification(request({}), deps))).toBe(
      `resource-exhausted: ${NOTIFICATION_MESSAGES.tooMany}`,
    );
    expect(sent).toHaveLength(MASTER_PASSWORD_NOTICES_PER_HOUR);
  });

  it('sends nothing to an unverified address and replies as if it had', async () => {
    const { deps, sent } = fakes({ loadAccount: () => Promise.resolve({ email: 'stranger@example.com', emailVerified: false }) });
    await expect(handleSendMasterPasswordChangeNotification(request({}), deps)).resolves.toEqual({ sent: true });
    expect(sent).toEqual([]);
  });

  it('reports a failed load or send as internal, without details', async () => {
    const noUser = fakes({ loadAccount: () => Promise.reject(new Error('no such user')) });
    expect(await codeOf(handleSendMasterPasswordChangeNotification(request({}), noUser.deps))).toBe('internal: Could not load your account.');
    const noMail = fakes({ mailer: () => ({ send: () => Promise.reject(new Error('smtp down')) }) });
    expect(await codeOf(handleSendMasterPasswordChangeNotification(request({}), noMail.deps))).toBe(
      'internal: Could not send the notification email.',
    );
  });
});
