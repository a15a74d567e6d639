// Stripe.js, loaded on the billing screens only and never at import: the `/pure` entry injects
// <script src="https://js.stripe.com/endive/stripe.js"> on the first call, not when the module is
// evaluated. The script's API version is pinned by the release train of the exact
// @stripe/stripe-js version in package.json ('endive', the train of the functions' pinned
// STRIPE_API_VERSION). Checkout is a redirect to Stripe's hosted page, so nothing here is needed
// to pay; the script is loaded for Stripe's fraud signals and to tell whether the browser can
// reach Stripe at all (docs/billing-ui.md).

/** How long the billing page waits for the script before calling it unavailable. */
export const STRIPE_JS_TIMEOUT_MS = 10_000;

export type StripeJsState = 'ready' | 'no-key' | 'failed';

type Loader = (publishableKey: string) => Promise<unknown>;

async function defaultLoader(publishableKey: string): Promise<unknown> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
}

let inFlight: Promise<StripeJsState> | undefined;

/**
 * Loads Stripe.js once per page with the build's publishable key. Never rejects: 'no-key' when the
 * build has no key, 'failed' when the script cannot load (offline, blocked) or takes too long.
 */
export function loadStripeJs(
  publishableKey: string | null,
  { loader = defaultLoader, timeoutMs = STRIPE_JS_TIMEOUT_MS }: { loader?: Loader; timeoutMs?: number } = {},
): Promise<StripeJsState> {
  if (publishableKey === null) return Promise.resolve('no-key');
  inFlight ??= new Promise<StripeJsState>((resolve) => {
    const timer = setTimeout(() => {
      resolve('failed');
    }, timeoutMs);
    loader(publishableKey).then(
      (stripe) => {
        clearTimeout(timer);
        resolve(stripe === null ? 'failed' : 'ready');
      },
      (error: unknown) => {
        clearTimeout(timer);
        console.warn('Stripe.js could not be loaded', error);
        resolve('failed');
      },
    );
  }).then((state) => {
    // A failed load may be retried on the next visit to a billing screen.
    if (state !== 'ready') inFlight = undefined;
    return state;
  });
  return inFlight;
}
