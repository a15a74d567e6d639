import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailMessage } from '../../src/email/types';
import { RECIPIENT_CAP_MESSAGE } from '../../src/email/recipientCap';
import {
  TOO_MANY_VERIFICATION_EMAILS,
  handleSendCustomEmailVerification,
  type VerificationDeps,
} from '../../src/verification/sendCustomEmailVerification';

// The thin shell around the decision, with its I/O replaced: the order of checks, the error codes,
// and the link that reaches the mailer.

vi.mock(import('firebase-functions/logger'), async (importOriginal) => ({
  ...(await importOriginal()),
  error: vi.fn(),
  warn: vi.fn(),
  info: vi.fn(),
}));

const GENERATED = 'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&lang=en&oobCode=Code%2B1&apiKey=fake';

function request(data: unknown, signedIn = true): Pick<CallableRequest, 'auth' | 'data'> {
  return {
    data,
    auth: signedIn ? { uid: 'u1', rawToken: 't', token: { email: 'ana@example.com' } as never } : undefined,
  };
}

function fakes(overrides: Partial<VerificationDeps> = {}) {
  const sent: EmailMessage[] = [];
  const calls: string[] = [];
  const deps: VerificationDeps = {
    takeEmailAllowance: (uid) => {
      calls.push(`allowance ${uid}`);
      return Promise.resolve(true);
    },
    takeRecipientAllowance: (email) => {
      calls.push(`recipient ${email}`);
      return Promise.resolve();
    },
    loadUser: (uid) => {
      calls.push(`load ${uid}`);
      return Promise.resolve({ email: 'ana@example.com', emailVerified: false });
    },
    generateLink: (email) => {
      calls.push(`link ${email}`);
      return Promise.resolve(GENERATED);
    },
    mailer: () => ({
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    }),
    appUrl: () => 'https://keyloft.app',
    onEmulator: () => true,
    ...overrides,
  };
  return { deps, sent, calls };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof HttpsError ? error.code : 'not-an-HttpsError';
  }
  return 'resolved';
}

/** Everything the handler logged, as one string. */
function logged(): string {
  return JSON.stringify([vi.mocked(logger.error).mock.calls, vi.mocked(logger.warn).mock.calls, vi.mocked(logger.info).mock.calls]);
}

describe('handleSendCustomEmailVerification', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('on the emulator, sends our own development link for the loaded account', async () => {
    const { deps, sent, calls } = fakes();
    await expect(handleSendCustomEmailVerification(request({ isDevelopment: true }), deps)).resolves.toEqual({ sent: true });
    expect(calls).toEqual(['load u1', 'allowance u1', 'recipient ana@example.com', 'link ana@example.com']);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('ana@example.com');
    expect(sent[0]!.text).toContain('http://127.0.0.1:5173/verify-email?mode=verifyEmail&oobCode=Code%2B1');
  });

  it('in production, ignores isDevelopment and links to APP_URL', async () => {
    const { deps, sent } = fakes({ onEmulator: () => false });
    await expect(handleSendCustomEmailVerification(request({ isDevelopment: true }), deps)).resolves.toEqual({ sent: true });
    expect(sent[0]!.text).toContain('https://keyloft.app/verify-email?mode=verifyEmail&oobCode=Code%2B1');
    expect(sent[0]!.text).not.toContain('127.0.0.1');
  });

  it('in production, still refuses a malformed isDevelopment', async () => {
    const { deps, calls } = fakes({ onEmulator: () => false });
    expect(await codeOf(handleSendCustomEmailVerification(request({ isDevelopment: 'yes' }), deps))).toBe('invalid-argument');
    expect(calls).toEqual([]);
  });

  it('uses APP_URL when not in development, also for an empty payload', async () => {
    for (const data of [{ isDevelopment: false }, {}, undefined, null]) {
      const { deps, sent } = fakes();
      await handleSendCustomEmailVerification(request(data), deps);
      expect(sent[0]!.text).toContain('https://keyloft.app/verify-email?mode=verifyEmail&oobCode=Code%2B1');
    }
  });

  it('refuses with resource-exhausted once the hourly allowance is spent, sending nothing', async () => {
    const { deps, sent, calls } = fakes({ takeEmailAllowance: () => Promise.resolve(false) });
    const refusal = await handleSendCustomEmailVerification(request({}), deps).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpsError);
    expect(refusal).toMatchObject({ code: 'resource-exhausted', message: TOO_MANY_VERIFICATION_EMAILS });
    expect(calls).toEqual(['load u1']);
    expect(sent).toEqual([]);
  });

  it('refuses with the recipient cap’s refusal once the address has had its emails for the day, sending nothing', async () => {
    const { deps, sent, calls } = fakes({
      takeRecipientAllowance: () => Promise.reject(new HttpsError('resource-exhausted', RECIPIENT_CAP_MESSAGE)),
    });
    const refusal = await handleSendCustomEmailVerification(request({}), deps).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'resource-exhausted', message: RECIPIENT_CAP_MESSAGE });
    expect(calls).toEqual(['load u1', 'allowance u1']);
    expect(sent).toEqual([]);
  });

  it('refuses a caller without a token before reading anything', async () => {
    const { deps, calls } = fakes();
    expect(await codeOf(handleSendCustomEmailVerification(request({}, false), deps))).toBe('unauthenticated');
    expect(calls).toEqual([]);
  });

  it('refuses a malformed payload before reading anything', async () => {
    for (const data of [{ isDevelopment: 'yes' }, [true], 'x']) {
      const { deps, calls } = fakes();
      expect(await codeOf(handleSendCustomEmailVerification(request(data), deps))).toBe('invalid-argument');
      expect(calls).toEqual([]);
    }
  });

  it('refuses an account that is verified or has no email, without generating a link', async () => {
    for (const user of [{ email: 'ana@example.com', emailVerified: true }, { emailVerified: false }]) {
      const { deps, calls, sent } = fakes({ loadUser: () => Promise.resolve(user) });
      expect(await codeOf(handleSendCustomEmailVerification(request({}), deps))).toBe('failed-precondition');
      expect(calls).toEqual([]);
      expect(sent).toEqual([]);
    }
  });

  it('reports internal when the generated link carries no code, and sends nothing', async () => {
    const { deps, sent } = fakes({ generateLink: () => Promise.resolve('https://x.test/action?mode=verifyEmail') });
    expect(await codeOf(handleSendCustomEmailVerification(request({}), deps))).toBe('internal');
    expect(sent).toEqual([]);
  });

  it('reports internal when loading, generating or sending fails, never leaking the cause', async () => {
    const failures: Partial<VerificationDeps>[] = [
      { loadUser: () => Promise.reject(new Error('auth/user-not-found')) },
      { generateLink: () => Promise.reject(new Error('quota')) },
      { mailer: () => ({ send: () => Promise.reject(new Error('SMTP down')) }) },
    ];
    for (const failure of failures) {
      const { deps } = fakes(failure);
      const error = await handleSendCustomEmailVerification(request({}), deps).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpsError);
      expect((error as HttpsError).code).toBe('internal');
      expect((error as HttpsError).message).not.toMatch(/quota|SMTP|auth\//);
    }
    expect(vi.mocked(logger.error)).toHaveBeenCalledTimes(3);
  });

  it('never logs the generated link or its code', async () => {
    const { deps } = fakes({ mailer: () => ({ send: () => Promise.reject(new Error('SMTP down')) }) });
    await handleSendCustomEmailVerification(request({}), deps).catch(() => undefined);
    const noCode = fakes({ generateLink: () => Promise.resolve('https://x.test/action?mode=verifyEmail&oobCode=') });
    await handleSendCustomEmailVerification(request({}), noCode.deps).catch(() => undefined);
    await handleSendCustomEmailVerification(request({ isDevelopment: true }), fakes().deps);
    expect(vi.mocked(logger.error)).toHaveBeenCalled();
    expect(logged()).not.toMatch(/Code%2B1|Code\+1|oobCode=/);
  });
});
