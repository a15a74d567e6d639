// Issue #22's bench figure: the documents the server sends to unlock an unchanged vault, with the
// device copy and without it (docs/vault.md, "The device copy"). Counted on the listen stream
// (listenDocuments.ts) from the unlock until the stream has been quiet for QUIET_MS.
import type { Page } from 'playwright-core';
import { measureLoad } from './browserLoad';
import { countListenDocuments, type ListenDocuments } from './listenDocuments';

const QUIET_MS = 3_000;
const QUIET_LIMIT_MS = 90_000;

export interface UnlockReads {
  /** Documents sent on the listen stream. */
  readonly documents: number;
  /** Count queries run (each billed one read per thousand documents counted). */
  readonly counts: number;
}

async function quiet(counter: ListenDocuments): Promise<void> {
  const started = Date.now();
  let last = -1;
  let since = Date.now();
  while (Date.now() - since < QUIET_MS) {
    if (Date.now() - started > QUIET_LIMIT_MS) throw new Error(`the listen stream was still busy after ${String(QUIET_LIMIT_MS / 1000)} s`);
    const { documents } = counter.read();
    if (documents !== last) {
      last = documents;
      since = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function oneUnlock(page: Page, counter: ListenDocuments): Promise<UnlockReads> {
  counter.reset();
  await measureLoad(page);
  await quiet(counter);
  return counter.read();
}

const keepCopy = (page: Page, on: boolean) =>
  page.evaluate((value) => {
    localStorage.setItem('keyloft.deviceCopy', value);
  }, on ? 'on' : 'off');

/**
 * Unlocks `page`'s vault with the device copy (as by default, filled by one unlock first), then
 * without it; the copy is left off.
 */
export async function readsPerUnlock(page: Page): Promise<{ withCopy: UnlockReads; withoutCopy: UnlockReads }> {
  const counter = await countListenDocuments(page);
  try {
    await keepCopy(page, true);
    await oneUnlock(page, counter);
    const withCopy = await oneUnlock(page, counter);
    await keepCopy(page, false);
    const withoutCopy = await oneUnlock(page, counter);
    return { withCopy, withoutCopy };
  } finally {
    await counter.stop();
  }
}
