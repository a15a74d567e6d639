// /billing as the app routes it (issue #43, item 8): the app's own header and the plans' skeleton
// at once, before the billing callables answer; a failure with a way to try again that does.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
import type { BillingService } from '../../../src/features/billing';
import { billingWorld, fakeBillingService, trialSubscription, type BillingWorld } from '../../doubles/fakeBillingCallables';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { expectConsoleError } from '../../support/consoleErrors';
import { appAt, sessionIn } from '../app/appAt';
import { fakeAppServices } from '../app/fakeAppServices';

const ANA = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' } as const;

/** The billing service over `world` whose loads wait until the test lets each one answer. */
function heldBilling(world: BillingWorld) {
  const service = fakeBillingService(world);
  const waiting: (() => void)[] = [];
  let loads = 0;
  const held: BillingService = {
    ...service,
    load: () => {
      loads += 1;
      return new Promise<void>((resolve) => waiting.push(resolve)).then(() => service.load());
    },
  };
  return {
    service: held,
    loads: () => loads,
    answer: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

function renderBilling(billing: BillingService, session: 'locked' | 'unlocked') {
  const store = sessionIn(session, ANA);
  render(appAt('/billing', { ...fakeAppServices({ store, repositories: memoryRepositories(), uid: ANA.uid }), billing }, store));
  return userEvent.setup();
}

describe('billing in the app’s frame', () => {
  it('a locked vault gets the lock screen on /billing, and no billing call is made (issue #43 item 1)', async () => {
    const world = billingWorld(Date.now(), trialSubscription(Date.now(), 4));
    const held = heldBilling(world);
    renderBilling(held.service, 'locked');
    expect(await screen.findByRole('main', { name: 'Your vault is locked' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Billing & Subscriptions' })).not.toBeInTheDocument();
    expect(held.loads()).toBe(0);
  });

  it('shows the app’s header and the plans’ skeleton before the plans arrive', async () => {
    const world = billingWorld(Date.now(), trialSubscription(Date.now(), 4));
    const held = heldBilling(world);
    renderBilling(held.service, 'unlocked');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing & Subscriptions' })).toBeInTheDocument();
    // The app's header: its navigation, the account's controls; no lone 'Back to Dashboard' bar.
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Account Settings' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Dashboard' })).not.toBeInTheDocument();
    // The skeleton, with the plans still unanswered.
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading billing information…');
    expect(screen.getByRole('heading', { level: 2, name: 'Current Plan' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Current Plan' })).not.toBeInTheDocument();
    expect(held.loads()).toBe(1);

    held.answer();
    const current = await screen.findByRole('region', { name: 'Current Plan' });
    expect(within(current).getByText('Trial Mode')).toBeInTheDocument();
    expect(screen.queryByText('Loading billing information…')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it('a failed load says so in the frame, and Try again loads again', async () => {
    expectConsoleError(/^Could not load billing information CallableError: Service unavailable/);
    const world = billingWorld(Date.now(), trialSubscription(Date.now(), 4));
    world.failures.getSubscriptionPlans = new CallableError('unavailable', 'Service unavailable');
    const held = heldBilling(world);
    const user = renderBilling(held.service, 'unlocked');
    await screen.findByRole('status');
    held.answer();
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The reason stays on the page under the header, with the way to try again.
    expect(within(screen.getByRole('main')).getByText('Failed to load billing information. Please try again.')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    delete world.failures.getSubscriptionPlans;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(held.loads()).toBe(2);
    expect(screen.getByText('Loading billing information…')).toBeInTheDocument();
    held.answer();
    expect(await screen.findByRole('region', { name: 'Current Plan' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });
  });
});
