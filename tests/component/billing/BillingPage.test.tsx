import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
import { BILLING_MESSAGES } from '@keyloft/contract/billing';
import { CHECKOUT_NOTES } from '../../../src/features/billing/BillingPage';
import { billingWorld, freeSubscription, paidSubscription, trialSubscription } from '../../doubles/fakeBillingCallables';
import { NOW, renderBillingPage } from './billingHarness';
import { expectConsoleError } from '../../support/consoleErrors';

async function currentPlanCard() {
  return screen.findByRole('region', { name: 'Current Plan' });
}

function planCard(name: string) {
  return screen.getByRole('article', { name });
}

function queryPlanCard(name: string) {
  return screen.queryByRole('article', { name });
}

describe('BillingPage: what each user sees (SPEC.md §4 Subscription display)', () => {
  it('a trial user: Trial Mode with the trial end, the trial badge, Continue with this plan, and Downgrade on Free', async () => {
    // A trial started 4 days ago ends 10 days from now.
    renderBillingPage(billingWorld(NOW, trialSubscription(NOW, 4)));
    expect(screen.getByRole('heading', { level: 1, name: 'Billing & Subscriptions' })).toBeInTheDocument();
    const current = await currentPlanCard();
    expect(within(current).getByText('Unlimited')).toBeInTheDocument();
    expect(within(current).getByText('trialing')).toBeInTheDocument();
    expect(within(current).getByText('Trial Mode')).toBeInTheDocument();
    expect(within(current).getByText('Trial ends January 25, 2027')).toBeInTheDocument();
    expect(within(current).queryByText(/Renews on|Cancels on/)).not.toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();

    const unlimited = planCard('Unlimited');
    expect(within(unlimited).getByText('Free Trial - 10 days left')).toBeInTheDocument();
    expect(within(unlimited).getByText('$4.99')).toBeInTheDocument();
    expect(within(unlimited).getByText('/month')).toBeInTheDocument();
    expect(within(unlimited).getByText('Unlimited teams')).toBeInTheDocument();
    expect(within(unlimited).getByRole('button', { name: 'Continue with this plan' })).toBeEnabled();
    // The plan the user is on is not featured.
    expect(within(unlimited).queryByText('Recommended')).not.toBeInTheDocument();

    const free = planCard('Free');
    expect(within(free).getByText('$0.00')).toBeInTheDocument();
    expect(within(free).queryByText(/Current Plan|Free Trial/)).not.toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Downgrade' })).toBeEnabled();
  });

  it('a trial user who continues with the plan starts its checkout (a paid plan choice, SPEC.md §4)', async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 4));
    const { user, redirect } = renderBillingPage(world);
    await currentPlanCard();
    await user.click(within(planCard('Unlimited')).getByRole('button', { name: 'Continue with this plan' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
    });
    expect(world.calls.find((c) => c.name === 'createCheckoutSession')?.payload).toEqual({ planId: 'unlimited' });
  });

  it('a paying user: Renews on the period end, Manage Billing, Current Plan, and no free card', async () => {
    renderBillingPage(billingWorld(NOW, paidSubscription(NOW, { daysLeft: 20 })));
    const current = await currentPlanCard();
    expect(within(current).getByText('Unlimited')).toBeInTheDocument();
    expect(within(current).getByText('active')).toBeInTheDocument();
    expect(within(current).getByText('Renews on')).toBeInTheDocument();
    expect(within(current).getByText('February 4, 2027')).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Manage Billing' })).toBeEnabled();
    const unlimited = planCard('Unlimited');
    expect(within(unlimited).getByText('Current Plan')).toBeInTheDocument();
    expect(within(unlimited).queryByRole('button')).not.toBeInTheDocument();
    expect(within(unlimited).queryByText('Recommended')).not.toBeInTheDocument();
    expect(queryPlanCard('Free')).not.toBeInTheDocument();
  });

  it('a paying user who cancelled: Cancels on the period end', async () => {
    renderBillingPage(billingWorld(NOW, paidSubscription(NOW, { daysLeft: 5, cancelAtPeriodEnd: true })));
    const current = await currentPlanCard();
    expect(within(current).getByText('Cancels on')).toBeInTheDocument();
    expect(within(current).getByText('January 20, 2027')).toBeInTheDocument();
    expect(within(current).queryByText('Renews on')).not.toBeInTheDocument();
  });

  it('a user whose trial ended is on Free: status as-is, Upgrade on a featured Unlimited', async () => {
    renderBillingPage(billingWorld(NOW, trialSubscription(NOW, 20)));
    const current = await currentPlanCard();
    expect(within(current).getByText('Free')).toBeInTheDocument();
    expect(within(current).getByText('trialing')).toBeInTheDocument();
    expect(within(current).queryByText(/Trial Mode|Renews on|Cancels on/)).not.toBeInTheDocument();
    const free = planCard('Free');
    expect(within(free).getByText('Current Plan')).toBeInTheDocument();
    expect(within(free).queryByRole('button')).not.toBeInTheDocument();
    const unlimited = planCard('Unlimited');
    expect(within(unlimited).getByText('Recommended')).toBeInTheDocument();
    expect(within(unlimited).queryByText(/Current Plan|Free Trial/)).not.toBeInTheDocument();
    expect(within(unlimited).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  });

  it('a free user with a customer (after a downgrade) keeps Manage Billing', async () => {
    renderBillingPage(billingWorld(NOW, freeSubscription(NOW, 'cus_1')));
    const current = await currentPlanCard();
    expect(within(current).getByText('Free')).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
    expect(within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });

  it('says so when the subscription cannot be read, and shows the free plan (SPEC.md §4 fallback)', async () => {
    expectConsoleError(/^Could not read the subscription; the free plan is assumed Error: offline/);
    const world = billingWorld(NOW, paidSubscription(NOW));
    world.failures.getSubscriptionStatus = new Error('offline');
    renderBillingPage(world);
    const current = await currentPlanCard();
    expect(within(current).getByText('Free')).toBeInTheDocument();
    expect(within(current).getByText('active')).toBeInTheDocument();
    expect(within(current).getByText('Your subscription could not be read, so the free plan is shown.')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has one h1 in the main landmark and a way back to the dashboard', async () => {
    const { user } = renderBillingPage(billingWorld(NOW, trialSubscription(NOW, 4)));
    await currentPlanCard();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('heading', { level: 2, name: 'Available Plans' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('shows loading until the plans are there', async () => {
    renderBillingPage(billingWorld(NOW, trialSubscription(NOW, 4)));
    expect(screen.getByRole('status')).toHaveTextContent('Loading billing information…');
    await currentPlanCard();
    expect(screen.queryByText('Loading billing information…')).not.toBeInTheDocument();
  });
});

describe('BillingPage: checkout (SPEC.md §4, §7)', () => {
  it('Upgrade starts a checkout session for the plan and sends the browser to its URL', async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 20));
    const { user, redirect } = renderBillingPage(world);
    await currentPlanCard();
    await user.click(within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
    });
    expect(world.calls.find((c) => c.name === 'createCheckoutSession')?.payload).toEqual({ planId: 'unlimited' });
    // The page stays busy while the browser leaves.
    const button = within(planCard('Unlimited')).getByRole('button', { name: 'Starting checkout…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a reply without a URL shows 'No checkout URL returned' in the Upgrade Error dialog", async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 20), { checkoutUrl: null });
    const { user, redirect } = renderBillingPage(world);
    await currentPlanCard();
    await user.click(within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: BILLING_MESSAGES.upgradeTitle });
    expect(within(dialog).getByText(BILLING_MESSAGES.noCheckoutUrl)).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  });

  it("a refusal shows the server's message in the Upgrade Error dialog", async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 20));
    world.failures.createCheckoutSession = new CallableError('failed-precondition', 'You already have an active subscription.');
    const { user } = renderBillingPage(world);
    await currentPlanCard();
    await user.click(within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Error' });
    expect(within(dialog).getByText('You already have an active subscription.')).toBeInTheDocument();
  });

  it('a failure without a message shows the default Upgrade Error text', async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 20));
    world.failures.createCheckoutSession = new CallableError('internal', 'internal');
    const { user } = renderBillingPage(world);
    await currentPlanCard();
    await user.click(within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Error' });
    expect(within(dialog).getByText('Failed to start upgrade process. Please try again.')).toBeInTheDocument();
  });
});

describe('BillingPage: billing portal', () => {
  it('Manage Billing opens a portal session and sends the browser there', async () => {
    const world = billingWorld(NOW, paidSubscription(NOW));
    const { user, redirect } = renderBillingPage(world);
    const current = await currentPlanCard();
    await user.click(within(current).getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1');
    });
    expect(within(current).getByRole('button', { name: 'Opening billing portal…' })).toBeDisabled();
  });

  it("a refusal shows the server's message in the Billing Portal Error dialog", async () => {
    const world = billingWorld(NOW, paidSubscription(NOW));
    world.failures.createBillingPortalSession = new CallableError('not-found', 'No billing account found.');
    const { user, redirect } = renderBillingPage(world);
    await user.click(within(await currentPlanCard()).getByRole('button', { name: 'Manage Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Portal Error' });
    expect(within(dialog).getByText('No billing account found.')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a failure without a message shows the default Billing Portal Error text', async () => {
    const world = billingWorld(NOW, paidSubscription(NOW));
    world.failures.createBillingPortalSession = new Error('network down');
    const { user } = renderBillingPage(world);
    await user.click(within(await currentPlanCard()).getByRole('button', { name: 'Manage Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Portal Error' });
    expect(within(dialog).getByText('Failed to open billing portal. Please try again.')).toBeInTheDocument();
  });

  it("a reply without a URL shows 'No billing portal URL returned'", async () => {
    const world = billingWorld(NOW, paidSubscription(NOW), { portalUrl: null });
    const { user } = renderBillingPage(world);
    await user.click(within(await currentPlanCard()).getByRole('button', { name: 'Manage Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Portal Error' });
    expect(within(dialog).getByText('No billing portal URL returned')).toBeInTheDocument();
  });
});

describe('BillingPage: downgrade', () => {
  it('choosing Free downgrades, then reloads the billing data', async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 4));
    const { user, redirect } = renderBillingPage(world);
    await currentPlanCard();
    const statusReads = () => world.calls.filter((c) => c.name === 'getSubscriptionStatus').length;
    const readsBefore = statusReads();
    await user.click(within(planCard('Free')).getByRole('button', { name: 'Downgrade' }));
    await waitFor(() => {
      expect(within(planCard('Free')).getByText('Current Plan')).toBeInTheDocument();
    });
    expect(world.calls.map((c) => c.name)).toContain('downgradeToFree');
    expect(statusReads()).toBe(readsBefore + 1);
    const current = await currentPlanCard();
    expect(within(current).getByText('Free')).toBeInTheDocument();
    expect(within(current).getByText('active')).toBeInTheDocument();
    expect(within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it("a refusal shows the server's message in the Downgrade Error dialog", async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 4));
    world.failures.downgradeToFree = new CallableError('failed-precondition', 'Your subscription is already ending.');
    const { user } = renderBillingPage(world);
    await currentPlanCard();
    await user.click(within(planCard('Free')).getByRole('button', { name: 'Downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade Error' });
    expect(within(dialog).getByText('Your subscription is already ending.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(planCard('Free')).getByRole('button', { name: 'Downgrade' })).toBeEnabled();
  });

  it('a failure without a message shows the default Downgrade Error text', async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 4));
    world.failures.downgradeToFree = new Error('boom');
    const { user } = renderBillingPage(world);
    await currentPlanCard();
    await user.click(within(planCard('Free')).getByRole('button', { name: 'Downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade Error' });
    expect(within(dialog).getByText('Failed to downgrade to free plan. Please try again.')).toBeInTheDocument();
  });
});

describe('BillingPage: load failure', () => {
  it("shows the 'Error' dialog when the plans cannot be loaded, and Try again reloads", async () => {
    expectConsoleError(/^Could not load billing information CallableError: Service unavailable/);
    const world = billingWorld(NOW, trialSubscription(NOW, 4));
    world.failures.getSubscriptionPlans = new CallableError('unavailable', 'Service unavailable');
    const { user } = renderBillingPage(world);
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Failed to load billing information. Please try again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    delete world.failures.getSubscriptionPlans;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await currentPlanCard()).toBeInTheDocument();
    expect(planCard('Unlimited')).toBeInTheDocument();
  });
});

describe('BillingPage: Stripe.js (ENGINEERING.md §5)', () => {
  it('without a publishable key, says card checkout is unavailable and disables Upgrade', async () => {
    renderBillingPage(billingWorld(NOW, trialSubscription(NOW, 20)), 'no-key');
    await currentPlanCard();
    const note = await screen.findByText(CHECKOUT_NOTES['no-key']);
    const upgrade = within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' });
    expect(upgrade).toBeDisabled();
    expect(upgrade).toHaveAccessibleDescription(expect.stringContaining(note.textContent));
  });

  it('when the script cannot load, says so but keeps Upgrade (Checkout is a redirect)', async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 20));
    const { user, redirect } = renderBillingPage(world, 'failed');
    await currentPlanCard();
    expect(await screen.findByText(CHECKOUT_NOTES.failed)).toBeInTheDocument();
    await user.click(within(planCard('Unlimited')).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
    });
  });

  it('the key missing leaves downgrade and the portal working', async () => {
    renderBillingPage(billingWorld(NOW, trialSubscription(NOW, 4)), 'no-key');
    await currentPlanCard();
    await screen.findByText(CHECKOUT_NOTES['no-key']);
    expect(within(planCard('Free')).getByRole('button', { name: 'Downgrade' })).toBeEnabled();
    // 'Continue with this plan' pays for the trial plan: a checkout, so unavailable like Upgrade.
    expect(within(planCard('Unlimited')).getByRole('button', { name: 'Continue with this plan' })).toBeDisabled();
  });

  it('with Stripe.js loaded there is no note', async () => {
    renderBillingPage(billingWorld(NOW, trialSubscription(NOW, 20)));
    await currentPlanCard();
    await waitFor(() => {
      expect(screen.queryByText(CHECKOUT_NOTES.failed)).not.toBeInTheDocument();
    });
    expect(screen.queryByText(CHECKOUT_NOTES['no-key'])).not.toBeInTheDocument();
  });
});
