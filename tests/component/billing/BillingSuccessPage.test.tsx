import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '@keyloft/contract/billing';
import { BillingSuccessPage } from '../../../src/features/billing/BillingSuccessPage';
import { billingWorld, fakeBillingService, paidSubscription, trialSubscription, type BillingWorld } from '../../doubles/fakeBillingCallables';
import { NOW } from './billingHarness';
import { expectConsoleError } from '../../support/consoleErrors';

function renderSuccessPage(world: BillingWorld, path = '/billing/success?session_id=cs_test_a1B2') {
  const service = fakeBillingService(world);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/billing/success" element={<BillingSuccessPage service={service} now={() => world.now} />} />
        <Route path="/billing" element={<h1>Billing page</h1>} />
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const statusReads = (world: BillingWorld) => world.calls.filter((c) => c.name === 'getSubscriptionStatus').length;

function h1(): string {
  return screen.getByRole('heading', { level: 1 }).textContent;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('BillingSuccessPage (SPEC.md §2, §8, §9)', () => {
  it("without a session_id says 'No session ID found', reads nothing, and offers both ways out", async () => {
    const world = billingWorld(NOW, paidSubscription(NOW));
    renderSuccessPage(world, '/billing/success');
    expect(screen.getByRole('alert')).toHaveTextContent(BILLING_MESSAGES.noSessionId);
    expect(screen.getByRole('link', { name: 'Go to Billing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    await advance(20_000);
    expect(statusReads(world)).toBe(0);
  });

  it('treats a session_id that is not a Checkout session id as missing', () => {
    renderSuccessPage(billingWorld(NOW, paidSubscription(NOW)), '/billing/success?session_id=%7BCHECKOUT_SESSION_ID%7D');
    expect(screen.getByRole('alert')).toHaveTextContent(BILLING_MESSAGES.noSessionId);
  });

  it('is processing, reads the status after 2 s, then shows the plan as active', async () => {
    const world = billingWorld(NOW, paidSubscription(NOW));
    renderSuccessPage(world);
    expect(h1()).toBe('Processing your subscription…');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait while we confirm your payment.');
    await advance(1_999);
    expect(statusReads(world)).toBe(0);
    await advance(1);
    expect(statusReads(world)).toBe(1);
    expect(h1()).toBe('Subscription active');
    expect(screen.getByRole('status')).toHaveTextContent('Your Unlimited plan is now active.');
    fireEvent.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(h1()).toBe('Dashboard page');
  });

  it('reads again while the webhook is slow, and succeeds when the subscription arrives', async () => {
    const world = billingWorld(NOW, paidSubscription(NOW));
    // Still the trial on the first two reads: the webhook has not written the paid subscription.
    world.upcoming = [trialSubscription(NOW, 4), trialSubscription(NOW, 4)];
    renderSuccessPage(world);
    await advance(2_000);
    expect(h1()).toBe('Processing your subscription…');
    await advance(2_000);
    expect(h1()).toBe('Processing your subscription…');
    await advance(3_000);
    expect(statusReads(world)).toBe(3);
    expect(h1()).toBe('Subscription active');
  });

  it('gives up after the last read with the processing-failure message; Go to Billing goes to billing', async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 4));
    renderSuccessPage(world);
    await advance(2_000 + 2_000 + 3_000);
    expect(h1()).toBe('Processing your subscription…');
    await advance(5_000);
    expect(statusReads(world)).toBe(4);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was an issue processing your subscription. Please contact support if this continues.',
    );
    await advance(60_000);
    expect(statusReads(world)).toBe(4);
    fireEvent.click(screen.getByRole('link', { name: 'Go to Billing' }));
    expect(h1()).toBe('Billing page');
  });

  it('a status that cannot be read counts as not yet, and ends in the failure; Go to Dashboard goes home', async () => {
    const world = billingWorld(NOW, paidSubscription(NOW));
    world.failures.getSubscriptionStatus = new Error('offline');
    expectConsoleError(/^Could not read the subscription; the free plan is assumed Error: offline/);
    renderSuccessPage(world);
    await advance(12_000);
    expect(screen.getByRole('alert')).toHaveTextContent(BILLING_MESSAGES.processingFailed);
    fireEvent.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(h1()).toBe('Dashboard page');
    vi.restoreAllMocks();
  });

  it('stops reading when the page is left', async () => {
    const world = billingWorld(NOW, trialSubscription(NOW, 4));
    const { unmount } = renderSuccessPage(world);
    await advance(2_000);
    unmount();
    await advance(60_000);
    expect(statusReads(world)).toBe(1);
  });
});
