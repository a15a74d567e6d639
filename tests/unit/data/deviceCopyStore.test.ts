// The device copy's store (src/data/deviceCopy): both kinds, in memory (Node tiers) and in
// IndexedDB (the browser; fake-indexeddb here), answer alike. A vault is answered only once it was
// kept whole (while it is filled, only the slices kept whole answer), a slice is one id range,
// writes land in the order asked, a write that fails leaves the vault not whole rather than
// half-kept, and a fill the page left halfway resumes from the slices it kept (issue #42).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CopyInUseError, indexedDbDeviceCopy, WRITE_CHUNK } from '../../../src/data/deviceCopy/indexedDbStore';
import { removeEarlierCopies } from '../../../src/data/deviceCopy/pageCopy';
import { memoryDeviceCopy, type DeviceCopyStore } from '../../../src/data/deviceCopy/store';
import { MemoryStorage } from '../../support/memoryStorage';
import type { Documents } from '../../../src/data/firestore/cursorPages';
import { idRanges } from '../../../src/data/firestore/idRanges';

let databases = 0;
const kinds: [string, () => DeviceCopyStore][] = [
  ['in memory', memoryDeviceCopy],
  ['in IndexedDB', () => indexedDbDeviceCopy(`copy-test-${String((databases += 1))}`)],
];

const entry = (id: string, revision = 1): readonly [string, unknown] => [id, { revision, updatedAt: revision * 1_000, sealed: `ciphertext of ${id}` }];
const ids = (documents: Documents | null) => documents?.map(([id]) => id) ?? null;

describe.each(kinds)('the device copy %s', (_kind, make) => {
  it('answers a vault only once it is kept whole, and then every document of it by id', async () => {
    const copy = make();
    await copy.replace('entries:personal:ana', [entry('b'), entry('a')]);
    expect(await copy.count('entries:personal:ana')).toBeNull();
    expect(await copy.read('entries:personal:ana')).toBeNull();
    await copy.markWhole('entries:personal:ana');
    expect(await copy.count('entries:personal:ana')).toBe(2);
    expect(await copy.read('entries:personal:ana')).toEqual([entry('a'), entry('b')]);
    // Another vault, even one whose key starts the same, is apart.
    expect(await copy.read('entries:personal:an')).toBeNull();
    await copy.keep('entries:personal:an', [entry('z')]);
    expect(ids(await copy.read('entries:personal:an'))).toEqual(['z']);
    expect(await copy.count('entries:personal:ana')).toBe(2);
  });

  it('a slice is its id range, and replacing a slice leaves the others as they were', async () => {
    const copy = make();
    const [low, high] = idRanges(2);
    if (low === undefined || high === undefined) throw new Error('two ranges expected');
    const cut = low.to ?? '';
    const below = `${String.fromCharCode(cut.charCodeAt(0) - 1)}z`;
    await copy.replace('v', [entry('0a'), entry(below), entry(cut), entry('zz')]);
    await copy.markWhole('v');
    expect(ids(await copy.read('v', low))).toEqual(['0a', below]);
    expect(ids(await copy.read('v', high))).toEqual([cut, 'zz']);
    // The server's answer for the upper slice: one gone, one new, one newer.
    await copy.replace('v', [entry(cut, 2), entry('zy')], { index: 1, of: 2 });
    expect(await copy.read('v')).toEqual([entry('0a'), entry(below), entry(cut, 2), entry('zy')]);
  });

  it('applies changes, and writes land in the order asked: a change is never overwritten by the answer before it', async () => {
    const copy = make();
    const answer = Array.from({ length: WRITE_CHUNK * 2 + 5 }, (_, index) => entry(`id${String(index).padStart(4, '0')}`));
    const first = copy.replace('v', answer);
    const change = copy.apply('v', [entry('id0150', 3), entry('new')], ['id0000']);
    const whole = copy.markWhole('v');
    await Promise.all([first, change, whole]);
    const held = await copy.read('v');
    expect(held).toHaveLength(answer.length);
    expect(held?.find(([id]) => id === 'id0150')).toEqual(entry('id0150', 3));
    expect(ids(held)).toContain('new');
    expect(ids(held)).not.toContain('id0000');
  });

  it('while a vault is filled, a slice kept whole answers and nothing else does; a slice of another slicing starts the fill afresh', async () => {
    const copy = make();
    const ranges = idRanges(3);
    const [first, second, third] = ranges;
    if (first === undefined || second === undefined || third === undefined) throw new Error('three ranges expected');
    const low = [entry('0a'), entry('0b')];
    await copy.replace('v', low, { index: 0, of: 3 });
    await copy.replace('v', [entry(`${second.from ?? ''}a`)], { index: 1, of: 3 });
    expect(await copy.filling('v')).toEqual({ slices: 3, kept: [0, 1] });
    expect(await copy.read('v', first)).toEqual(low);
    // The vault as a whole, its size, and a slice not kept: nothing, never part of it for all of it.
    expect(await copy.read('v')).toBeNull();
    expect(await copy.count('v')).toBeNull();
    expect(await copy.read('v', third)).toBeNull();
    // Changes reach the copy while it is filled; a kept slice answers with them.
    await copy.apply('v', [entry('0a', 2)], ['0b']);
    expect(await copy.read('v', first)).toEqual([entry('0a', 2)]);
    // Read again in two slices (the vault grew or shrank): what the three-slice fill kept is not taken for a slice of two.
    await copy.replace('v', [entry('zz')], { index: 1, of: 2 });
    expect(await copy.filling('v')).toEqual({ slices: 2, kept: [1] });
    expect(await copy.read('v', first)).toBeNull();
    await copy.replace('v', [entry('0a', 2)], { index: 0, of: 2 });
    await copy.markWhole('v');
    expect(await copy.filling('v')).toBeNull();
    expect(ids(await copy.read('v'))).toEqual(['0a', 'zz']);
    // A whole vault stays whole when a slice is read again from the server.
    await copy.replace('v', [entry('zz', 2)], { index: 1, of: 2 });
    expect(await copy.filling('v')).toBeNull();
    expect(await copy.count('v')).toBe(2);
  });

  it('keeps a small vault whole at once, an empty answer as empty', async () => {
    const copy = make();
    await copy.keep('user:ana', [entry('ana')]);
    expect(await copy.read('user:ana')).toEqual([entry('ana')]);
    await copy.keep('user:ana', []);
    expect(await copy.read('user:ana')).toEqual([]);
  });

  it('names every vault it holds, whole or not, and drops vaults whole: their documents and their being whole, the others untouched', async () => {
    const copy = make();
    await copy.keep('team:t1', [entry('t1')]);
    await copy.replace('entries:team:t1', [entry('a'), entry('b')]);
    await copy.keep('entries:team:t10', [entry('c')]);
    await copy.keep('memberKeys:t1', []);
    await copy.keep('user:ana', [entry('ana')]);
    expect(await copy.vaultKeys()).toEqual(['entries:team:t1', 'entries:team:t10', 'memberKeys:t1', 'team:t1', 'user:ana']);
    await copy.drop(['team:t1', 'entries:team:t1', 'memberKeys:t1']);
    expect(await copy.vaultKeys()).toEqual(['entries:team:t10', 'user:ana']);
    expect(await copy.read('team:t1')).toBeNull();
    expect(await copy.read('memberKeys:t1')).toBeNull();
    // A vault whose key starts the same is another vault.
    expect(await copy.read('entries:team:t10')).toEqual([entry('c')]);
    expect(await copy.read('user:ana')).toEqual([entry('ana')]);
    // Kept again, a dropped vault starts empty: nothing of before comes back.
    await copy.replace('entries:team:t1', [entry('z')]);
    await copy.markWhole('entries:team:t1');
    expect(await copy.read('entries:team:t1')).toEqual([entry('z')]);
  });

  it('once cleared, holds nothing and keeps nothing more', async () => {
    const copy = make();
    await copy.keep('user:ana', [entry('ana')]);
    await copy.clear();
    await copy.keep('user:ana', [entry('ana')]);
    await copy.markWhole('user:ana');
    expect(await copy.read('user:ana')).toBeNull();
  });
});

describe('the device copy in IndexedDB', () => {
  it('a write that fails leaves the vault not whole: it is read from the server before the copy answers for it', async () => {
    const copy = indexedDbDeviceCopy('copy-test-failure');
    await copy.keep('v', [entry('a')]);
    // A function cannot be stored: the write fails half-way, after the first chunk.
    const answer: Documents = [...Array.from({ length: WRITE_CHUNK }, (_, index) => entry(`b${String(index)}`)), ['c', { revision: 1, broken: () => undefined }]];
    await expect(copy.apply('v', answer, [])).rejects.toThrow();
    expect(await copy.read('v')).toBeNull();
    expect(await copy.count('v')).toBeNull();
    // The next whole read makes it whole again.
    await copy.replace('v', [entry('a')]);
    await copy.markWhole('v');
    expect(ids(await copy.read('v'))).toEqual(['a']);
  });

  it('a fill the page left halfway: the slices written whole are kept, the one cut short is not, and the next page resumes from them', async () => {
    const name = 'copy-test-resume';
    const ranges = idRanges(4);
    const sliceOf = (index: number, size: number): Documents =>
      Array.from({ length: size }, (_, k) => entry(`${ranges[index]?.from ?? '00'}${String(k).padStart(4, '0')}`));
    const slices = [sliceOf(0, 3), sliceOf(1, 3), sliceOf(2, WRITE_CHUNK * 2), sliceOf(3, 3)] as const;
    const page = indexedDbDeviceCopy(name);
    await page.replace('v', slices[0], { index: 0, of: 4 });
    await page.replace('v', slices[1], { index: 1, of: 4 });
    // The page goes away while slice 2 is written: after its first chunk nothing more reaches the
    // disk (no further put, no transaction, not even the clean-up of a failed write).
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with apply on its own object, and put back below
    const puts = IDBObjectStore.prototype.put;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- likewise
    const transactions = IDBDatabase.prototype.transaction;
    let written = 0;
    let gone = false;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      written += 1;
      if (written > WRITE_CHUNK) gone = true;
      if (gone) throw new DOMException('the page went away', 'InvalidStateError');
      return puts.apply(this, args);
    };
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      if (gone) throw new DOMException('the page went away', 'InvalidStateError');
      return transactions.apply(this, args);
    } as IDBDatabase['transaction'];
    try {
      await expect(page.replace('v', slices[2], { index: 2, of: 4 })).rejects.toThrow('the page went away');
    } finally {
      IDBObjectStore.prototype.put = puts;
      IDBDatabase.prototype.transaction = transactions;
    }
    expect(written).toBe(WRITE_CHUNK + 1);

    const next = indexedDbDeviceCopy(name);
    expect(await next.filling('v')).toEqual({ slices: 4, kept: [0, 1] });
    expect(await next.read('v', ranges[0])).toEqual(slices[0]);
    expect(await next.read('v', ranges[1])).toEqual(slices[1]);
    // Half of slice 2 is on the disk, yet it is not kept: it is read from the server again.
    expect(await next.read('v', ranges[2])).toBeNull();
    expect(await next.read('v')).toBeNull();
    expect(await next.count('v')).toBeNull();
    // The rest of the fill, then the vault whole.
    await next.replace('v', slices[2], { index: 2, of: 4 });
    await next.replace('v', slices[3], { index: 3, of: 4 });
    await next.markWhole('v');
    expect(await next.filling('v')).toBeNull();
    expect(await next.read('v')).toEqual([...slices[0], ...slices[1], ...slices[2], ...slices[3]]);
  });

  it('a write that fails while a vault is filled forgets the slices kept: the fill starts over', async () => {
    const copy = indexedDbDeviceCopy('copy-test-filling-failure');
    await copy.replace('v', [entry('0a')], { index: 0, of: 2 });
    await expect(copy.apply('v', [['0b', { revision: 1, broken: () => undefined }]], [])).rejects.toThrow();
    expect(await copy.filling('v')).toBeNull();
    expect(await copy.read('v', idRanges(2)[0])).toBeNull();
  });

  it('is kept across pages: a second store on the same database reads what the first kept', async () => {
    await indexedDbDeviceCopy('copy-test-shared').keep('team:t1', [entry('t1')]);
    expect(await indexedDbDeviceCopy('copy-test-shared').read('team:t1')).toEqual([entry('t1')]);
  });

  it('clearing deletes the database; refused while another page has it open', async () => {
    const mine = indexedDbDeviceCopy('copy-test-clear');
    await mine.keep('user:ana', [entry('ana')]);
    const names = async () => (await indexedDB.databases()).map((database) => database.name);
    expect(await names()).toContain('copy-test-clear');
    await mine.clear();
    expect(await names()).not.toContain('copy-test-clear');

    const elsewhere = indexedDbDeviceCopy('copy-test-clear-open');
    await elsewhere.keep('user:ana', [entry('ana')]);
    // A page of another kind holding it open: nothing asks it to let go.
    const holder = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open('copy-test-clear-open');
      request.onsuccess = () => {
        resolve(request.result);
      };
    });
    await expect(indexedDbDeviceCopy('copy-test-clear-open').clear()).rejects.toBeInstanceOf(CopyInUseError);
    holder.close();
  });

  it('a page whose copy another page deletes lets it go, and neither answers from nor makes the copy again', async () => {
    const thisPage = indexedDbDeviceCopy('copy-test-deleted-elsewhere');
    await thisPage.keep('user:ana', [entry('ana')]);
    await indexedDbDeviceCopy('copy-test-deleted-elsewhere').clear();
    expect(await thisPage.read('user:ana')).toBeNull();
    expect(await thisPage.count('user:ana')).toBeNull();
    await thisPage.keep('user:ana', [entry('ana')]);
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('copy-test-deleted-elsewhere');
  });
});

describe('the device copy of earlier releases', () => {
  it("Firestore's persistent cache and the note of what it held are removed; the app's own copy and other databases stay", async () => {
    const create = (name: string) =>
      new Promise<void>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
      });
    await create('firestore/[DEFAULT]/demo-keyloft/main');
    await create('firestore-unrelated');
    await indexedDbDeviceCopy('keyloft-device-copy').keep('user:ana', [entry('ana')]);
    const storage = new MemoryStorage();
    storage.setItem('keyloft.syncedVaults', '{"entries:personal:ana":3}');
    storage.setItem('keyloft.deviceCopy', 'on');
    await removeEarlierCopies(storage);
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain('firestore/[DEFAULT]/demo-keyloft/main');
    expect(names).toEqual(expect.arrayContaining(['firestore-unrelated', 'keyloft-device-copy']));
    expect(storage.getItem('keyloft.syncedVaults')).toBeNull();
    expect(storage.getItem('keyloft.deviceCopy')).toBe('on');
  });
});
