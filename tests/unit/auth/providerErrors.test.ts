import { describe, expect, it } from 'vitest';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { providerSignInMessage, providerUnreachableMessage } from '../../../src/features/auth/providerErrors';

describe('a third-party sign-in that cannot reach its provider', () => {
  it.each([
    ['google', 'Google sign-in is unreachable right now. Check your connection, or sign in with email.'],
    ['microsoft', 'Microsoft sign-in is unreachable right now. Check your connection, or sign in with email.'],
    ['github', 'GitHub sign-in is unreachable right now. Check your connection, or sign in with email.'],
  ] as const)('names %s', (provider, message) => {
    expect(providerUnreachableMessage(provider)).toBe(message);
  });

  it.each(['auth/internal-error', 'internal-error', 'auth/network-request-failed', 'network-request-failed'])(
    'reads %s (how the SDK reports its helper script or iframe failing) as unreachable',
    (code) => {
      expect(providerSignInMessage(new AuthServiceError(code), 'microsoft')).toBe(providerUnreachableMessage('microsoft'));
    },
  );

  it('leaves every other failure to the usual messages', () => {
    for (const code of ['auth/popup-blocked', 'auth/account-exists-with-different-credential', 'auth/operation-not-allowed']) {
      expect(providerSignInMessage(new AuthServiceError(code), 'google')).toBeNull();
    }
    expect(providerSignInMessage(new Error('auth/internal-error'), 'google')).toBeNull();
    expect(providerSignInMessage(null, 'google')).toBeNull();
  });
});
