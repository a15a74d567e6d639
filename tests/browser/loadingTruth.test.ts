// Issue #43 item 0 in Chromium: after Unlock, a vault that has items never says it has none. A
// user with 1,000 personal entries and a team with a few signs in, then unlocks with no device
// copy (read from the server) and again after a reload (read from the device copy), at 1280 × 800
// and 390 × 844. A MutationObserver installed before each page's first script records, through
// the whole load, whether 'No passwords yet…' was ever in the document, every All items count
// the sidebar showed, and that the page said it was loading meanwhile (so the watch saw the load).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seed, userKeys } from '../../bench/browserSeed';
import { seedTeams, type SeededTeam } from '../../bench/teamSeed';
import { signInWithPassword } from '../support/authEmulator';
import { db } from '../emulator/teams/support';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { deleteDeviceCopy, waitForWholeCopy } from './deviceCopyInPage';
import { ACCOUNT_PASSWORD, MASTER_PASSWORD, signUpToEmptyVault, submitSignIn } from './journeys';
import { PHONE } from './layout';

const baseUrl = inject('baseUrl');
useChromium();

const PERSONAL = 1_000;
const TEAM_ENTRIES = 5;
const TOTAL = PERSONAL + TEAM_ENTRIES;
const EMPTY = 'No passwords yet. Add your first password!';
const LOAD_TIMEOUT_MS = 120_000;

/** What the page's watch saw since the page started. */
interface Seen {
  /** The empty state's text was in the document at some point. */
  empty: boolean;
  /** The page said it was loading (a 'Loading your passwords…' status, or a busy list). */
  loading: boolean;
  /** Each All items count the sidebar showed, in order (a change of it recorded once). */
  totals: string[];
}

/** Installed before the page's first script: records what `Seen` says, on every change of the document. */
function watchLoad(empty: string): void {
  const seen: Seen = { empty: false, loading: false, totals: [] };
  (window as unknown as { __seen: Seen }).__seen = seen;
  const check = () => {
    // Before the body exists (the first script runs on an empty document) there is nothing to read.
    if ((document.body as HTMLElement | null)?.textContent.includes(empty) === true) seen.empty = true;
    const busy = document.querySelector('[aria-busy="true"]') !== null;
    if (busy || [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent.startsWith('Loading your passwords'))) seen.loading = true;
    const allItems = [...document.querySelectorAll('nav[aria-label="Vaults"] button')].find((node) => node.textContent.startsWith('All items'));
    const total = allItems?.textContent.slice('All items'.length).trim() ?? '';
    if (total !== '' && seen.totals.at(-1) !== total) seen.totals.push(total);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** Waits until All items lists every entry, says no more that it is loading, and counts them all. */
async function settled(page: Page, errors: readonly string[], requests: ServerRequests): Promise<Seen> {
  await waitForSettled(page).catch(async (error: unknown) => {
    throw new Error(
      `${String(error)}\nThe page showed: ${await describeLoad(page)}\nIts errors: ${JSON.stringify(errors)}\nIts requests to the Firestore emulator still open: ${requests.open()}`,
    );
  });
  return page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
}

/** The page's requests to the Firestore emulator that have not finished, for the failure message. */
interface ServerRequests {
  open(): string;
}

/** A request's path and, for the listen channel, how it is carried (TYPE, CI: streaming or long polling). */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  const kept = ['TYPE', 'CI', 'RID', 'AID'].map((name) => [name, parsed.searchParams.get(name)] as const).filter(([, value]) => value !== null);
  return `${parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1)} ${kept.map(([name, value]) => `${name}=${String(value)}`).join('&')}`;
}

function watchServerRequests(page: Page): ServerRequests {
  const open = new Map<object, { url: string; since: number }>();
  const ended: string[] = [];
  const started = Date.now();
  const at = () => `${String(Math.round((Date.now() - started) / 100) / 10)} s`;
  page.on('request', (request) => {
    if (request.url().includes(':8080/')) open.set(request, { url: `${request.method()} ${describeUrl(request.url())}`, since: Date.now() });
  });
  page.on('requestfinished', (request) => {
    const seen = open.get(request);
    if (seen === undefined) return;
    open.delete(request);
    const when = at();
    request.response().then(
      (response) => ended.push(`${when} ${String(response?.status())} ${seen.url}`),
      () => ended.push(`${when} finished ${seen.url}`),
    );
  });
  page.on('requestfailed', (request) => {
    const seen = open.get(request);
    if (seen === undefined) return;
    open.delete(request);
    ended.push(`${at()} failed (${request.failure()?.errorText ?? '?'}) ${seen.url}`);
  });
  return {
    open: () =>
      JSON.stringify({
        open: [...open.values()].map(({ url, since }) => `${String(Math.round((Date.now() - since) / 1000))} s: ${url}`),
        ended: ended.slice(-40),
      }),
  };
}

/** What a load that did not settle left on the page, for the failure message. */
async function describeLoad(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const row = document.querySelector('[aria-label="All items"] li');
      const said = (selector: string) => [...document.querySelectorAll(selector)].map((node) => node.textContent.trim()).filter((text) => text !== '');
      return JSON.stringify({
        url: location.pathname,
        setsize: row?.getAttribute('aria-setsize') ?? null,
        statuses: said('[role="status"]'),
        alerts: said('[role="alert"]'),
        seen: (window as unknown as { __seen: Seen }).__seen,
        headings: said('h1, h2'),
      });
    })
    .catch((error: unknown) => `(could not read the page: ${String(error)})`);
}

async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    (total) => {
      const row = document.querySelector('[aria-label="All items"] li');
      const loading = [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent.startsWith('Loading your passwords'));
      const { totals } = (window as unknown as { __seen: Seen }).__seen;
      return row?.getAttribute('aria-setsize') === String(total) && !loading && totals.at(-1) === String(total);
    },
    TOTAL,
    { timeout: LOAD_TIMEOUT_MS, polling: 100 },
  );
}

/** The same account's tab, locked (a reload, or a new page load): the master password, then Unlock. */
async function unlockHere(page: Page): Promise<void> {
  const field = page.getByLabel('Master password', { exact: true });
  await field.waitFor({ timeout: 30_000 });
  await field.fill(MASTER_PASSWORD);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
}

function expectTruthful(seen: Seen, how: string): void {
  expect(seen.loading, `${how}: the watch saw the load`).toBe(true);
  expect(seen.empty, `${how}: '${EMPTY}' was shown`).toBe(false);
  // Only the complete count, never a part of it.
  expect(seen.totals, `${how}: the All items counts shown`).toEqual([String(TOTAL)]);
}

let email = '';
let uid = '';
let team: SeededTeam | undefined;

beforeAll(async () => {
  const { page } = await openPage();
  email = await signUpToEmptyVault(page, baseUrl, 'loading-truth');
  await page.context().close();
  const { localId, idToken } = await signInWithPassword(email, ACCOUNT_PASSWORD);
  uid = localId;
  // Written as an import would, in batches (bench/browserSeed.ts), not through the form one by one.
  await seed(db(), uid, PERSONAL);
  const { publicKey } = await userKeys(db(), uid);
  [team] = await seedTeams(db(), { uid, idToken, publicKey }, 1, TEAM_ENTRIES);
}, 240_000);

describe('after Unlock, a vault with items never says it has none', () => {
  it.each([
    ['1280 × 800', { width: 1280, height: 800 }],
    ['390 × 844', PHONE],
  ] as const)('at %s, from the server and from the device copy, through the whole load', async (_size, viewport) => {
    const { page, errors } = await openPage();
    const requests = watchServerRequests(page);
    await page.setViewportSize(viewport);
    // Should the transform keep function names, it wraps them in a helper the page lacks.
    await page.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
    await page.addInitScript(watchLoad, EMPTY);
    // A new browser: signing in reads every vault from the server (and fills the device copy).
    await submitSignIn(page, baseUrl, email);
    expectTruthful(await settled(page, errors, requests), 'signed in on a new browser');

    // Unlock with no device copy: every vault from the server.
    expect(await deleteDeviceCopy(page, baseUrl)).toBe('deleted');
    await page.goto(`${baseUrl}/dashboard`);
    await unlockHere(page);
    expectTruthful(await settled(page, errors, requests), 'unlocked with no device copy');

    // Unlock again once the copy holds both vaults whole: they open from it.
    await waitForWholeCopy(page, [`entries:personal:${uid}`, `entries:team:${team?.teamId ?? ''}`], LOAD_TIMEOUT_MS);
    await page.reload();
    await unlockHere(page);
    expectTruthful(await settled(page, errors, requests), 'unlocked from the device copy');

    expectNoPageErrors(errors);
    await page.context().close();
  }, 420_000);
});
