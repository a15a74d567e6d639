// Ending an account's billing (docs/account-deletion.md, "Billing"): which Stripe subscriptions
// deleteAccount cancels. Pure; cancelSubscriptions.ts asks Stripe and applies the answer.

/** A subscription as Stripe reports it: its id and Stripe's own status string. */
export interface StripeSubscriptionState {
  readonly id: string;
  readonly status: string;
}

/** Stripe's statuses after which a subscription never bills again: cancelling it is already done. */
const ENDED: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

export function isEnded(status: string): boolean {
  return ENDED.has(status);
}

/**
 * The subscriptions to cancel now: every one Stripe knows of for the account (the customer's, and
 * the one the user record names) that has not ended. A subscription the record names but Stripe
 * does not know is not listed here: there is nothing left to bill.
 */
export function subscriptionsToCancel(known: readonly StripeSubscriptionState[]): string[] {
  return [...new Set(known.filter((sub) => !isEnded(sub.status)).map((sub) => sub.id))].sort();
}

/**
 * The ids the user record names that the customer's list did not include (a customer since
 * replaced, or a list Stripe could not give): each is looked up on its own.
 */
export function subscriptionsToLookUp(recorded: string | null, listed: readonly StripeSubscriptionState[]): string[] {
  return recorded === null || listed.some((sub) => sub.id === recorded) ? [] : [recorded];
}

/**
 * Whether a Stripe error means the object is gone (`resource_missing`): a customer or subscription
 * that no longer exists bills nothing, so the step counts as done. Anything else fails the step,
 * and the deletion with it, before any data goes: the next call tries again.
 */
export function isStripeMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'resource_missing';
}

/**
 * What cancelling does, as the confirmation screen says it: at once, not at the end of the period
 * paid for, and with no proration (Stripe's `prorate: false`: no credit or refund for the unused
 * days; an account that is gone could not use a credit).
 */
export const CANCEL_PARAMS = { prorate: false, invoice_now: false } as const;
