// Debian's Chromium with the built extension loaded (extension/dist/, made by
// `npm run build:extension`): a persistent context, since Chromium loads an unpacked extension
// only into a profile of its own, in the new headless mode, which runs extensions.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

export async function launchWithExtension(): Promise<ExtensionBrowser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`no built extension in ${EXTENSION_DIR}: run \`npm run build:extension\` (or \`npm run test:extension\`, which builds it)`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'keyloft-extension-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
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
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
