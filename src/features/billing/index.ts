// The billing feature's public surface for src/app. The billing pages and the service are code-split
// seams the app loads lazily by their module paths (AppRoutes, App), so only their types are here.
export type { BillingService } from './billingService';
export { planOf } from './plan';
