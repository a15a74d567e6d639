// The device copy (IndexedDB, docs/vault.md) as a browser test or bench sees it from outside the
// app: deleted before a cold start, and waited for until vaults are held whole.
import type { Page } from 'playwright-core';
import { DEVICE_COPY_DATABASE } from '../../src/data/deviceCopy/indexedDbStore';

/**
 * Deletes this origin's device copy from a page of the site that does not open it (a static file),
 * so nothing holds the database open. Says how it went: 'deleted', 'failed' or 'blocked'.
 */
export async function deleteDeviceCopy(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/favicon.svg`);
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => {
          resolve('deleted');
        };
        request.onerror = () => {
          resolve('failed');
        };
        request.onblocked = () => {
          resolve('blocked');
        };
      }),
    DEVICE_COPY_DATABASE,
  );
}

/** Waits until the device copy holds each of `vaults` whole (its record there, no fill under way). */
export async function waitForWholeCopy(page: Page, vaults: readonly string[], timeout: number): Promise<void> {
  await page.waitForFunction(
    ([name, keys]) =>
      new Promise<boolean>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('vaults')) {
            database.close();
            resolve(false);
            return;
          }
          const store = database.transaction('vaults').objectStore('vaults');
          let left = keys.length;
          let whole = true;
          for (const key of keys) {
            const read = store.get(key);
            const settle = (record: { filling?: unknown } | undefined) => {
              whole &&= record !== undefined && record.filling === undefined;
              left -= 1;
              if (left === 0) {
                database.close();
                resolve(whole);
              }
            };
            read.onsuccess = () => {
              settle(read.result as { filling?: unknown } | undefined);
            };
            read.onerror = () => {
              settle(undefined);
            };
          }
        };
        request.onerror = () => {
          resolve(false);
        };
      }),
    [DEVICE_COPY_DATABASE, vaults] as const,
    { timeout, polling: 500 },
  );
}
