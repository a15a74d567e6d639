import type { BillingCallables, BillingPlan, PlanCatalogue, SubscriptionRecord, SubscriptionStatusResult } from '@keyloft/contract/billing';
import type { SubscriptionStatus } from '@keyloft/contract/subscription';
import { call } from './callables';
import { UnexpectedReplyError, type CallableInvoker } from './teamFunctions';

// The billing callables of SPEC.md §7 over `call`, implementing the BillingCallables contract of
// packages/contract/src/billing.ts. A refusal rejects with the server's CallableError (its message is what
// the §8 dialogs show); a reply of the wrong shape rejects with UnexpectedReplyError rather than
// handing the billing screens a half-read value. A missing url is not a wrong shape: §7 gives it
// its own message, so it is passed on as null for the screens to report.

type Row = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'canceled', 'past_due', 'incomplete', 'unpaid'];

function isStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isNumberOrNull(value: unknown): value is number | null {
  return value === null || isFiniteNumber(value);
}

function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

function readPlan(value: unknown): BillingPlan | null {
  if (!isRecord(value)) return null;
  const { id, name, price, currency, interval, trialDays, features, teamLimit } = value;
  if (typeof id !== 'string' || typeof name !== 'string' || !isFiniteNumber(price) || typeof currency !== 'string') return null;
  if (interval !== null && interval !== 'month' && interval !== 'year') return null;
  if (!isFiniteNumber(trialDays)) return null;
  if (typeof teamLimit !== 'number' || !Number.isInteger(teamLimit) || teamLimit < -1) return null;
  if (!Array.isArray(features) || !features.every((feature): feature is string => typeof feature === 'string')) return null;
  return { id, name, price, currency, interval, trialDays, features: [...features], teamLimit };
}

export function readPlanCatalogue(reply: unknown): PlanCatalogue {
  if (!isRecord(reply)) throw new UnexpectedReplyError('getSubscriptionPlans');
  const plans: Record<string, BillingPlan> = {};
  for (const [key, value] of Object.entries(reply)) {
    const plan = readPlan(value);
    if (plan === null || plan.id !== key) throw new UnexpectedReplyError('getSubscriptionPlans');
    plans[key] = plan;
  }
  return plans;
}

function readSubscription(value: unknown): SubscriptionRecord | null {
  if (!isRecord(value)) return null;
  const v = value;
  if (
    !isStringOrNull(v.id) ||
    !isStringOrNull(v.customerId) ||
    !isStatus(v.status) ||
    typeof v.planId !== 'string' ||
    typeof v.planName !== 'string' ||
    !isFiniteNumber(v.currentPeriodStart) ||
    !isFiniteNumber(v.currentPeriodEnd) ||
    typeof v.cancelAtPeriodEnd !== 'boolean' ||
    !isNumberOrNull(v.trialStart) ||
    !isNumberOrNull(v.trialEnd) ||
    typeof v.isFreeTrialOnly !== 'boolean' ||
    !isFiniteNumber(v.updatedAt)
  ) {
    return null;
  }
  return {
    id: v.id,
    customerId: v.customerId,
    status: v.status,
    planId: v.planId,
    planName: v.planName,
    currentPeriodStart: v.currentPeriodStart,
    currentPeriodEnd: v.currentPeriodEnd,
    cancelAtPeriodEnd: v.cancelAtPeriodEnd,
    trialStart: v.trialStart,
    trialEnd: v.trialEnd,
    isFreeTrialOnly: v.isFreeTrialOnly,
    updatedAt: v.updatedAt,
  };
}

export function readSubscriptionStatus(reply: unknown): SubscriptionStatusResult {
  if (!isRecord(reply)) throw new UnexpectedReplyError('getSubscriptionStatus');
  const subscription = readSubscription(reply.subscription);
  const plan = readPlan(reply.plan);
  if (subscription === null || plan === null || typeof reply.isInTrial !== 'boolean' || !isFiniteNumber(reply.trialDaysLeft)) {
    throw new UnexpectedReplyError('getSubscriptionStatus');
  }
  return { subscription, plan, isInTrial: reply.isInTrial, trialDaysLeft: reply.trialDaysLeft };
}

function readUrl(name: string, reply: unknown): { url: string | null } {
  if (!isRecord(reply)) throw new UnexpectedReplyError(name);
  const { url } = reply;
  if (url === undefined || url === null || url === '') return { url: null };
  if (typeof url !== 'string') throw new UnexpectedReplyError(name);
  // Only ever send the browser to an https page (the payment provider's), never to a javascript:
  // or other scheme a tampered reply could carry.
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnexpectedReplyError(name);
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopback(parsed.hostname))) {
    throw new UnexpectedReplyError(name);
  }
  return { url };
}

/** The local Stripe-compatible server of the test tiers answers on plain http. */
function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

export function createBillingFunctions(invoke: CallableInvoker = call): BillingCallables {
  return {
    getSubscriptionPlans: async (payload) => readPlanCatalogue(await invoke('getSubscriptionPlans', payload)),
    getSubscriptionStatus: async (payload) => readSubscriptionStatus(await invoke('getSubscriptionStatus', payload)),
    createCheckoutSession: async (payload) => readUrl('createCheckoutSession', await invoke('createCheckoutSession', payload)),
    createBillingPortalSession: async (payload) => readUrl('createBillingPortalSession', await invoke('createBillingPortalSession', payload)),
    downgradeToFree: async (payload) => {
      await invoke('downgradeToFree', payload);
      return { success: true };
    },
  };
}
