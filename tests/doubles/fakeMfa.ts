// Second factors in memory, for component tests (the Auth emulator has no TOTP, ENGINEERING.md §5).
// Authenticator codes are checked for real with `otpauth` against the secret handed out, so a test
// passes only if it read the right secret from the screen.
import { Secret, TOTP } from 'otpauth';
import { vi } from 'vitest';
import { AuthServiceError, type MfaFactor, type PendingMfaEnrolment, type PendingTotpEnrolment } from '../../src/data/auth/authGateway';
import type { MfaEnrolmentApi } from '../../src/features/mfa';

/** The code "sent" to every phone. */
export const SMS_CODE = '246810';

export interface FakeMfa {
  readonly api: MfaEnrolmentApi & {
    readonly startPhone: ReturnType<typeof vi.fn<MfaEnrolmentApi['startPhone']>>;
    readonly startTotp: ReturnType<typeof vi.fn<MfaEnrolmentApi['startTotp']>>;
    readonly unenrol: ReturnType<typeof vi.fn<MfaEnrolmentApi['unenrol']>>;
    readonly notifyEnrolled: ReturnType<typeof vi.fn<MfaEnrolmentApi['notifyEnrolled']>>;
    readonly notifyRemoved: ReturnType<typeof vi.fn<MfaEnrolmentApi['notifyRemoved']>>;
    readonly checkEmailVerified: ReturnType<typeof vi.fn<MfaEnrolmentApi['checkEmailVerified']>>;
    readonly refreshSession: ReturnType<typeof vi.fn<MfaEnrolmentApi['refreshSession']>>;
  };
  readonly factors: MfaFactor[];
  /** The secret of the last authenticator enrolment started. */
  lastSecret(): string | undefined;
}

export function fakeMfa(initial: readonly MfaFactor[] = []): FakeMfa {
  const factors: MfaFactor[] = [...initial];
  let secret: string | undefined;
  let next = 1;
  const enrol = (factor: Omit<MfaFactor, 'uid' | 'enrollmentTime'>) => {
    if (factors.length >= 2) throw new AuthServiceError('auth/maximum-second-factor-count-exceeded');
    factors.push({ ...factor, uid: `factor-${String(next++)}`, enrollmentTime: new Date('2026-11-23T09:00:00Z').toUTCString() });
  };

  const api = {
    listFactors: () => [...factors],
    checkEmailVerified: vi.fn<MfaEnrolmentApi['checkEmailVerified']>(() => Promise.resolve(true)),
    refreshSession: vi.fn<MfaEnrolmentApi['refreshSession']>(() => Promise.resolve()),
    startPhone: vi.fn<MfaEnrolmentApi['startPhone']>((phoneNumber) =>
      Promise.resolve<PendingMfaEnrolment>({
        complete: (code, displayName) => {
          if (code !== SMS_CODE) return Promise.reject(new AuthServiceError('auth/invalid-verification-code'));
          enrol({ factorId: 'phone', displayName, phoneNumber });
          return Promise.resolve();
        },
      }),
    ),
    startTotp: vi.fn<MfaEnrolmentApi['startTotp']>(() => {
      const key = new Secret().base32;
      secret = key;
      return Promise.resolve<PendingTotpEnrolment>({
        secretKey: key,
        hashingAlgorithm: 'SHA1',
        codeLength: 6,
        codeIntervalSeconds: 30,
        complete: (code, displayName) => {
          const valid = new TOTP({ secret: key, algorithm: 'SHA1', digits: 6, period: 30 }).validate({ token: code, window: 1 }) !== null;
          if (!valid) return Promise.reject(new AuthServiceError('auth/invalid-verification-code'));
          enrol({ factorId: 'totp', displayName, phoneNumber: null });
          return Promise.resolve();
        },
      });
    }),
    unenrol: vi.fn<MfaEnrolmentApi['unenrol']>((uid) => {
      const at = factors.findIndex((factor) => factor.uid === uid);
      if (at >= 0) factors.splice(at, 1);
      return Promise.resolve();
    }),
    notifyEnrolled: vi.fn<MfaEnrolmentApi['notifyEnrolled']>(() => Promise.resolve()),
    notifyRemoved: vi.fn<MfaEnrolmentApi['notifyRemoved']>(() => Promise.resolve()),
  };
  return { api, factors, lastSecret: () => secret };
}
