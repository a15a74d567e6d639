import { openEntryOverviews, warmUpDecryptPool, type SealedOverview, type TeamKey, type VaultKey } from '../../../crypto';
import { isSealedEntry, type Listing, type StoredPasswordEntry, type StoredSealedEntry } from '../../../data/vault/storedEntries';
import { nextTask } from '../../../ui/nextTask';
import { sortEntries } from '../entryOrder';
import type { PasswordEntry } from '../model';
import { LoadStoppedError } from '../vaultErrors';
import { damagedEntry, decryptPlainEntry, overviewEntry, undecryptableSealed } from './openEntries';
import { entryBinding, isTeamVault, keyFor, type VaultDeps } from './vaultDeps';

/** The sealed entries of a page that one key opens, as one batch for the decryption pool. */
interface OverviewBatch {
  readonly items: SealedOverview[];
  readonly entries: Array<{ readonly index: number; readonly id: string; readonly data: StoredSealedEntry }>;
}

/**
 * Stored entries (a page of the paged read, or what a live read handed over) as the list shows
 * them, in list order. Every entry is opened at once:
 * the sealed overviews in one batch per key, which the crypto layer shares between the main thread
 * and its decryption workers (a vault is thousands of them, and each WebCrypto call's dispatch is
 * what costs); format-1 entries field by field, as before.
 */
export async function openListing(deps: VaultDeps, page: Listing<StoredPasswordEntry>): Promise<PasswordEntry[]> {
  const opened = new Array<PasswordEntry>(page.items.length);
  const plain: Array<Promise<void>> = [];
  const batches = new Map<VaultKey | TeamKey, OverviewBatch>();
  page.items.forEach(({ id, data }, index) => {
    if (!isSealedEntry(data)) {
      plain.push(
        decryptPlainEntry(deps, id, data).then((entry) => {
          opened[index] = entry;
        }),
      );
      return;
    }
    const key = keyFor(deps, data.keyVersion);
    if (typeof key === 'string') {
      opened[index] = undecryptableSealed(id, data, key);
      return;
    }
    let batch = batches.get(key);
    if (batch === undefined) {
      batch = { items: [], entries: [] };
      batches.set(key, batch);
    }
    batch.items.push({ binding: entryBinding(deps, id, data.keyVersion ?? null, data.format), sealed: data.overview });
    batch.entries.push({ index, id, data });
  });
  const sealed = [...batches].map(([key, { items, entries }]) =>
    openEntryOverviews(key, items).then(
      (results) => {
        results.forEach((result, at) => {
          const { index, id, data } = entries[at] as OverviewBatch['entries'][number];
          opened[index] = result instanceof Error ? undecryptableSealed(id, data, result) : overviewEntry(id, data, result);
        });
      },
      // Only a key of the wrong kind rejects the whole batch: each entry is then undecryptable, as alone.
      (error: unknown) => {
        for (const { index, id, data } of entries) opened[index] = undecryptableSealed(id, data, error);
      },
    ),
  );
  await Promise.all([...plain, ...sealed]);
  // A document of the wrong shape is one damaged entry; the rest of the vault still loads (issue #17).
  for (const malformed of page.malformed) opened.push(damagedEntry(malformed));
  return sortEntries(opened);
}

/**
 * The scope's entries, in list order (entryOrder.ts). They are read a page at a time (issue #18:
 * no single response is huge, and the first rows come as fast for 20,000 entries as for 100); each
 * page is opened as a whole, one decryption per sealed entry, and handed to `onPage` (in list
 * order, with the number loaded so far), in page order, while the next two pages are read and
 * opened. Rejects when any page cannot be read: what was handed out so far is not the vault.
 * Once `stopped` says so (the screen went away), no further page is read or opened and the load
 * rejects with LoadStoppedError.
 */
export async function loadEntries(
  deps: VaultDeps,
  onPage?: (page: readonly PasswordEntry[], loaded: number) => void,
  stopped: () => boolean = () => false,
): Promise<PasswordEntry[]> {
  // The decryption workers load their script while the first page is read.
  warmUpDecryptPool();
  const pages = (isTeamVault(deps) ? deps.passwords.readTeamPages(deps.team.teamId) : deps.passwords.readPersonalPages(deps.userId))[
    Symbol.asyncIterator
  ]();
  // Two pages are read and opened ahead of the one merged and handed out, so the decryption
  // workers always have a batch while the main thread orders rows (with one ahead they waited at
  // each page: issue #18's Node bench, 0.50 → 0.47 of the floor, median of six runs each).
  // A page is opened in a task after the one that read it: reading the response and opening the
  // page were one task of up to 56 ms in the browser bench.
  const nextPage = (): Promise<PasswordEntry[] | null> =>
    pages.next().then(async (read) => {
      if (read.done === true) return null;
      await nextTask();
      if (stopped()) throw new LoadStoppedError();
      return openListing(deps, read.value);
    });
  const inFlight = [nextPage(), nextPage()];
  // A failure is thrown where its page is awaited, in page order.
  for (const page of inFlight) page.catch(() => undefined);
  // Each page is handed out as it opens (the screen merges it into its rows); the list returned is
  // ordered once at the end. Merging page by page here cost a copy of every row per page (about
  // 30 ms of a 10,000-entry load's main thread in issue #18's Node bench); the pages are runs
  // already in list order, which the engine's merge sort joins with a few comparisons per entry.
  const opened: PasswordEntry[][] = [];
  let loaded = 0;
  for (;;) {
    const page = await (inFlight.shift() as Promise<PasswordEntry[] | null>);
    if (page === null) return sortEntries(opened.flat());
    if (stopped()) throw new LoadStoppedError();
    const more = nextPage();
    more.catch(() => undefined);
    inFlight.push(more);
    opened.push(page);
    loaded += page.length;
    onPage?.(page, loaded);
  }
}
