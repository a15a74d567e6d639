// Debian's Chromium with the built extension loaded (extension/dist/, made by
// `npm run build:extension`): a persistent context, since Chromium loads an unpacked extension
// only into a profile of its own, in the new headless mode, which runs extensions.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

export const EXTENSION_DIR = resolve('extension/dist');

export interface ExtensionBrowser {
  readonly context: BrowserContext;
  /** The extension's service worker (background.js). */
  readonly worker: Worker;
  readonly extensionId: string;
  close(): Promise<void>;
}

/**
 * A copy of the built extension whose manifest also asks for `hosts`: Chrome grants `activeTab`
 * only on a user's gesture (the toolbar button, the shortcut), which a test cannot make, so the
 * tests that fill stand in for the grant with a host permission on the corpus's `.test` hosts.
 * Everything else (the worker's choice of frame, its guard, the field checks) is the built code.
 */
function withHostAccess(hosts: readonly string[]): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'keyloft-extension-hosts-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, host_permissions: hosts }));
  return { dir, remove: () => { rmSync(dir, { recursive: true, force: true }); } };
}

export async function launchWithExtension(options: { readonly hostAccessForTests?: readonly string[] } = {}): Promise<ExtensionBrowser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`no built extension in ${EXTENSION_DIR}: run \`npm run build:extension\` (or \`npm run test:extension\`, which builds it)`);
  }
  const copy = options.hostAccessForTests === undefined ? null : withHostAccess(options.hostAccessForTests);
  const extensionDir = copy?.dir ?? EXTENSION_DIR;
  const profile = mkdtempSync(join(tmpdir(), 'keyloft-extension-profile-'));
  const cleanUp = () => {
    rmSync(profile, { recursive: true, force: true });
    copy?.remove();
  };
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // Every .test host is this machine: the corpus pages are served on loopback under their names.
      '--host-resolver-rules=MAP *.test 127.0.0.1',
    ],
  });
  try {
    const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/background.js')) ??
      (await context.waitForEvent('serviceworker', { predicate: (candidate) => candidate.url().endsWith('/background.js'), timeout: 15_000 }));
    const extensionId = new URL(worker.url()).host;
    return {
      context,
      worker,
      extensionId,
      close: async () => {
        await context.close();
        cleanUp();
      },
    };
  } catch (error) {
    await context.close();
    cleanUp();
    throw error;
  }
}
