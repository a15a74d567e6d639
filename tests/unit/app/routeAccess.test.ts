import { describe, expect, it } from 'vitest';
import { billingView, homeView } from '../../../src/app/routeAccess';
import type { SessionState } from '../../../src/session/sessionState';

const user = { uid: 'u1', email: 'ana@example.com' };
const states: Record<SessionState['status'], SessionState> = {
  'signed-out': { status: 'signed-out' },
  validating: { status: 'validating', ...user },
  'pending-third-party': { status: 'pending-third-party', ...user },
  unlocked: { status: 'unlocked', ...user },
};

describe('route access (SPEC.md §2 route table, §6 routes)', () => {
  it.each([
    ['signed-out', 'landing'],
    ['validating', 'landing'],
    ['pending-third-party', 'landing'],
    ['unlocked', 'dashboard'],
  ] as const)('/ and /dashboard when %s show the %s', (status, view) => {
    expect(homeView(states[status])).toBe(view);
  });

  it.each([
    ['signed-out', 'landing'],
    ['validating', 'billing'],
    ['pending-third-party', 'billing'],
    ['unlocked', 'billing'],
  ] as const)('/billing when %s shows the %s page', (status, view) => {
    expect(billingView(states[status])).toBe(view);
  });
});
