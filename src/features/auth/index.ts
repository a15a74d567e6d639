// The auth feature's public surface for src/app. The auth modal itself is a code-split seam: the app
// loads it lazily by its module path (AuthModalHost), so it is not re-exported here.
export type { AuthDeps } from './flows/deps';
export { signOutQuietly } from './flows/signIn';
// The lock screen: src/app loads the module that uses it lazily (LockScreenRoute), like the modal.
export { default as LockScreen, LOCK_SCREEN_HEADING, type LockScreenProps } from './LockScreen';
// The strength estimator (zxcvbn, loaded on first use), which the vault's health report also judges with.
export { loadStrengthEstimator } from './passwordStrength';
// The same estimator in a worker, for the vault's many estimates (health records, the report).
export { loadOffThreadEstimator } from './offThreadStrength';
export { AUTH_MESSAGES } from './messages';
export { VerificationNotice } from './verificationNotice/VerificationNotice';
