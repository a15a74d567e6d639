import { BILLING_MESSAGES, type BillingCallables, type BillingPlan } from '@keyloft/contract/billing';
import { FALLBACK_SUBSCRIPTION, type SubscriptionLike } from '@keyloft/contract/subscription';

// What the billing screens need, over the billing callables (SPEC.md §7). Component tests pass a
// fake of BillingService; the app composes the real one in src/app/App.tsx.

/** The user's subscription as the billing screens read it. */
export interface CurrentSubscription {
  readonly subscription: SubscriptionLike;
  /** Whether the user has a payment-provider customer, so 'Manage Billing' can open the portal. */
  readonly hasCustomer: boolean;
  /** getSubscriptionStatus failed and the free plan (active) is assumed (SPEC.md §4). */
  readonly assumed: boolean;
}

export interface BillingData {
  /** Every plan of the catalogue, cheapest first. */
  readonly plans: readonly BillingPlan[];
  readonly current: CurrentSubscription;
}

/** Whether card checkout can be offered: see docs/billing-ui.md. */
export type CheckoutAvailability = 'ready' | 'no-key' | 'failed';

export interface BillingService {
  /** The plans and the subscription. Rejects only when the plans cannot be read. */
  load(): Promise<BillingData>;
  /** The subscription alone; never rejects (falls back to free, active). */
  loadStatus(): Promise<CurrentSubscription>;
  /** Starts a checkout session for `planId`; resolves with the page to send the browser to. */
  startCheckout(planId: string): Promise<string>;
  /** Opens a billing portal session; resolves with its page. */
  openPortal(): Promise<string>;
  /** Moves the user to the free plan. */
  downgrade(): Promise<void>;
  /** Loads Stripe.js (once) and says whether card checkout is offered. Never rejects. */
  checkoutAvailability(): Promise<CheckoutAvailability>;
}

/** A callable answered without the url the browser needs (SPEC.md §7); its message is shown as is. */
export class MissingUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingUrlError';
  }
}

export const ASSUMED_FREE: CurrentSubscription = Object.freeze({ subscription: FALLBACK_SUBSCRIPTION, hasCustomer: false, assumed: true });

export function sortPlans(catalogue: Readonly<Record<string, BillingPlan>>): BillingPlan[] {
  return Object.values(catalogue).sort((a, b) => a.price - b.price || a.id.localeCompare(b.id));
}

export interface BillingServiceDeps {
  readonly callables: BillingCallables;
  readonly checkoutAvailability: () => Promise<CheckoutAvailability>;
  readonly now?: () => number;
}

export function createBillingService({ callables, checkoutAvailability, now = Date.now }: BillingServiceDeps): BillingService {
  const loadStatus = async (): Promise<CurrentSubscription> => {
    try {
      const { subscription } = await callables.getSubscriptionStatus({});
      return { subscription, hasCustomer: subscription.customerId !== null, assumed: false };
    } catch (error) {
      console.error('Could not read the subscription; the free plan is assumed', error);
      return ASSUMED_FREE;
    }
  };
  return {
    load: async () => {
      const [catalogue, current] = await Promise.all([callables.getSubscriptionPlans({ timestamp: now() }), loadStatus()]);
      return { plans: sortPlans(catalogue), current };
    },
    loadStatus,
    startCheckout: async (planId) => {
      const { url } = await callables.createCheckoutSession({ planId });
      if (url === null) throw new MissingUrlError(BILLING_MESSAGES.noCheckoutUrl);
      return url;
    },
    openPortal: async () => {
      const { url } = await callables.createBillingPortalSession({});
      if (url === null) throw new MissingUrlError(BILLING_MESSAGES.noPortalUrl);
      return url;
    },
    downgrade: async () => {
      await callables.downgradeToFree({});
    },
    checkoutAvailability,
  };
}
