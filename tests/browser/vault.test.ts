// The personal vault in Chromium: add, reveal, copy, survive a reload behind the master password,
// delete. The production build, with entries on the Firestore emulator through the rules.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { db } from '../emulator/teams/support';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { openItem, openPersonalPasswords, reloadAndUnlock, signUpToEmptyVault, unlockHere } from './journeys';
import { PHONE } from './layout';

const baseUrl = inject('baseUrl');
useChromium();

/** A new account on its personal vault (the vault screen opens on All items). */
async function signUp(page: Page): Promise<string> {
  const email = await signUpToEmptyVault(page, baseUrl, 'vault');
  await openPersonalPasswords(page);
  return email;
}

describe('the personal vault in Chromium', () => {
  it('adds, reveals and copies a password, keeps it across a reload, and deletes it', async () => {
    const { page, errors } = await openPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUp(page);

    await page.getByRole('button', { name: 'Add Password' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Password' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByLabel('Title').fill('  Bank  ');
    await form.getByLabel('URL').fill('javascript:alert(1)');
    await form.getByLabel('Username').fill('ana@example.com');
    await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByRole('listitem', { name: 'Bank' }).waitFor();
    const item = await openItem(page, 'Bank');
    // A javascript: url is shown as text, never as a link.
    await item.getByText('javascript:alert(1)').waitFor();
    expect(await page.getByRole('link', { name: /javascript/ }).count()).toBe(0);
    expect(await item.getByText('correct horse battery').count()).toBe(0);
    await item.getByRole('button', { name: 'Show password for Bank' }).click();
    await item.getByText('correct horse battery').waitFor();
    await item.getByRole('button', { name: 'Copy password for Bank' }).click();
    await item.getByText('Copied', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('correct horse battery');

    await page.reload();
    await unlockHere(page);
    await (await openItem(page, 'Bank')).getByRole('button', { name: 'Show password for Bank' }).click();
    await page.getByText('correct horse battery').waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Delete Bank' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Password' });
    await confirm.getByText('Are you sure you want to delete this password?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No passwords yet. Add your first password!').waitFor();
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it.each([
    ['1280 × 800', { width: 1280, height: 800 }, 'Copy password for Mail'],
    ['390 × 844', PHONE, 'Quick copy password for Mail'],
  ] as const)('copies a password in three actions at %s: focus search, type, copy', async (_size, viewport, copyButton) => {
    const { page, errors } = await openPage();
    await page.setViewportSize(viewport);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUp(page);
    for (const [title, password] of [['Bank', 'bank secret'], ['Mail', 'mail secret']] as const) {
      await page.getByRole('button', { name: 'Add Password' }).click();
      const form = page.getByRole('dialog', { name: 'Add New Password' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Username').fill(`${title.toLowerCase()}@example.com`);
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
    }
    const actions = [
      () => page.keyboard.press('/'),
      () => page.keyboard.type('mail'),
      () => page.getByRole('button', { name: copyButton, exact: true }).click(),
    ];
    for (const action of actions) await action();
    expect(actions).toHaveLength(3);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 5_000 }).toBe('mail secret');
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('seals everything typed: notes show after Show once unlocked again, and no stored document holds any of it', async () => {
    const { page, errors } = await openPage();
    const email = await signUp(page);
    const marker = `Zq${crypto.randomUUID().slice(0, 8)}`;
    const typed = (n: number) => ({
      title: `${marker} bank ${n}`,
      url: `https://${marker.toLowerCase()}-${n}.example.com`,
      username: `${marker}-user-${n}`,
      password: `${marker}-password-${n}`,
      notes: `${marker} recovery codes ${n}: 1111-2222`,
    });
    for (const n of [1, 2]) {
      const entry = typed(n);
      await page.getByRole('button', { name: 'Add Password' }).click();
      const form = page.getByRole('dialog', { name: 'Add New Password' });
      await form.getByLabel('Title').fill(entry.title);
      await form.getByLabel('URL').fill(entry.url);
      await form.getByLabel('Username').fill(entry.username);
      await form.getByLabel('Password', { exact: true }).fill(entry.password);
      await form.getByLabel('Notes (optional)').fill(entry.notes);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Groups' }).click();
    const manager = page.getByRole('dialog', { name: 'Groups' });
    await manager.getByRole('button', { name: 'New Group' }).click();
    const groupForm = page.getByRole('dialog', { name: 'New Group' });
    await groupForm.getByLabel('Name').fill(`${marker} group`);
    await groupForm.getByRole('button', { name: 'Create Group' }).click();
    await manager.getByText(`${marker} group`).waitFor();
    await manager.getByRole('button', { name: 'Close' }).click();

    await reloadAndUnlock(page);
    await page.getByRole('listitem', { name: typed(2).title }).waitFor({ timeout: 15_000 });
    const item = await openItem(page, typed(2).title);
    expect(await item.getByText(typed(2).notes).count()).toBe(0);
    await item.getByRole('button', { name: `Show password for ${typed(2).title}` }).click();
    await item.getByText(typed(2).password).waitFor({ timeout: 15_000 });
    await item.getByText(typed(2).notes).waitFor();

    const uid = (await db().collection('users').where('email', '==', email).get()).docs[0]!.id;
    const documents = [
      ...(await db().collection('passwords').where('userId', '==', uid).get()).docs,
      ...(await db().collection('groups').where('userId', '==', uid).get()).docs,
      (await db().collection('users').doc(uid).get()),
    ];
    expect(documents).toHaveLength(4);
    const stored = JSON.stringify(documents.map((document) => document.data())).toLowerCase();
    expect(stored).not.toContain(marker.toLowerCase());
    expect(documents.slice(0, 2).every((document) => document.get('format') === 2)).toBe(true);
    expectNoPageErrors(errors);
    await page.context().close();
  });
});
