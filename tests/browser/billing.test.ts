// Billing in Chromium on the production build, the emulators and the fake Stripe server
// (tests/support/fakeStripe/, run beside the Functions emulator by scripts/with-emulators.mjs):
// the upgrade through the fake's Checkout and the real stripeWebhook, the portal, a cancel, and a
// user whose trial has ended. Stripe's own pages are not reachable here: the test does from Node
// what Stripe would do (the payment, the signed webhook event, the redirect to the success URL).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { addDoc, collection } from 'firebase/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readConfig } from '../../src/data/config';
import { createFirebaseServices } from '../../src/data/firebase/services';
import { MS_PER_DAY, newTrialSubscription } from '@keyloft/contract/trial';
import { createAccount, signInWithPassword, uniqueEmail } from '../support/authEmulator';
import { FAKE_STRIPE, idFromUrl, portalSession } from '../support/fakeStripe/client';
import { checkoutSessionObject } from '../support/fakeStripe/webhook';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { ACCOUNT_PASSWORD, onBaseUrl, reloadAndUnlock, signUpToEmptyVault, unlockHere } from './journeys';

const baseUrl = inject('baseUrl');
process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';

function db() {
  const app = getApps().find((candidate) => candidate.name === 'billing-browser') ?? initializeApp({ projectId: 'demo-keyloft' }, 'billing-browser');
  return getFirestore(app);
}

useChromium();

/**
 * Stripe.js cannot load on this machine (no internet); the page says so and carries on. The fake
 * Stripe server's pages have no favicon (a 404 Chromium logs): not the app's.
 */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('js.stripe.com') && !error.includes(`${FAKE_STRIPE}/`));

const currentPlan = (page: Page) => page.getByRole('region', { name: 'Current Plan' });
const planCard = (page: Page, name: string) => page.getByRole('article', { name });

async function openBilling(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Billing & Subscriptions' }).waitFor({ timeout: 15_000 });
}

/** A personal entry as the vault writes it: sealed username and password (IV + ciphertext + tag). */
function personalEntry(uid: string) {
  const sealed = Buffer.from(crypto.getRandomValues(new Uint8Array(12 + 16 + 16))).toString('base64');
  const now = Date.now();
  return { title: 'Direct write', username: sealed, password: sealed, teamId: null, userId: uid, groupId: null, encrypted: true, revision: 1, createdAt: now, updatedAt: now };
}

/** The Firebase SDK signed in as `email`, as a script in the user's browser would be. */
async function sdkFor(email: string, label: string) {
  const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
  const services = createFirebaseServices(config, `billing-browser-${label}-${crypto.randomUUID()}`);
  await signInWithEmailAndPassword(await services.auth(), email, ACCOUNT_PASSWORD);
  return services.firestore();
}

/** Where Stripe sends the browser back to: APP_URL of functions/.env.demo-keyloft, the dev server's address. */
const DEV_APP_URL = 'http://127.0.0.1:5173';

/** This tier serves the build elsewhere: addresses on APP_URL are sent to it, as the dev server would serve them. */
async function appUrlToThisBuild(page: Page): Promise<void> {
  await page.route(`${DEV_APP_URL}/**`, (route) => route.fulfill({ status: 302, headers: { location: onBaseUrl(route.request().url(), baseUrl) } }));
  // A navigation that reaches APP_URL by another site's redirect (Checkout's Pay, the portal's
  // return) is not always handed to page.route (Debian's Chromium 156.0.8078.108 fails it instead):
  // follow it to this build, as the dev server would have served it.
  page.on('requestfailed', (request) => {
    if (!request.isNavigationRequest() || !request.url().startsWith(`${DEV_APP_URL}/`)) return;
    const target = onBaseUrl(request.url(), baseUrl);
    void (async () => {
      // The browser's own error page may interrupt the first try; the test's next wait fails if all do.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        try {
          await page.goto(target);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    })();
  });
}

describe('Billing in Chromium', () => {
  it('a trial user moves to Free, upgrades through Checkout and the webhook, opens the portal, and cancels', async () => {
    const { page, errors } = await openPage();
    await appUrlToThisBuild(page);
    const email = await signUpToEmptyVault(page, baseUrl, 'billing-upgrade');
    const { localId: uid } = await signInWithPassword(email, ACCOUNT_PASSWORD);
    // Sign-up finishes (the verification email) before the user goes anywhere else: a click on
    // Billing earlier was followed by the sign-up's own move to the dashboard.
    await page.getByText('Verification email sent!').waitFor({ timeout: 15_000 });

    await openBilling(page);
    await currentPlan(page)
      .getByText('Trial Mode')
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        throw new Error(`no 'Trial Mode': ${String(error)}\n--- page: ${await page.locator('body').innerText()}\n--- errors: ${errors.join(' | ')}`);
      });
    await planCard(page, 'Unlimited').getByText('Free Trial - 14 days left').waitFor();
    // SPEC.md §4: a trial-only user's own plan offers 'Continue with this plan' (which starts its
    // checkout; the component tier covers that). This journey ends the trial first (Downgrade on
    // the free card), then upgrades from Free.
    await planCard(page, 'Unlimited').getByRole('button', { name: 'Continue with this plan' }).waitFor();
    await planCard(page, 'Free').getByRole('button', { name: 'Downgrade' }).click();
    await planCard(page, 'Free').getByText('Current Plan').waitFor({ timeout: 15_000 });

    // Upgrade: the browser goes to the Checkout URL the callable got from the fake Stripe server.
    const upgrade = planCard(page, 'Unlimited').getByRole('button', { name: 'Upgrade' });
    expect(await upgrade.isEnabled()).toBe(true);
    await upgrade.click();
    await page.waitForURL(new RegExp(`^${FAKE_STRIPE}/checkout/cs_test_\\w+$`), { timeout: 15_000 });
    const sessionId = idFromUrl(page.url());

    // Pay on the fake's Checkout page: it completes the session, sends the signed
    // checkout.session.completed to the emulated stripeWebhook, and redirects to the success URL
    // (on APP_URL, which the route above points at this build).
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(new RegExp(`/billing/success\\?session_id=${sessionId}$`), { timeout: 20_000 });
    expect(await checkoutSessionObject(sessionId)).toMatchObject({ status: 'complete', client_reference_id: uid });
    // Back from Stripe the page has loaded anew: the lock screen first, then the page it stood in for.
    await unlockHere(page);
    expect(page.url()).toMatch(new RegExp(`/billing/success\\?session_id=${sessionId}$`));
    await page.getByRole('heading', { name: 'Subscription active' }).waitFor({ timeout: 20_000 });
    await page.getByText('Your Unlimited plan is now active. Thank you!').waitFor();

    await page.getByRole('link', { name: 'Go to Billing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Billing & Subscriptions' }).waitFor({ timeout: 15_000 });
    await currentPlan(page).getByText('Renews on').waitFor({ timeout: 15_000 });
    await currentPlan(page).getByText('Unlimited', { exact: true }).waitFor();
    await currentPlan(page).getByText('active', { exact: true }).waitFor();
    await planCard(page, 'Unlimited').getByText('Current Plan').waitFor();
    expect(await planCard(page, 'Free').count()).toBe(0);

    // Manage Billing: the portal session the callable got from the fake, for this user's customer.
    await currentPlan(page).getByRole('button', { name: 'Manage Billing' }).click();
    await page.waitForURL(new RegExp(`^${FAKE_STRIPE}/portal/bps_\\w+$`), { timeout: 15_000 });
    const portal = await portalSession(idFromUrl(page.url()));
    const subscription = (await db().collection('users').doc(uid).get()).get('subscription') as { id: string; customerId: string };
    expect(portal).toMatchObject({ customer: subscription.customerId });
    expect(String(portal.return_url)).toMatch(/\/billing$/);

    // The customer cancels in the portal (the fake sets cancel_at_period_end and sends
    // customer.subscription.updated) and returns to Billing, which says it cancels.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Renew subscription' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Return to Keyloft' }).click();
    await unlockHere(page);
    await currentPlan(page).getByText('Cancels on').waitFor({ timeout: 15_000 });
    expect(await currentPlan(page).getByText('Renews on').count()).toBe(0);

    expectNoPageErrors(unexpected(errors));
    await page.context().close();
  }, 120_000);

  it("a user whose trial has ended sees 'Upgrade to Access' over personal passwords", async () => {
    const { page, errors } = await openPage();
    const email = await signUpToEmptyVault(page, baseUrl, 'billing-expired');
    const { localId: uid } = await signInWithPassword(email, ACCOUNT_PASSWORD);
    expect(await page.getByRole('heading', { name: 'Upgrade to Access' }).count()).toBe(0);

    await db()
      .collection('users')
      .doc(uid)
      .update({ subscription: newTrialSubscription(Date.now() - 15 * MS_PER_DAY) });
    await reloadAndUnlock(page);
    await page.getByRole('heading', { name: 'Upgrade to Access' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'View plans' }).click();
    await page.getByRole('heading', { level: 1, name: 'Billing & Subscriptions' }).waitFor({ timeout: 15_000 });
    await planCard(page, 'Free').getByText('Current Plan').waitFor({ timeout: 15_000 });
    await planCard(page, 'Unlimited').getByRole('button', { name: 'Upgrade' }).waitFor();

    expectNoPageErrors(unexpected(errors));
    await page.context().close();
  }, 90_000);

  // The plan limit is enforced by firestore.rules, not only hidden by the overlay (docs/rules.md).
  it('the rules refuse a personal entry written through the SDK once the trial has ended (and allow it during the trial)', async () => {
    const email = uniqueEmail('billing-expired-sdk');
    const { localId: uid } = await createAccount(email, ACCOUNT_PASSWORD);
    await db()
      .collection('users')
      .doc(uid)
      .set({ email, publicKey: `SPKI-${uid}`, teamIds: [], pendingTeamKeys: {}, subscription: newTrialSubscription(Date.now()) });
    const firestore = await sdkFor(email, 'sdk');
    await expect(addDoc(collection(firestore, 'passwords'), personalEntry(uid))).resolves.toBeDefined();

    await db()
      .collection('users')
      .doc(uid)
      .update({ subscription: newTrialSubscription(Date.now() - 15 * MS_PER_DAY) });
    await expect(addDoc(collection(firestore, 'passwords'), personalEntry(uid))).rejects.toMatchObject({ code: 'permission-denied' });
  }, 30_000);
});
