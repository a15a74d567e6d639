// A page "as people see it": the theme applied, nothing re-rendering, no animation or transition
// under way. Measuring colours a frame after a theme switch, or while a re-render starts a dialog's
// fade-in again, measures something nobody reads (one CI run failed on exactly that).
import type { Page } from 'playwright-core';

const QUIET_MS = 200;
const LONGEST_WAIT_MS = 5_000;

/** Resolves once `scheme`, when given, is what the page's media queries see and the page has settled. */
export async function settle(page: Page, scheme?: 'light' | 'dark'): Promise<void> {
  if (scheme !== undefined) {
    await page.waitForFunction((wanted) => matchMedia(`(prefers-color-scheme: ${wanted})`).matches, scheme);
  }
  await page.evaluate(
    async ({ quietMs, longestMs }) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => { resolve(); }));
      const deadline = performance.now() + longestMs;
      // Quiet: no change to the document for quietMs (or give up waiting at the deadline).
      await new Promise<void>((resolve) => {
        let timer = setTimeout(done, quietMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, Math.min(quietMs, Math.max(0, deadline - performance.now())));
        });
        function done() {
          observer.disconnect();
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      await frame();
      // A cancelled animation (its element re-rendered) rejects `finished`; it is over all the same.
      await Promise.allSettled(document.getAnimations().map((animation) => animation.finished));
      await frame();
      await frame();
    },
    { quietMs: QUIET_MS, longestMs: LONGEST_WAIT_MS },
  );
}
