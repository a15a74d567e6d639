// The password list's layout in Chromium, measured: compact rows as tall as their content (no
// fixed row height, no scroll box inside a row or around the list), rows that grow at 200% text
// size, the item pane beside the list at 1280 and alone with Back on a 390 px phone, nothing
// overlapping or cut off. jsdom does no layout, so this is the tier that can check it. Relies only
// on the served app (inject('baseUrl')) and its UI.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { openItem, openPersonalPasswords, signUpToEmptyVault } from './journeys';
import { boxOf, expectFitsViewport, PHONE, screenshotForReview, type Box } from './layout';

const baseUrl = inject('baseUrl');
const LONG_URL = 'https://accounts.example-company-with-a-long-domain-name.com/signin/v2/identifier?continue=/dashboard';
const LONG_TITLE = 'Northwind Traders shared finance portal for quarterly supplier payments and audit exports';
useChromium();

/** A new account on its personal vault (the vault screen opens on All items). */
async function signUp(page: Page): Promise<void> {
  await signUpToEmptyVault(page, baseUrl, 'layout');
  await openPersonalPasswords(page);
}

async function addPassword(page: Page, fields: { title: string; url?: string; notes?: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add Password' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Password' });
  await form.getByLabel('Title').fill(fields.title);
  if (fields.url !== undefined) await form.getByLabel('URL').fill(fields.url);
  await form.getByLabel('Username').fill(`${fields.title.toLowerCase()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
  if (fields.notes !== undefined) await form.getByLabel('Notes').fill(fields.notes);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByRole('listitem', { name: fields.title }).waitFor();
}

interface RowBox {
  readonly rowHeight: number;
  /** How much of the row's content does not fit in it (a scroll box inside the row). */
  readonly overflow: number;
  /** The select button and the quick copy, side by side: how far they overlap (0 or less: not at all). */
  readonly overlap: number;
}

function measureRow(row: Locator): Promise<RowBox> {
  return row.evaluate((element) => {
    const select = element.querySelector('.pw-row__select');
    const copy = element.querySelector('.pw-row__copy');
    if (!(select instanceof HTMLElement) || !(copy instanceof HTMLElement)) throw new Error('The row has no select or copy button');
    return {
      rowHeight: element.getBoundingClientRect().height,
      overflow: Math.max(element.scrollHeight - element.clientHeight, select.scrollHeight - select.clientHeight),
      overlap: select.getBoundingClientRect().right - copy.getBoundingClientRect().left,
    };
  });
}

/** Ancestors of the element (up to the page) that scroll by themselves and clip part of their content. */
function clippingScrollBoxes(row: Locator): Promise<string[]> {
  return row.evaluate((element) => {
    const found: string[] = [];
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      const scrolls = ['auto', 'scroll'].includes(style.overflowY) || ['auto', 'scroll'].includes(style.overflowX);
      if (scrolls && node.scrollHeight > node.clientHeight + 1) {
        found.push(`${node.tagName.toLowerCase()} (${node.clientHeight}px showing ${node.scrollHeight}px)`);
      }
    }
    return found;
  });
}

/**
 * Whether the element is laid out (not display: none, here or above). Found by CSS, not by role:
 * an element not displayed is not in the accessibility tree.
 */
function shown(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.getClientRects().length > 0);
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

async function setUpVault(page: Page): Promise<void> {
  await signUp(page);
  await addPassword(page, { title: 'Alpha' });
  await addPassword(page, { title: 'Bravo', notes: 'Recovery codes in the safe\nPIN is with the bank' });
  await addPassword(page, { title: 'Charlie', url: LONG_URL });
}

describe('the password list layout in Chromium', () => {
  it('shows compact rows sized to their content beside the item pane at 1280, and grows rows at 200% text', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await setUpVault(page);
    const rows = ['Alpha', 'Bravo', 'Charlie'].map((name) => page.getByRole('listitem', { name }));

    const boxes = await Promise.all(rows.map(measureRow));
    for (const box of boxes) {
      // About 56 px: a dense list, not cards.
      expect(box.rowHeight).toBeGreaterThanOrEqual(44);
      expect(box.rowHeight).toBeLessThanOrEqual(64);
      expect(box.overflow).toBeLessThanOrEqual(1);
      expect(box.overlap).toBeLessThanOrEqual(0.5);
    }
    const third = rows[2] as Locator;
    expect(await clippingScrollBoxes(third)).toEqual([]);

    // The pane sits beside the list, sticky, and shows Charlie's long url without widening anything.
    const pane = await openItem(page, 'Charlie');
    const list = page.getByRole('list', { name: 'Personal passwords' });
    const [listBox, paneBox] = [await boxOf(list), await boxOf(pane)];
    expect(overlaps(listBox, paneBox)).toBe(false);
    expect(paneBox.left).toBeGreaterThanOrEqual(listBox.right);
    expect(paneBox.right).toBeLessThanOrEqual(1280);
    expect(await pane.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');
    expect(await pane.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    expect(await shown(pane.locator('.pw-pane__back'))).toBe(false);
    // The pane's buttons do not overlap one another.
    const buttons = await pane.getByRole('button').evaluateAll((elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => {
          const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
          return { left, right, top, bottom, width, height };
        }),
    );
    expect(buttons.length).toBeGreaterThanOrEqual(5);
    for (const [index, a] of buttons.entries()) for (const b of buttons.slice(index + 1)) expect(overlaps(a, b)).toBe(false);
    await expectFitsViewport(page);
    await screenshotForReview(page, 'vault-list-1280');

    // 200% text: each row grows with its content instead of scrolling inside itself.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    await page.waitForFunction(
      (before) => {
        const row = document.querySelector('[aria-posinset="1"]');
        return row !== null && row.getBoundingClientRect().height > before * 1.5;
      },
      (boxes[0] as RowBox).rowHeight,
    );
    const zoomed = await Promise.all(rows.map(measureRow));
    zoomed.forEach((box, index) => {
      expect(box.overflow).toBeLessThanOrEqual(1);
      expect(box.overlap).toBeLessThanOrEqual(0.5);
      expect(box.rowHeight).toBeGreaterThan((boxes[index] as RowBox).rowHeight * 1.5);
    });
    expect(await clippingScrollBoxes(third)).toEqual([]);
    expectNoPageErrors(errors);
    await page.context().close();
  }, 60_000);

  it('shows one region at a time on a 390 px phone: the list, then the pane with Back, nothing cut off', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(PHONE);
    await setUpVault(page);
    const row = page.getByRole('listitem', { name: 'Charlie' });
    await row.scrollIntoViewIfNeeded();
    expect(await shown(page.locator('.pw-pane'))).toBe(false);
    const rowBox = await boxOf(row);
    expect(rowBox.right).toBeLessThanOrEqual(PHONE.width);
    const box = await measureRow(row);
    expect(box.overflow).toBeLessThanOrEqual(1);
    expect(box.overlap).toBeLessThanOrEqual(0.5);
    // Thumb-sized: the row and its quick copy at least 44 px tall. The row's button holds only the
    // title, but its ::after spans the row, so a tap anywhere on the row lands on it: near its
    // bottom edge too.
    expect((await boxOf(row)).height).toBeGreaterThanOrEqual(44);
    const tapTarget = await row.evaluate((item) => {
      const { left, bottom } = item.getBoundingClientRect();
      return document.elementFromPoint(left + 24, bottom - 3)?.getAttribute('class') ?? null;
    });
    expect(tapTarget).toBe('pw-row__select');
    expect((await boxOf(row.getByRole('button', { name: 'Quick copy password for Charlie' }))).height).toBeGreaterThanOrEqual(44);
    await expectFitsViewport(page);
    await screenshotForReview(page, 'vault-list-390');

    const pane = await openItem(page, 'Charlie');
    expect(await shown(page.locator('.pw-list__rows'))).toBe(false);
    const paneBox = await boxOf(pane);
    expect(paneBox.width).toBeGreaterThan(PHONE.width - 64);
    expect(paneBox.right).toBeLessThanOrEqual(PHONE.width);
    const back = pane.getByRole('button', { name: 'Back to list' });
    expect((await boxOf(back)).height).toBeGreaterThanOrEqual(44);
    expect((await boxOf(pane.getByRole('button', { name: 'Copy password for Charlie' }))).height).toBeGreaterThanOrEqual(44);
    // The url keeps a usable width, at least one line of text, with its Open button beside it.
    const url = await pane.getByText(LONG_URL).evaluate((text) => {
      const box = text.getBoundingClientRect();
      return { width: box.width, height: box.height, right: box.right, lineHeight: Number.parseFloat(getComputedStyle(text).fontSize) };
    });
    expect(url.width).toBeGreaterThan(200);
    expect(url.height).toBeGreaterThanOrEqual(url.lineHeight);
    const open = await boxOf(pane.getByRole('link', { name: `Open ${LONG_URL} in a new tab` }));
    expect(open.left).toBeGreaterThanOrEqual(url.right);
    expect(open.right).toBeLessThanOrEqual(PHONE.width);
    await expectFitsViewport(page);
    await screenshotForReview(page, 'vault-pane-390');

    await back.click();
    expect(await shown(page.locator('.pw-pane'))).toBe(false);
    expect(await shown(page.locator('.pw-list__rows'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Charlie', exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);
    expectNoPageErrors(errors);
    await page.context().close();
  }, 60_000);

  it('wraps a long title on a 390 px phone, the row measured to hold it, rather than clipping it', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(PHONE);
    await signUp(page);
    await addPassword(page, { title: 'Alpha' });
    await addPassword(page, { title: LONG_TITLE });
    await addPassword(page, { title: 'Bravo' });
    const long = page.getByRole('listitem', { name: LONG_TITLE });
    await long.scrollIntoViewIfNeeded();
    const title = await long.locator('.pw-row__title').evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight) || Number.parseFloat(getComputedStyle(element).fontSize),
      clippedWidth: element.scrollWidth - element.clientWidth,
      clippedHeight: element.scrollHeight - element.clientHeight,
    }));
    // Three lines at least, all of them shown: wrapped, not cut off or ellipsised.
    expect(title.height).toBeGreaterThanOrEqual(title.lineHeight * 2.5);
    expect(title.clippedWidth).toBeLessThanOrEqual(1);
    expect(title.clippedHeight).toBeLessThanOrEqual(1);
    expect((await measureRow(long)).overflow).toBeLessThanOrEqual(1);
    // Each row starts where the one before it ends: the list counts the tall row at its real height.
    const tops = await page.getByRole('listitem').evaluateAll((rows) =>
      rows.map((row) => ({ top: row.getBoundingClientRect().top, bottom: row.getBoundingClientRect().bottom })),
    );
    expect(tops).toHaveLength(3);
    for (let index = 1; index < tops.length; index += 1) {
      expect(Math.abs((tops[index]?.top ?? 0) - (tops[index - 1]?.bottom ?? 0))).toBeLessThanOrEqual(0.5);
    }
    await expectFitsViewport(page);
    expectNoPageErrors(errors);
    await page.context().close();
  });
});
