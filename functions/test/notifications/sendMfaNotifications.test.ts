import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { describe, expect, it, vi } from 'vitest';
import { isMfaMethod, MFA_METHOD_LABELS } from '@keyloft/contract/mfa';
import type { EmailMessage } from '../../src/email/types';
import { NOTICE_WINDOW_MS } from '../../src/notifications/decide';
import {
  MFA_NOTICES_PER_HOUR,
  MFA_NOTICE_MESSAGES,
  decideMfaNotice,
  mfaNoticesKey,
  notEnrolledMessage,
  parseMfaNoticePayload,
  type MfaNoticeDecision,
  type MfaNoticeFacts,
  type MfaNoticeKind,
} from '../../src/notifications/decideMfa';
import { handleSendMfaNotification, type MfaNoticeDeps } from '../../src/notifications/sendMfaNotifications';

vi.mock(import('firebase-functions/logger'), async (importOriginal) => ({
  ...(await importOriginal()),
  error: vi.fn(),
  warn: vi.fn(),
  info: vi.fn(),
}));

const NOW = Date.UTC(2026, 10, 23, 10, 0);

const facts = (overrides: Partial<MfaNoticeFacts> = {}): MfaNoticeFacts => ({
  notice: 'enrollment',
  method: 'phone',
  email: 'ana@example.com',
  emailVerified: true,
  enrolledFactorIds: ['phone'],
  sent: [],
  now: NOW,
  ...overrides,
});

function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof HttpsError ? `${error.code}: ${error.message}` : 'not-an-HttpsError';
  }
  return 'returned';
}

describe('the MFA methods', () => {
  it('are phone and totp, named for people as SMS and authenticator app', () => {
    expect(isMfaMethod('phone')).toBe(true);
    expect(isMfaMethod('totp')).toBe(true);
    for (const other of ['Phone', 'sms', 'email', '', null, undefined, 1, ['phone']]) expect(isMfaMethod(other)).toBe(false);
    expect(MFA_METHOD_LABELS).toEqual({ phone: 'text message (SMS)', totp: 'authenticator app' });
  });
});

describe('parseMfaNoticePayload', () => {
  it("takes { mfaMethod: 'phone' | 'totp' }", () => {
    expect(parseMfaNoticePayload({ mfaMethod: 'phone' })).toEqual({ mfaMethod: 'phone' });
    expect(parseMfaNoticePayload({ mfaMethod: 'totp' })).toEqual({ mfaMethod: 'totp' });
  });

  it('refuses a missing or unknown method, extra fields, and a payload that is not an object', () => {
    const bad = `invalid-argument: ${MFA_NOTICE_MESSAGES.badMethod}`;
    for (const data of [{}, null, undefined, { mfaMethod: 'sms' }, { mfaMethod: 'PHONE' }, { mfaMethod: 1 }, { mfaMethod: ['phone'] }]) {
      expect(thrown(() => parseMfaNoticePayload(data))).toBe(bad);
    }
    expect(thrown(() => parseMfaNoticePayload({ mfaMethod: 'phone', email: 'mallory@example.com' }))).toBe(
      'invalid-argument: Unexpected field: email.',
    );
    expect(thrown(() => parseMfaNoticePayload('phone'))).toBe('invalid-argument: The request must be an object.');
    expect(thrown(() => parseMfaNoticePayload(['phone']))).toBe('invalid-argument: The request must be an object.');
  });
});

describe('decideMfaNotice', () => {
  it('withholds either notice from an unverified address, counting nothing', () => {
    for (const notice of ['enrollment', 'removal'] as const) {
      expect(decideMfaNotice(facts({ notice, emailVerified: false }))).toEqual({ kind: 'withhold' });
    }
  });

  it('sends to the account address and records the time', () => {
    expect(decideMfaNotice(facts())).toEqual({ kind: 'send', to: 'ana@example.com', times: [NOW] });
    expect(decideMfaNotice(facts({ notice: 'removal', enrolledFactorIds: [] }))).toEqual({ kind: 'send', to: 'ana@example.com', times: [NOW] });
  });

  it('refuses an account without an address', () => {
    for (const notice of ['enrollment', 'removal'] as const) {
      for (const email of [undefined, '', '  ']) {
        expect(decideMfaNotice(facts({ notice, email }))).toEqual({
          kind: 'refuse',
          code: 'failed-precondition',
          message: 'This account has no email address to notify.',
        });
      }
    }
  });

  it('refuses an enrolment notice unless the account has a factor of that method', () => {
    expect(decideMfaNotice(facts({ method: 'phone', enrolledFactorIds: [] }))).toEqual({
      kind: 'refuse',
      code: 'failed-precondition',
      message: 'This account has no text message (SMS) two-factor method enrolled, so there is nothing to notify about.',
    });
    expect(decideMfaNotice(facts({ method: 'totp', enrolledFactorIds: ['phone'] }))).toEqual({
      kind: 'refuse',
      code: 'failed-precondition',
      message: notEnrolledMessage('totp'),
    });
    expect(notEnrolledMessage('totp')).toContain('authenticator app');
    expect(decideMfaNotice(facts({ method: 'totp', enrolledFactorIds: ['phone', 'totp'] })).kind).toBe('send');
  });

  it('sends a removal notice whatever the account still has (a removed factor leaves no trace)', () => {
    expect(decideMfaNotice(facts({ notice: 'removal', method: 'totp', enrolledFactorIds: ['phone'] })).kind).toBe('send');
    expect(decideMfaNotice(facts({ notice: 'removal', method: 'phone', enrolledFactorIds: ['phone'] })).kind).toBe('send');
  });

  it.each([
    ['enrollment', 'Too many two-factor enrolment notifications. Please try again in an hour.'],
    ['removal', 'Too many two-factor removal notifications. Please try again in an hour.'],
  ] as const)(`allows ${String(MFA_NOTICES_PER_HOUR)} %s notices an hour and refuses the next with resource-exhausted`, (notice, message) => {
    const sent = Array.from({ length: MFA_NOTICES_PER_HOUR - 1 }, (_, index) => NOW - (index + 1) * 60_000);
    const last = decideMfaNotice(facts({ notice, sent }));
    expect(last.kind).toBe('send');
    const full = last.kind === 'send' ? last.times : [];
    expect(full).toHaveLength(MFA_NOTICES_PER_HOUR);
    expect(decideMfaNotice(facts({ notice, sent: full, now: NOW + 1 }))).toEqual({ kind: 'refuse', code: 'resource-exhausted', message });
  });

  it('forgets notices older than the window (and keeps only the recent ones)', () => {
    const old = Array.from({ length: MFA_NOTICES_PER_HOUR }, () => NOW - NOTICE_WINDOW_MS);
    expect(decideMfaNotice(facts({ sent: [...old, NOW - 1000] }))).toEqual({ kind: 'send', to: 'ana@example.com', times: [NOW - 1000, NOW] });
  });

  it('keeps one counter per user and per kind, apart from the master-password notices', () => {
    const keys = [mfaNoticesKey('enrollment', 'u1'), mfaNoticesKey('removal', 'u1'), mfaNoticesKey('enrollment', 'u2'), 'master-password-notices-u1'];
    expect(new Set(keys).size).toBe(keys.length);
    expect(mfaNoticesKey('enrollment', 'u1')).toBe('mfa-enrollment-notices-u1');
    expect(mfaNoticesKey('removal', 'u1')).toBe('mfa-removal-notices-u1');
  });
});

function request(data: unknown, signedIn = true): Pick<CallableRequest, 'auth' | 'data'> {
  return { data, auth: signedIn ? { uid: 'u1', rawToken: 't', token: { email: 'token@example.com' } as never } : undefined };
}

function fakes(overrides: Partial<MfaNoticeDeps> = {}) {
  const sent: EmailMessage[] = [];
  const counters = new Map<string, readonly number[]>();
  const deps: MfaNoticeDeps = {
    loadAccount: () => Promise.resolve({ email: 'ana@example.com', emailVerified: true, enrolledFactorIds: ['phone', 'totp'] }),
    decideAndCount: (key, decide) => {
      const decision: MfaNoticeDecision = decide(counters.get(key) ?? []);
      if (decision.kind === 'send') counters.set(key, decision.times);
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
  return { deps, sent, counters };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof HttpsError ? `${error.code}: ${error.message}` : 'not-an-HttpsError';
  }
  return 'resolved';
}

const KINDS: readonly MfaNoticeKind[] = ['enrollment', 'removal'];

describe('handleSendMfaNotification', () => {
  it.each(KINDS)('%s: refuses a caller who is not signed in, before anything else', async (notice) => {
    const loadAccount = vi.fn(() => Promise.resolve({ email: 'ana@example.com', emailVerified: true, enrolledFactorIds: ['phone'] }));
    const { deps, sent } = fakes({ loadAccount });
    expect(await codeOf(handleSendMfaNotification(notice, request({ mfaMethod: 'phone' }, false), deps))).toBe(
      'unauthenticated: You must be signed in.',
    );
    expect(loadAccount).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it.each(KINDS)('%s: refuses a bad payload before loading anything', async (notice) => {
    const loadAccount = vi.fn(() => Promise.resolve({ email: 'ana@example.com', emailVerified: true, enrolledFactorIds: ['phone'] }));
    const { deps, sent } = fakes({ loadAccount });
    expect(await codeOf(handleSendMfaNotification(notice, request({}), deps))).toBe(`invalid-argument: ${MFA_NOTICE_MESSAGES.badMethod}`);
    expect(await codeOf(handleSendMfaNotification(notice, request({ mfaMethod: 'email' }), deps))).toMatch(/^invalid-argument/);
    expect(await codeOf(handleSendMfaNotification(notice, request({ mfaMethod: 'phone', to: 'mallory@example.com' }), deps))).toBe(
      'invalid-argument: Unexpected field: to.',
    );
    expect(loadAccount).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('emails the Auth account’s address (not the token’s) about an added factor, naming the method, without any link', async () => {
    const { deps, sent } = fakes();
    await expect(handleSendMfaNotification('enrollment', request({ mfaMethod: 'phone' }), deps)).resolves.toEqual({ sent: true });
    await expect(handleSendMfaNotification('enrollment', request({ mfaMethod: 'totp' }), deps)).resolves.toEqual({ sent: true });
    expect(sent.map((message) => message.to)).toEqual(['ana@example.com', 'ana@example.com']);
    expect(sent[0]?.subject).toBe('A two-factor method was added to your Keyloft account');
    expect(sent[0]?.text).toContain('text message (SMS)');
    expect(sent[1]?.text).toContain('authenticator app');
    for (const message of sent) expect(message.text).not.toMatch(/https?:/);
  });

  it('emails the account about a removed factor', async () => {
    const { deps, sent } = fakes({ loadAccount: () => Promise.resolve({ email: 'ana@example.com', emailVerified: true, enrolledFactorIds: [] }) });
    await expect(handleSendMfaNotification('removal', request({ mfaMethod: 'totp' }), deps)).resolves.toEqual({ sent: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('ana@example.com');
    expect(sent[0]?.subject).toBe('A two-factor method was removed from your Keyloft account');
    expect(sent[0]?.text).toContain('authenticator app');
  });

  it('refuses an enrolment notice for a method the account does not have, and counts nothing', async () => {
    const { deps, sent, counters } = fakes({ loadAccount: () => Promise.resolve({ email: 'ana@example.com', emailVerified: true, enrolledFactorIds: ['phone'] }) });
    expect(await codeOf(handleSendMfaNotification('enrollment', request({ mfaMethod: 'totp' }), deps))).toBe(
      `failed-precondition: ${notEnrolledMessage('totp')}`,
    );
    expect(sent).toEqual([]);
    expect(counters.size).toBe(0);
  });

  it('sends nothing to an unverified address, counts nothing, and replies as if it had', async () => {
    const { deps, sent, counters } = fakes({
      loadAccount: () => Promise.resolve({ email: 'stranger@example.com', emailVerified: false, enrolledFactorIds: ['phone'] }),
    });
    for (const notice of ['enrollment', 'removal'] as const) {
      await expect(handleSendMfaNotification(notice, request({ mfaMethod: 'phone' }), deps)).resolves.toEqual({ sent: true });
    }
    expect(sent).toEqual([]);
    expect(counters.size).toBe(0);
  });

  it('refuses an account without an address with failed-precondition', async () => {
    const { deps, sent } = fakes({ loadAccount: () => Promise.resolve({ email: undefined, emailVerified: true, enrolledFactorIds: ['phone'] }) });
    expect(await codeOf(handleSendMfaNotification('removal', request({ mfaMethod: 'phone' }), deps))).toBe(
      'failed-precondition: This account has no email address to notify.',
    );
    expect(sent).toEqual([]);
  });

  it('refuses with resource-exhausted past the hourly limit, each kind counted on its own key', async () => {
    const { deps, sent, counters } = fakes();
    for (let index = 0; index < MFA_NOTICES_PER_HOUR; index += 1) {
      await handleSendMfaNotification('enrollment', request({ mfaMethod: index % 2 === 0 ? 'phone' : 'totp' }), deps);
    }
    expect(await codeOf(handleSendMfaNotification('enrollment', request({ mfaMethod: 'phone' }), deps))).toBe(
      `resource-exhausted: ${MFA_NOTICE_MESSAGES.tooManyEnrollment}`,
    );
    await expect(handleSendMfaNotification('removal', request({ mfaMethod: 'phone' }), deps)).resolves.toEqual({ sent: true });
    expect(sent).toHaveLength(MFA_NOTICES_PER_HOUR + 1);
    expect(counters.get('mfa-enrollment-notices-u1')).toHaveLength(MFA_NOTICES_PER_HOUR);
    expect(counters.get('mfa-removal-notices-u1')).toHaveLength(1);
  });

  it('reports a failed load or send as internal, without details', async () => {
    const noUser = fakes({ loadAccount: () => Promise.reject(new Error('no such user')) });
    expect(await codeOf(handleSendMfaNotification('enrollment', request({ mfaMethod: 'phone' }), noUser.deps))).toBe(
      'internal: Could not load your account.',
    );
    const noMail = fakes({ mailer: () => ({ send: () => Promise.reject(new Error('smtp down')) }) });
    expect(await codeOf(handleSendMfaNotification('removal', request({ mfaMethod: 'phone' }), noMail.deps))).toBe(
      'internal: Could not send the notification email.',
    );
  });
});
