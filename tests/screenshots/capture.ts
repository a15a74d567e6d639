// `npm run screenshots`: the README's screenshots (docs/screenshots/), made against the app that
// `npm start` serves, never by hand. In Debian's Chromium it signs up a new demo user through the
// app (the vault key is made in the browser, so the master password is set there), adds the demo
// entries of demoVault.ts, a group or two and a team, then saves:
//   vault.png         1280 × 800, All items with an entry opened (its one-time code shown)
//   lock-screen.png   1280 × 800, what a reload shows
//   phone-vault.png   390 × 844, All items
//   phone-item.png    390 × 844, the entry opened
// Each run makes a new demo account (a fresh address) and overwrites the four files.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium';
import { DEMO_GROUPS, DEMO_TEAM, OPENED_ENTRY, PERSONAL_ENTRIES, TEAM_ENTRIES } from './demoVault';
import {
  addEntry,
  createGroup,
  createTeam,
  dismissBanners,
  openAllItems,
  openItem,
  openPersonalPasswords,
  openTeam,
  shoot,
  showOneTimeCode,
  signUp,
  unlock,
  waitForLockScreen,
  waitForRows,
} from './steps';

const APP_URL = (process.env.KEYLOFT_APP_URL ?? 'http://127.0.0.1:5173').replace(/\/$/, '');
const OUT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
const ALL_TITLES = [...PERSONAL_ENTRIES, ...TEAM_ENTRIES].map((entry) => entry.title);

/** The Auth emulator's origin, from firebase.json (the app signs up there). */
function authEmulatorOrigin(): string {
  const { emulators } = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as {
    emulators: { auth?: { host?: string; port?: number } };
  };
  return `http://${emulators.auth?.host ?? '127.0.0.1'}:${emulators.auth?.port ?? 9099}`;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

/** Stops with one line naming `npm start` when the app or its emulators do not answer. */
async function requireRunningApp(): Promise<void> {
  const auth = authEmulatorOrigin();
  for (const [url, what] of [[`${APP_URL}/`, 'app'], [`${auth}/`, 'Auth emulator']] as const) {
    if (!(await answers(url))) {
      console.error(`screenshots: no ${what} answers at ${url}: start the app with \`npm start\` (in another terminal), then run this again.`);
      process.exit(1);
    }
  }
}

/** Runs one named step; a failure names the step it happened in. */
async function step(name: string, run: () => Promise<void>): Promise<void> {
  console.log(`screenshots: ${name}`);
  try {
    await run();
  } catch (error) {
    throw new Error(`step "${name}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

const out = (name: string) => `${OUT_DIR}${name}.png`;

async function makeDemoVault(page: Page): Promise<void> {
  const email = `demo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await step(`sign up ${email}`, () => signUp(page, APP_URL, email));
  await step('dismiss the verification banner', () => dismissBanners(page, 5_000));
  await step('open Personal Passwords', () => openPersonalPasswords(page));
  for (const group of DEMO_GROUPS) await step(`create group ${group}`, () => createGroup(page, group));
  for (const entry of PERSONAL_ENTRIES) await step(`add ${entry.title}`, () => addEntry(page, entry));
  await step(`create team ${DEMO_TEAM}`, () => createTeam(page, DEMO_TEAM));
  await step(`open team ${DEMO_TEAM}`, () => openTeam(page, DEMO_TEAM));
  for (const entry of TEAM_ENTRIES) await step(`add ${entry.title} to ${DEMO_TEAM}`, () => addEntry(page, entry));
  await step('back to All items', () => openAllItems(page));
}

/** A reload keeps no key: the lock screen, then All items after Unlock with every entry listed. */
async function reloadAndUnlock(page: Page, lockScreenShot?: string): Promise<void> {
  await step('reload', async () => {
    await page.reload();
    await waitForLockScreen(page);
  });
  if (lockScreenShot !== undefined) await step(`save ${lockScreenShot}.png`, () => shoot(page, out(lockScreenShot)));
  await step('unlock', () => unlock(page));
  await step('wait for every entry', () => waitForRows(page, ALL_TITLES));
  await step('dismiss banners', () => dismissBanners(page));
}

async function main(): Promise<void> {
  await requireRunningApp();
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await launchChromium();
  try {
    // Device scale 1 and the light theme: modest files, the same look on every machine.
    const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1, colorScheme: 'light', reducedMotion: 'reduce' });
    // tsx keeps function names with an `__name` helper the page lacks: settle()'s function, handed
    // to the page, calls it (as in bench/browserLoad.ts).
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await makeDemoVault(page);

    await reloadAndUnlock(page, 'lock-screen');
    await step(`open ${OPENED_ENTRY}`, () => openItem(page, OPENED_ENTRY));
    await step('show its one-time code', () => showOneTimeCode(page, OPENED_ENTRY));
    await step('save vault.png', () => shoot(page, out('vault')));

    await page.setViewportSize(PHONE);
    await reloadAndUnlock(page);
    await step('save phone-vault.png', () => shoot(page, out('phone-vault')));
    await step(`open ${OPENED_ENTRY} on the phone`, () => openItem(page, OPENED_ENTRY));
    await step('show its one-time code', () => showOneTimeCode(page, OPENED_ENTRY));
    await step('save phone-item.png', () => shoot(page, out('phone-item')));
  } finally {
    await browser.close();
  }
  console.log(`screenshots: saved in ${OUT_DIR}`);
}

main().catch((error: unknown) => {
  console.error(`screenshots: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
