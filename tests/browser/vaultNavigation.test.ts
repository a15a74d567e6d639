// Issue #43 items 3, 5 and 7 in Chromium: one way to reach everything from the vault screen. Teams
// are sidebar items with a menu and the team's own header (no 'Back to dashboard'); Import, Export
// and Password health are reached from All items through the sidebar's Tools, asking which vault;
// the sidebar's background reaches the bottom of a tall page at 1280 × 800; axe finds nothing on
// these screens at 1280 × 800 and 390 × 844.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { createTeam, openAllItems, openTeamPasswords, signUpToEmptyVault } from './journeys';
import { checkBothThemes } from './themes';

const baseUrl = inject('baseUrl');
useChromium();

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
const TEAM = 'Atlas';
const ENTRIES = 60;

/** A Chrome CSV of `count` logins: enough rows to make All items taller than the window. */
function chromeCsv(count: number): string {
  const rows = Array.from({ length: count }, (_, index) => {
    const n = String(index).padStart(2, '0');
    return `Site ${n},https://site${n}.example.com/,user${n},Pw-${n}-correct-horse-battery`;
  });
  return ['name,url,username,password', ...rows].join('\n') + '\n';
}

const tools = (page: Page) => page.getByRole('navigation', { name: 'Vaults' }).getByRole('region', { name: 'Tools' });

/** The sidebar's box against the document: where its background ends, and how tall the page is. */
async function sidebarBottom(page: Page): Promise<{ readonly bottom: number; readonly documentHeight: number }> {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Vaults"]');
    if (nav === null) throw new Error('no sidebar');
    const box = nav.getBoundingClientRect();
    return { bottom: box.bottom + window.scrollY, documentHeight: document.documentElement.scrollHeight };
  });
}

describe('the vault screen’s one navigation (issue #43)', () => {
  it('reaches Import, Export and Password health from All items, asking which vault; the sidebar reaches the bottom; axe finds nothing', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(DESKTOP);
    const dir = await mkdtemp(join(tmpdir(), 'keyloft-nav-'));
    try {
      await signUpToEmptyVault(page, baseUrl, 'nav');
      await createTeam(page, TEAM);

      // A team is a sidebar item; its vault has its own header and no second way back.
      await openTeamPasswords(page, TEAM);
      const main = page.getByRole('main');
      await main.getByText('Your role: Owner').waitFor();
      await main.getByText('1 member').waitFor();
      await main.getByRole('button', { name: `Manage members of team ${TEAM}` }).waitFor();
      expect(await page.getByRole('button', { name: /Back to dashboard/ }).count()).toBe(0);
      await checkBothThemes(page, 'team-vault-desktop');
      // Its menu: a real menu button, opened and closed from the keyboard.
      const menuButton = page.getByRole('button', { name: `Actions for team ${TEAM}`, exact: true });
      await menuButton.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: `Edit team ${TEAM}` }).waitFor();
      expect(await page.getByRole('menuitem', { name: `Edit team ${TEAM}` }).evaluate((item) => item === document.activeElement)).toBe(true);
      await checkBothThemes(page, 'team-menu-desktop');
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

      // Import from All items: the chooser offers both vaults; the entries go into the personal one.
      await openAllItems(page);
      const csv = join(dir, 'logins.csv');
      await writeFile(csv, chromeCsv(ENTRIES));
      await tools(page).getByRole('button', { name: 'Import', exact: true }).click();
      const chooser = page.getByRole('dialog', { name: 'Import into which vault?' });
      await chooser.waitFor();
      expect(await chooser.getByRole('radio').count()).toBe(2);
      await checkBothThemes(page, 'import-chooser');
      await chooser.getByRole('radio', { name: 'Personal Passwords' }).check();
      await chooser.getByRole('button', { name: 'Continue' }).click();
      const importDialog = page.getByRole('dialog', { name: 'Import Passwords' });
      await importDialog.getByLabel('File to import', { exact: true }).setInputFiles(csv);
      await importDialog.getByRole('button', { name: 'Preview' }).click();
      await importDialog.getByRole('button', { name: `Import ${ENTRIES} entries` }).click();
      await importDialog.getByText(`Imported ${ENTRIES} entries.`).waitFor({ timeout: 60_000 });
      await importDialog.getByRole('button', { name: 'Close' }).click();
      await importDialog.waitFor({ state: 'detached' });
      await main.getByRole('heading', { name: 'All items', level: 2 }).waitFor();
      await page.getByRole('list', { name: 'All items' }).getByRole('listitem', { name: 'Site 00' }).waitFor({ timeout: 30_000 });

      // Item 7: the sidebar's background reaches the bottom of the tall page, scrolled there.
      await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      const measured = await sidebarBottom(page);
      expect(measured.documentHeight).toBeGreaterThan(DESKTOP.height + 200);
      expect(measured.bottom).toBeGreaterThanOrEqual(measured.documentHeight - 1);
      // Its vaults stay in view while the list scrolls.
      expect(await page.getByRole('navigation', { name: 'Vaults' }).getByRole('button', { name: /^All items/ }).isVisible()).toBe(true);
      await checkBothThemes(page, 'all-items-desktop');
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });

      // Export from All items: the chooser, then the export dialog of the chosen vault.
      await tools(page).getByRole('button', { name: 'Export', exact: true }).click();
      const exportChooser = page.getByRole('dialog', { name: 'Export which vault?' });
      await exportChooser.getByRole('radio', { name: 'Personal Passwords' }).check();
      await exportChooser.getByRole('button', { name: 'Continue' }).click();
      const exportDialog = page.getByRole('dialog', { name: 'Export Passwords' });
      await exportDialog.getByLabel('Master password', { exact: true }).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await exportDialog.waitFor({ state: 'detached' });

      // Password health from All items, of the chosen vault.
      await tools(page).getByRole('button', { name: 'Password health' }).click();
      const healthChooser = page.getByRole('dialog', { name: 'Check which vault?' });
      await healthChooser.getByRole('radio', { name: 'Personal Passwords' }).check();
      await healthChooser.getByRole('button', { name: 'Continue' }).click();
      const report = page.getByRole('dialog', { name: 'Password health: Personal Passwords' });
      await report.getByText(`${ENTRIES} passwords checked in this browser.`, { exact: false }).waitFor({ timeout: 60_000 });
      await page.keyboard.press('Escape');
      await report.waitFor({ state: 'detached' });

      // On a phone: All items and the team's vault, and the drawer with the teams and tools.
      await page.setViewportSize(PHONE);
      await checkBothThemes(page, 'all-items-phone');
      await page.getByRole('button', { name: 'Vaults and teams' }).click();
      await tools(page).getByRole('button', { name: 'Password health' }).waitFor();
      await checkBothThemes(page, 'sidebar-drawer-phone');
      await page.keyboard.press('Escape');
      await openTeamPasswords(page, TEAM);
      await checkBothThemes(page, 'team-vault-phone');
      expectNoPageErrors(errors);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await page.context().close();
    }
  }, 240_000);
});
