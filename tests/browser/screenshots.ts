// Screenshots for people reviewing a change by eye: saved only when KEYLOFT_SCREENSHOTS names a
// directory (created if missing), never by a plain test run.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Saves the full page as `<KEYLOFT_SCREENSHOTS>/<name>.png`; does nothing when the variable is unset. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const directory = process.env.KEYLOFT_SCREENSHOTS;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}
