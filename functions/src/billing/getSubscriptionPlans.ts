import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import type { PlanCatalogue } from '@keyloft/contract/billing';
import { requireObject } from '../lib/callable';
import { PLAN_CATALOGUE } from './plans';

// SPEC.md §7 getSubscriptionPlans (timestamp) → plan id → plan. No sign-in needed: the catalogue
// is public (the same for everyone, no price ids in it), and pricing may be shown before sign-up.
// The timestamp only defeats caches and is not read.

export function handleGetSubscriptionPlans(request: Pick<CallableRequest, 'data'>): PlanCatalogue {
  requireObject(request.data);
  return PLAN_CATALOGUE;
}

export const getSubscriptionPlans = onCall((request) => handleGetSubscriptionPlans(request));
