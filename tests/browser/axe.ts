// axe-core in the browser tier: a page has no serious or critical accessibility violation.
// Minor and moderate findings are left to review; these two levels block people outright.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle } from './settle';

/** A violation as the test reports it: what rule, why it matters, and where (a few selectors). */
export interface A11yViolation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

const BLOCKING = ['serious', 'critical'];
const TARGETS_SHOWN = 3;

/**
 * Runs axe over the whole document as it is now (an open dialog included). The source goes in
 * through DevTools evaluation rather than a <script> tag: the app's Content-Security-Policy allows
 * no inline script, and the test should not loosen it (a refused tag would also count as a
 * CSP violation among the page's errors).
 */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const found = await page.evaluate(async (limit) => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const results = await runner.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      // For a contrast finding, the colours axe measured: enough to tell a real one from a page
      // caught mid-change.
      targets: violation.nodes.slice(0, limit).map((node) => {
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const measured = data?.fgColor === undefined ? '' : ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio})`;
        return node.target.join(' ') + measured;
      }),
    }));
  }, TARGETS_SHOWN);
  return found.filter((violation) => BLOCKING.includes(violation.impact));
}

export function describeViolations(violations: readonly A11yViolation[]): string {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} [${v.targets.join(' | ')}]`).join('; ');
}

/**
 * Fails with one line per serious or critical violation; `context` says which screen it was. Runs
 * once the page's animations and transitions are over: a dialog fading in, or a colour halfway
 * between two, is not what anyone reads.
 */
export async function expectNoSeriousA11yViolations(page: Page, context = page.url()): Promise<void> {
  await settle(page);
  const violations = await seriousA11yViolations(page);
  expect(violations, `axe on ${context}: ${describeViolations(violations)}`).toEqual([]);
}
