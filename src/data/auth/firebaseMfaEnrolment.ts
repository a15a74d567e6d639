// Second-factor enrolment on the Firebase Auth SDK (SPEC.md §4 "MFA enrolment", §7): list, enrol by
// SMS or authenticator app, and remove. Part of the Firebase AuthGateway.
import {
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  TotpMultiFactorGenerator,
  type Auth,
  type MultiFactorInfo,
  type User,
} from 'firebase/auth';
import { AuthServiceError, type AuthGateway, type MfaFactor } from './authGateway';
import { recaptchaContainer, translated } from './firebaseAuthSupport';

type MfaEnrolment = Pick<AuthGateway, 'listMfaFactors' | 'startPhoneEnrolment' | 'startTotpEnrolment' | 'unenrolMfaFactor'>;

function toFactor(info: MultiFactorInfo): MfaFactor {
  return {
    uid: info.uid,
    factorId: info.factorId === 'totp' ? 'totp' : 'phone',
    displayName: info.displayName ?? null,
    enrollmentTime: info.enrollmentTime,
    phoneNumber: 'phoneNumber' in info && typeof info.phoneNumber === 'string' ? info.phoneNumber : null,
  };
}

export function firebaseMfaEnrolment(auth: Auth): MfaEnrolment {
  const requireUser = (): User => {
    const user = auth.currentUser;
    if (!user) throw new AuthServiceError('auth/no-current-user', 'User not authenticated');
    return user;
  };

  return {
    listMfaFactors: () => (auth.currentUser ? multiFactor(auth.currentUser).enrolledFactors.map(toFactor) : []),

    startPhoneEnrolment: (phoneNumber) =>
      translated(async () => {
        const user = multiFactor(requireUser());
        const session = await user.getSession();
        // A fresh verifier for every code sent: reusing one hangs (ENGINEERING.md §5).
        const verifier = new RecaptchaVerifier(auth, recaptchaContainer(), { size: 'invisible' });
        let verificationId: string;
        try {
          verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber({ phoneNumber, session }, verifier);
        } finally {
          verifier.clear();
        }
        return {
          complete: (code, displayName) =>
            translated(() => user.enroll(PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code)), displayName)),
        };
      }),

    startTotpEnrolment: () =>
      translated(async () => {
        const user = multiFactor(requireUser());
        const secret = await TotpMultiFactorGenerator.generateSecret(await user.getSession());
        return {
          secretKey: secret.secretKey,
          hashingAlgorithm: secret.hashingAlgorithm,
          codeLength: secret.codeLength,
          codeIntervalSeconds: secret.codeIntervalSeconds,
          complete: (code, displayName) =>
            translated(() => user.enroll(TotpMultiFactorGenerator.assertionForEnrollment(secret, code), displayName)),
        };
      }),

    unenrolMfaFactor: (factorUid) => translated(() => multiFactor(requireUser()).unenroll(factorUid)),
  };
}
