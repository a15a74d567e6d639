// What the MFA screens need, over the auth gateway and the notification callables. The app builds
// it (src/app); component tests pass a fake.
import type { AuthGateway, MfaFactor, PendingMfaEnrolment, PendingTotpEnrolment } from '../../data/auth/authGateway';
import type { MfaMethod } from './factors';

export interface MfaEnrolmentApi {
  readonly listFactors: () => readonly MfaFactor[];
  /** Reloads the account and says whether its address is verified now. */
  readonly checkEmailVerified: () => Promise<boolean>;
  /** A fresh ID token, so the service sees a verification that happened since sign-in. */
  readonly refreshSession: () => Promise<void>;
  readonly startPhone: (phoneNumber: string) => Promise<PendingMfaEnrolment>;
  readonly startTotp: () => Promise<PendingTotpEnrolment>;
  readonly unenrol: (factorUid: string) => Promise<void>;
  /** sendMfaEnrollmentNotification: the caller only logs a failure. */
  readonly notifyEnrolled: (method: MfaMethod) => Promise<void>;
  /** sendMfaRemovalNotification, likewise. */
  readonly notifyRemoved: (method: MfaMethod) => Promise<void>;
}

export interface MfaEnrolmentDeps {
  readonly gateway: AuthGateway;
  readonly notifyEnrolled: (method: MfaMethod) => Promise<void>;
  readonly notifyRemoved: (method: MfaMethod) => Promise<void>;
}

export function createMfaEnrolmentApi({ gateway, notifyEnrolled, notifyRemoved }: MfaEnrolmentDeps): MfaEnrolmentApi {
  return {
    listFactors: () => gateway.listMfaFactors(),
    checkEmailVerified: async () => (await gateway.reloadUser())?.emailVerified ?? false,
    refreshSession: () => gateway.refreshIdToken(),
    startPhone: (phoneNumber) => gateway.startPhoneEnrolment(phoneNumber),
    startTotp: () => gateway.startTotpEnrolment(),
    unenrol: (factorUid) => gateway.unenrolMfaFactor(factorUid),
    notifyEnrolled,
    notifyRemoved,
  };
}
