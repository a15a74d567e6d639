// The axe check of a screen as people see it: in the light and the dark theme (the app follows the
// system setting), with a screenshot of each saved when KEYLOFT_SCREENSHOTS is set.
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './axe';
import { saveScreenshot } from './screenshots';
import { settle } from './settle';

/**
 * Checks the page as it is now in both themes, saving `<name>-light.png` and `<name>-dark.png`.
 * Reduced motion turns the buttons' colour transitions off, and the check waits until the theme
 * applies and the page settles: colours measured halfway between the themes would be neither.
 */
export async function checkBothThemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await settle(page, colorScheme);
    await saveScreenshot(page, `${name}-${colorScheme}`);
    await expectNoSeriousA11yViolations(page, `${name} (${colorScheme} theme)`);
  }
  await page.emulateMedia({ colorScheme: null, reducedMotion: null });
}

/** Opens a dialog, checks it, and closes it with Escape whatever the check found. */
export async function checkDialog(page: Page, name: string, dialog: Locator, open: () => Promise<void>): Promise<void> {
  await open();
  await dialog.waitFor({ timeout: 15_000 });
  try {
    await checkBothThemes(page, name);
  } finally {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
}
