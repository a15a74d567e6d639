import type { BillingCallables } from '@keyloft/contract/billing';
import { planCatalogueReply, sessionUrlReply, subscriptionStatusReply } from '@keyloft/contract/callables/billing';
import { call } from './callables';
import { readReply, type CallableInvoker } from './reply';

// The billing callables of SPEC.md §7 over `call`, implementing the BillingCallables contract of
// src/domain/billing.ts. A refusal rejects with the server's CallableError (its message is what
// the §8 dialogs show); each reply is read with its schema (src/domain/callables/billing.ts), a
// wrong shape rejecting with UnexpectedReplyError rather than handing the billing screens a
// half-read value. A missing url is not a wrong shape: the schema passes it on as null.

export function createBillingFunctions(invoke: CallableInvoker = call): BillingCallables {
  return {
    getSubscriptionPlans: async (payload) => readReply('getSubscriptionPlans', planCatalogueReply, await invoke('getSubscriptionPlans', payload)),
    getSubscriptionStatus: async (payload) => readReply('getSubscriptionStatus', subscriptionStatusReply, await invoke('getSubscriptionStatus', payload)),
    createCheckoutSession: async (payload) => readReply('createCheckoutSession', sessionUrlReply, await invoke('createCheckoutSession', payload)),
    createBillingPortalSession: async (payload) =>
      readReply('createBillingPortalSession', sessionUrlReply, await invoke('createBillingPortalSession', payload)),
    downgradeToFree: async (payload) => {
      await invoke('downgradeToFree', payload);
      return { success: true };
    },
  };
}
