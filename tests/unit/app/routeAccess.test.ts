import { describe, expect, it } from 'vitest';
import { billingView, homeView, routeNeedsAuth } from '../../../src/app/routeAccess';
import type { SessionState } from '../../../src/session/sessionState';

const user = { uid: 'u1', email: 'ana@example.com', emailVerified: true, provider: 'password' } as const;
const states: Record<SessionState['status'], SessionState> = {
  'signed-out': { status: 'signed-out' },
  locked: { status: 'locked', user },
  unlocked: { status: 'unlocked', user },
};

describe('route access (SPEC.md §2 route table, §6 routes)', () => {
  it.each([
    ['signed-out', 'landing'],
    ['locked', 'landing'],
    ['unlocked', 'dashboard'],
  ] as const)('/ and /dashboard when %s show the %s', (status, view) => {
    expect(homeView(states[status])).toBe(view);
  });

  it.each([
    ['signed-out', 'landing'],
    ['locked', 'billing'],
    ['unlocked', 'billing'],
  ] as const)('/billing when %s shows the %s page', (status, view) => {
    expect(billingView(states[status])).toBe(view);
  });

  it('starts the auth service for every route but the public pages', () => {
    for (const path of ['/', '/privacy', '/terms', '/security', '/billing/cancel']) expect(routeNeedsAuth(path)).toBe(false);
    for (const path of ['/dashboard', '/billing', '/billing/success', '/verify-email', '/reset-password', '/accept-invite', '/verify-email-change']) {
      expect(routeNeedsAuth(path)).toBe(true);
    }
  });
});
