// Opening a live read from the device copy (src/data/firestore/deviceOpening.ts), on the copy in
// IndexedDB (fake-indexeddb): a vault held whole is handed over slice by slice and shown as the
// whole vault; a fill cut short (issue #42: the page went away during the first unlock) hands over
// only the slices it kept, in the slicing it was filled in, and is never shown as the whole vault,
// so the server's silence fails the read instead of leaving part of it on screen.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { indexedDbDeviceCopy } from '../../../src/data/deviceCopy/indexedDbStore';
import type { Documents } from '../../../src/data/firestore/cursorPages';
import { openFromDevice, type DeviceGuard } from '../../../src/data/firestore/deviceOpening';
import { idRanges } from '../../../src/data/firestore/idRanges';
import type { Listing, ListingChanges } from '../../../src/data/vault/storedEntries';

const entry = (id: string): readonly [string, unknown] => [id, { revision: 1, updatedAt: 1_000 }];
const read = (documents: Documents): Listing<string> => ({ items: documents.map(([id]) => ({ id, data: id })), malformed: [] });

function guard(): DeviceGuard<string> & { handed: ListingChanges<string>[]; whole: boolean } {
  const handed: ListingChanges<string>[] = [];
  const state = {
    handed,
    whole: false,
    sliceWatcher: {
      onChanges: (changes: ListingChanges<string>) => {
        handed.push(changes);
      },
      onError: (error: Error) => {
        throw error;
      },
    },
    shownFromDevice: () => {
      state.whole = true;
    },
    isOver: () => false,
  };
  return state;
}

let databases = 0;
const copy = () => indexedDbDeviceCopy(`opening-test-${String((databases += 1))}`);
const idIn = (slice: number, of: number, suffix: string) => `${idRanges(of)[slice]?.from ?? '00'}${suffix}`;

describe('opening a live read from the device copy', () => {
  it('a vault held whole: every slice handed over as its first call, and the read shown from the device', async () => {
    const store = copy();
    await store.keep('v', [entry('0a'), entry('zz')]);
    const watched = guard();
    const opened = await openFromDevice({ key: 'v', copy: store }, 300, read, watched);
    expect(opened?.whole).toBe(true);
    expect(watched.whole).toBe(true);
    expect(watched.handed.map(({ slice, slices, first, changed }) => [slice, slices, first, changed.items.map(({ id }) => id)])).toEqual([[0, 1, true, ['0a', 'zz']]]);
  });

  it('a fill the page left halfway: the slices it kept are handed over in its slicing, the others left to the server, and the read is not shown as whole', async () => {
    const store = copy();
    await store.replace('v', [entry(idIn(0, 4, 'a'))], { index: 0, of: 4 });
    await store.replace('v', [entry(idIn(2, 4, 'a')), entry(idIn(2, 4, 'b'))], { index: 2, of: 4 });
    // Slice 1 was being written when the page went away: on the disk, not kept.
    await store.apply('v', [entry(idIn(1, 4, 'a'))], []);
    const watched = guard();
    const opened = await openFromDevice({ key: 'v', copy: store }, 300, read, watched);
    expect(opened?.whole).toBe(false);
    expect(opened?.ranges).toEqual(idRanges(4));
    expect(opened?.shown.map((shown) => (shown === undefined ? null : [...shown.keys()]))).toEqual([[idIn(0, 4, 'a')], null, [idIn(2, 4, 'a'), idIn(2, 4, 'b')], null]);
    expect(watched.handed.map(({ slice, slices, first }) => [slice, slices, first])).toEqual([
      [0, 4, true],
      [2, 4, true],
    ]);
    // The server's silence must fail this read: only part of the vault is on screen.
    expect(watched.whole).toBe(false);
  });

  it('nothing of the vault in the copy: nothing handed over, the read goes to the server', async () => {
    const watched = guard();
    expect(await openFromDevice({ key: 'v', copy: copy() }, 300, read, watched)).toBeNull();
    expect(watched.handed).toEqual([]);
    expect(watched.whole).toBe(false);
  });
});
