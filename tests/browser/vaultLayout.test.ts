// The password list's layout in Chromium, measured: rows as tall as their content (no fixed row
// height, no scroll box inside a row or around the list), rows that grow at 200% text size, and a
// url row that keeps a usable width on a 390 px phone. jsdom does no layout, so this is the tier
// that can check it. Relies only on the served app (inject('baseUrl')) and its UI.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { signUpToEmptyVault } from './journeys';
import { expectFitsViewport, PHONE } from './layout';

const baseUrl = inject('baseUrl');
const LONG_URL = 'https://accounts.example-company-with-a-long-domain-name.com/signin/v2/identifier?continue=/dashboard';
const LONG_TITLE = 'Northwind Traders shared finance portal for quarterly supplier payments and audit exports';
useChromium();

async function signUp(page: Page): Promise<void> {
  await signUpToEmptyVault(page, baseUrl, 'layout');
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
  /** The row (list item) and its card, as laid out. */
  readonly rowHeight: number;
  readonly cardHeight: number;
  /** How much of the card's content does not fit in it (a scroll box inside the row). */
  readonly cardOverflow: number;
}

function measureRow(row: Locator): Promise<RowBox> {
  return row.evaluate((element) => {
    const card = element.firstElementChild;
    if (!(card instanceof HTMLElement)) throw new Error('The row has no card');
    return {
      rowHeight: element.getBoundingClientRect().height,
      cardHeight: card.getBoundingClientRect().height,
      cardOverflow: card.scrollHeight - card.clientHeight,
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

async function setUpVault(page: Page): Promise<void> {
  await signUp(page);
  await addPassword(page, { title: 'Alpha' });
  await addPassword(page, { title: 'Bravo', notes: 'Recovery codes in the safe\nPIN is with the bank' });
  await addPassword(page, { title: 'Charlie', url: LONG_URL });
}

describe('the password list layout in Chromium', () => {
  it('sizes each row to its content, with no scroll box in a row or around the list, and grows rows at 200% text', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await setUpVault(page);
    const rows = ['Alpha', 'Bravo', 'Charlie'].map((name) => page.getByRole('listitem', { name }));

    const boxes = await Promise.all(rows.map(measureRow));
    for (const box of boxes) {
      expect(box.cardOverflow).toBeLessThanOrEqual(1);
      // The row is its card plus the gap to the next one: no empty space kept for a fixed height.
      expect(box.rowHeight - box.cardHeight).toBeGreaterThanOrEqual(0);
      expect(box.rowHeight - box.cardHeight).toBeLessThan(24);
    }
    const [alpha, bravo] = boxes as [RowBox, RowBox, RowBox];
    // Bravo's notes take a line more than Alpha, which has neither notes nor url.
    expect(bravo.cardHeight).toBeGreaterThan(alpha.cardHeight + 8);

    // The third card is not cut off inside a scroll box: scrolled into view, it shows whole.
    const third = rows[2] as Locator;
    expect(await clippingScrollBoxes(third)).toEqual([]);
    // Rows are measured as they render, so the page may settle after the first scroll: poll. Half a
    // pixel of slack: scrolled into view, a card with a fractional height may end at 900.14.
    await expect
      .poll(
        async () => {
          await third.scrollIntoViewIfNeeded();
          const box = await third.boundingBox();
          return box !== null && box.y >= -0.5 && box.y + box.height <= 900.5;
        },
        { timeout: 5_000 },
      )
      .toBe(true);

    // 200% text: each row grows with its content instead of scrolling inside itself.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    await page.waitForFunction(
      (before) => {
        const row = document.querySelector('[aria-posinset="1"]');
        return row !== null && row.getBoundingClientRect().height > before * 1.5;
      },
      alpha.rowHeight,
    );
    const zoomed = await Promise.all(rows.map(measureRow));
    zoomed.forEach((box, index) => {
      expect(box.cardOverflow).toBeLessThanOrEqual(1);
      expect(box.rowHeight).toBeGreaterThan((boxes[index] as RowBox).rowHeight * 1.5);
      expect(box.rowHeight - box.cardHeight).toBeLessThan(48);
    });
    expect(await clippingScrollBoxes(third)).toEqual([]);
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('keeps a usable url row on a 390 px phone, without widening the page', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(PHONE);
    await setUpVault(page);
    const row = page.getByRole('listitem', { name: 'Charlie' });
    await row.scrollIntoViewIfNeeded();
    const layout = await row.getByRole('link').evaluate((link) => {
      const urlRow = link.parentElement;
      const card = link.closest('li')?.firstElementChild;
      if (!urlRow || !(card instanceof HTMLElement)) throw new Error('The url has no row or card');
      const cardStyle = getComputedStyle(card);
      const cardContent =
        card.clientWidth - Number.parseFloat(cardStyle.paddingLeft) - Number.parseFloat(cardStyle.paddingRight);
      const box = urlRow.getBoundingClientRect();
      return {
        urlWidth: box.width,
        urlHeight: box.height,
        lineHeight: Number.parseFloat(getComputedStyle(urlRow).fontSize),
        cardContent,
        cardRight: card.getBoundingClientRect().right,
        viewportWidth: window.innerWidth,
      };
    });
    // The url row takes the card's whole width and at least one line of text.
    expect(layout.urlWidth).toBeGreaterThanOrEqual(layout.cardContent - 1);
    expect(layout.urlWidth).toBeGreaterThan(200);
    expect(layout.urlHeight).toBeGreaterThanOrEqual(layout.lineHeight);
    expect(layout.cardRight).toBeLessThanOrEqual(layout.viewportWidth);
    await expectFitsViewport(page);

    const box = await measureRow(row);
    expect(box.cardOverflow).toBeLessThanOrEqual(1);
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('wraps a long title on a 390 px phone, the row measured to hold it, rather than clipping it', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(PHONE);
    await signUp(page);
    await addPassword(page, { title: 'Alpha' });
    await addPassword(page, { title: LONG_TITLE });
    await addPassword(page, { title: 'Bravo' });
    const long = page.getByRole('listitem', { name: LONG_TITLE });
    await long.scrollIntoViewIfNeeded();
    const title = await long.getByRole('heading', { name: LONG_TITLE }).evaluate((heading) => ({
      height: heading.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(heading).lineHeight) || Number.parseFloat(getComputedStyle(heading).fontSize),
      clippedWidth: heading.scrollWidth - heading.clientWidth,
      clippedHeight: heading.scrollHeight - heading.clientHeight,
    }));
    // Three lines at least, all of them shown: wrapped, not cut off or ellipsised.
    expect(title.height).toBeGreaterThanOrEqual(title.lineHeight * 2.5);
    expect(title.clippedWidth).toBeLessThanOrEqual(1);
    expect(title.clippedHeight).toBeLessThanOrEqual(1);
    expect((await measureRow(long)).cardOverflow).toBeLessThanOrEqual(1);
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
