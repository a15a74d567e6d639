// Issue #21 in Chromium on the emulators, at 1280 × 800 and 390 × 844: the vault screen opens on
// All items; a team entry added from the sidebar is found from All items by search and its
// password copied in three actions; a view-only member sees no edit controls; nothing overlaps
// or is cut off; axe finds no serious or critical violation on the screen, the item pane and the
// dialogs. Screenshots are saved when KEYLOFT_SCREENSHOTS names a folder.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { addTeamPassword, chooseInSidebar, createTeam, openTeamPasswords, signUpToEmptyVault, teamWithFullAccessMember, unlock } from './journeys';
import { expectFitsViewport, PHONE, type Box } from './layout';
import { saveScreenshot } from './screenshots';

const baseUrl = inject('baseUrl');
useChromium();

const DESKTOP = { width: 1280, height: 800 } as const;
const SIZES = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
] as const;

async function openSized(viewport: { width: number; height: number }) {
  const watched = await openPage();
  await watched.page.setViewportSize(viewport);
  await watched.page.emulateMedia({ reducedMotion: 'reduce' });
  await watched.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  return watched;
}

const overlaps = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** axe in the light and the dark theme. */
async function expectAccessible(page: Page, context: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expectNoSeriousA11yViolations(page, `${context} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: null, reducedMotion: 'reduce' });
}

/**
 * Every visible button, link and field of the screen lies inside the viewport's width, and no two
 * overlap. What is inert lies under a full-screen item on a phone (issue #43), out of reach.
 */
async function expectNothingOverlaps(page: Page): Promise<void> {
  await expectFitsViewport(page);
  const boxes = await page.locator('main button:visible, main a:visible, main input:visible, nav[aria-label="Vaults"] button:visible').evaluateAll((elements) =>
    elements.filter((element) => element.closest('[inert]') === null).map((element) => {
      const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
      return { name: element.getAttribute('aria-label') ?? element.textContent, box: { left, right, top, bottom, width, height } };
    }),
  );
  const width = page.viewportSize()?.width ?? 0;
  for (const { name, box } of boxes) {
    if (box.width === 0 || box.height === 0) continue;
    expect(box.left, `${name} starts off screen`).toBeGreaterThanOrEqual(-0.5);
    expect(box.right, `${name} ends off screen`).toBeLessThanOrEqual(width + 0.5);
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      if (a === undefined || b === undefined || a.box.width === 0 || b.box.width === 0) continue;
      // A control inside another (an icon button in a row) is not an overlap.
      const inside = (x: Box, y: Box) => x.left >= y.left && x.right <= y.right && x.top >= y.top && x.bottom <= y.bottom;
      if (inside(a.box, b.box) || inside(b.box, a.box)) continue;
      expect(overlaps(a.box, b.box), `${a.name} overlaps ${b.name}`).toBe(false);
    }
  }
}

describe('the vault screen in Chromium', () => {
  for (const { name, viewport } of SIZES) {
    it(`${name}: a team entry added from the sidebar is found from All items and copied in three actions`, async () => {
      const { page, errors } = await openSized(viewport);
      await signUpToEmptyVault(page, baseUrl, `screen-${name}`);
      await page.getByRole('heading', { name: 'All items', level: 2 }).waitFor();
      await expectAccessible(page, `${name}: All items, empty`);

      // Add to a team from the sidebar: choose the team, then Add Password.
      if (name === 'phone') await page.getByRole('button', { name: 'Vaults and teams' }).click();
      await createTeam(page, 'Platform');
      if (name === 'phone') {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Vaults and teams', expanded: false }).waitFor();
      }
      await openTeamPasswords(page, 'Platform');
      await addTeamPassword(page, 'Deploy key', 'deployer', 'correct horse battery staple');
      await addTeamPassword(page, 'Database', 'dba', 'another secret 1');
      await saveScreenshot(page, `vault-team-${name}`);

      // Back to All items: the team's entries are listed with where they live.
      await chooseInSidebar(page, /^All items/);
      const list = page.getByRole('list', { name: 'All items' });
      await list.getByRole('listitem', { name: /Deploy key/ }).waitFor();
      expect(await list.getByRole('listitem', { name: /Deploy key/ }).textContent()).toContain('Platform');
      await expectNothingOverlaps(page);
      await saveScreenshot(page, `vault-all-items-${name}`);

      // Three actions: focus search, type, copy.
      const actions: string[] = [];
      const act = async (what: string, step: () => Promise<void>) => {
        actions.push(what);
        await step();
      };
      const search = page.getByRole('searchbox', { name: 'Search passwords' });
      if (name === 'desktop') {
        await act('focus search', () => page.keyboard.press('/'));
        await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
        await act('type', () => page.keyboard.type('deploy'));
        await page.getByText('1 password matches your search.').waitFor();
        await act('copy', () => page.keyboard.press('Alt+P'));
      } else {
        await act('focus search', () => search.click());
        await act('type', () => page.keyboard.type('deploy'));
        await page.getByText('1 password matches your search.').waitFor();
        await act('copy', () => page.getByRole('button', { name: 'Quick copy password for Deploy key' }).click());
      }
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('correct horse battery staple');
      expect(actions).toEqual(['focus search', 'type', 'copy']);

      // The item pane, opened from the list.
      await list.getByRole('button', { name: 'Deploy key', exact: true }).click();
      await page.getByRole('button', { name: 'Copy password for Deploy key', exact: true }).waitFor();
      await expectNothingOverlaps(page);
      await expectAccessible(page, `${name}: item pane`);
      await saveScreenshot(page, `vault-item-pane-${name}`);

      // Each dialog of the screen: Add New Password, Keyboard shortcuts (desktop), Create New Team.
      if (name === 'phone') await page.getByRole('button', { name: 'Back to list' }).click();
      await page.getByRole('button', { name: 'Add Password' }).click();
      await page.getByRole('dialog', { name: 'Add New Password' }).waitFor();
      await expectAccessible(page, `${name}: Add New Password`);
      await page.keyboard.press('Escape');
      if (name === 'desktop') {
        await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        await expectAccessible(page, `${name}: Keyboard shortcuts`);
        await page.keyboard.press('Escape');
      } else {
        // A phone has no keyboard to help with: no shortcuts button takes its space (issue #43).
        expect(await page.getByRole('button', { name: 'Keyboard shortcuts' }).count()).toBe(0);
      }
      await chooseInSidebar(page, 'Create Team');
      await page.getByRole('dialog', { name: 'Create New Team' }).waitFor();
      await expectAccessible(page, `${name}: Create New Team`);
      await page.keyboard.press('Escape');
      expectNoPageErrors(errors);
      await page.context().close();
    }, 120_000);
  }

  it('a view-only member finds the team entry in All items and sees no edit controls there or in the team', async () => {
    const owner = await openSized(DESKTOP);
    const member = await openSized(DESKTOP);
    await signUpToEmptyVault(owner.page, baseUrl, 'screen-owner');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'screen-viewer');
    await teamWithFullAccessMember(owner.page, member.page, baseUrl, 'Readers', memberEmail, [['Wiki', 'wiki-user', 'wiki-secret']], 'View Only');

    const m = member.page;
    await m.reload();
    await unlock(m);
    const list = m.getByRole('list', { name: 'All items' });
    await list.getByRole('button', { name: 'Wiki', exact: true }).click();
    await m.getByRole('button', { name: 'Copy password for Wiki', exact: true }).waitFor();
    expect(await m.getByRole('button', { name: 'Edit Wiki', exact: true }).count()).toBe(0);
    expect(await m.getByRole('button', { name: 'Delete Wiki', exact: true }).count()).toBe(0);
    await saveScreenshot(m, 'vault-view-only-pane');

    await openTeamPasswords(m, 'Readers');
    await m.getByRole('list', { name: 'Readers passwords' }).getByRole('button', { name: 'Wiki', exact: true }).click();
    await m.getByRole('button', { name: 'Copy password for Wiki', exact: true }).waitFor();
    expect(await m.getByRole('button', { name: 'Add Password' }).count()).toBe(0);
    expect(await m.getByRole('button', { name: 'Edit Wiki', exact: true }).count()).toBe(0);
    expect(await m.getByRole('button', { name: 'Delete Wiki', exact: true }).count()).toBe(0);
    await m.getByRole('main').getByText('Your role: View Only').waitFor();
    await expectAccessible(m, 'view-only team view');
    expectNoPageErrors(owner.errors);
    expectNoPageErrors(member.errors);
    await owner.page.context().close();
    await m.context().close();
  }, 180_000);
});
