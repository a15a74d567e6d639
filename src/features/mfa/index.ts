// The MFA feature's public surface: the app composes the enrolment modal and the settings section.
export { MfaEnrolmentDialog, MFA_ENROLMENT_TITLE, type MfaEnrolmentDialogProps, type MfaEnrolmentAccount } from './MfaEnrolmentDialog';
export { TwoFactorSection, ADD_FACTOR_LABEL, type TwoFactorSectionProps } from './TwoFactorSection';
export { createMfaEnrolmentApi, type MfaEnrolmentApi, type MfaEnrolmentDeps } from './mfaEnrolmentApi';
export type { MfaMethod } from './factors';
