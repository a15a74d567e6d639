import { describe, expect, it } from 'vitest';
import type { BillingDeps } from '../../src/billing/deps';
import { handleCreateBillingPortalSession } from '../../src/billing/createBillingPortalSession';
import { handleCreateCheckoutSession } from '../../src/billing/createCheckoutSession';
import { handleDowngradeToFree } from '../../src/billing/downgradeToFree';
import { handleGetSubscriptionStatus } from '../../src/billing/getSubscriptionStatus';

// The refusals that come before anything is read: every dependency throws if touched.
// The rest of each handler runs end to end in tests/emulator/billing/.

const untouchable = (): never => {
  throw new Error('no I/O before the caller and payload are checked');
};
const deps: BillingDeps = { db: untouchable, stripe: untouchable, now: untouchable, appUrl: untouchable, prices: untouchable };
const signedIn = { uid: 'u1', token: { email: 'ana@example.com', email_verified: true } } as never;

const handlers = {
  getSubscriptionStatus: (request: { auth?: never; data: unknown }) => handleGetSubscriptionStatus(request, deps),
  createCheckoutSession: (request: { auth?: never; data: unknown }) => handleCreateCheckoutSession(request, deps),
  createBillingPortalSession: (request: { auth?: never; data: unknown }) => handleCreateBillingPortalSession(request, deps),
  downgradeToFree: (request: { auth?: never; data: unknown }) => handleDowngradeToFree(request, deps),
};

describe('the billing callables', () => {
  for (const [name, handle] of Object.entries(handlers)) {
    it(`${name} refuses a caller who is not signed in`, async () => {
      await expect(handle({ data: { planId: 'unlimited' } })).rejects.toMatchObject({ code: 'unauthenticated' });
    });

    it(`${name} refuses a payload that is not an object`, async () => {
      await expect(handle({ auth: signedIn, data: ['x'] })).rejects.toMatchObject({ code: 'invalid-argument' });
    });
  }

  it('downgradeToFree takes no arguments: any field or other value is refused before anything is read', async () => {
    for (const data of [{ planId: 'unlimited' }, { confirm: false }, 'free', Array.from({ length: 10_000 }, () => 0)]) {
      await expect(handlers.downgradeToFree({ auth: signedIn, data })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'This call takes no arguments.',
      });
    }
  });

  it('createCheckoutSession needs a planId string', async () => {
    for (const data of [{}, { planId: '' }, { planId: 7 }, { planId: 'x'.repeat(65) }]) {
      await expect(handlers.createCheckoutSession({ auth: signedIn, data })).rejects.toMatchObject({ code: 'invalid-argument' });
    }
  });
});
