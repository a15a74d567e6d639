import { describe, expect, it } from 'vitest';
import { fakeStripePort } from '../../../scripts/lib/fakeStripe.mjs';
import { FAKE_STRIPE_PORT } from '../../support/fakeStripe/server.mjs';

// The scripts start the fake Stripe server on the Functions emulator's STRIPE_API_PORT
// (functions/.env.demo-keyloft); the tests' client assumes FAKE_STRIPE_PORT. They must agree.
describe('the fake Stripe server the scripts run', () => {
  it("listens where the emulator's params point the SDK", () => {
    expect(fakeStripePort()).toBe(FAKE_STRIPE_PORT);
  });
});
