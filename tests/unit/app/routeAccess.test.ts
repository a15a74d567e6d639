import { describe, expect, it } from 'vitest';
import { appRouteView, routeNeedsAuth } from '../../../src/app/routeAccess';
import type { SessionState } from '../../../src/session/sessionState';

const user = { uid: 'u1', email: 'ana@example.com', emailVerified: true, provider: 'password' } as const;
const states: Record<SessionState['status'], SessionState> = {
  'signed-out': { status: 'signed-out' },
  locked: { status: 'locked', user },
  unlocked: { status: 'unlocked', user },
};

describe('route access (SPEC.md §2 route table, §6 routes)', () => {
  it.each([
    ['signed-out', false, false, 'landing'],
    ['signed-out', false, true, 'restoring'],
    ['signed-out', true, true, 'landing'],
    ['locked', false, false, 'locked'],
    ['locked', false, true, 'locked'],
    ['locked', true, false, 'landing'],
    ['unlocked', false, false, 'app'],
    ['unlocked', true, true, 'app'],
  ] as const)('an app route when %s (modal requested: %s, restoring: %s) shows %s', (status, modalRequested, restoring, view) => {
    expect(appRouteView(states[status], { modalRequested, restoring })).toBe(view);
  });

  it('starts the auth service for every route but the public pages', () => {
    for (const path of ['/', '/privacy', '/terms', '/security', '/billing/cancel']) expect(routeNeedsAuth(path)).toBe(false);
    for (const path of ['/dashboard', '/billing', '/billing/success', '/verify-email', '/reset-password', '/accept-invite', '/verify-email-change']) {
      expect(routeNeedsAuth(path)).toBe(true);
    }
  });
});
