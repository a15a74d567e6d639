// Layout measurements shared by the browser tier's phone-width tests: jsdom does no layout.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const PHONE = { width: 390, height: 844 } as const;

/** The page is no wider than the viewport; a failure names what reaches past it. */
export async function expectFitsViewport(page: Page): Promise<void> {
  const layout = await page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    viewportWidth: window.innerWidth,
    tooWide: [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent.slice(0, 40)}" right=${element.getBoundingClientRect().right}`),
  }));
  expect(layout.pageWidth, `wider than the viewport: ${layout.tooWide.join('; ')}`).toBeLessThanOrEqual(layout.viewportWidth);
}

export interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly width: number;
  readonly height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
    return { left, right, top, bottom, width, height };
  });
}

/** Saves a full-page screenshot when KEYLOFT_SCREENSHOTS names a folder (for a look by eye). */
export { saveScreenshot as screenshotForReview } from './screenshots';
