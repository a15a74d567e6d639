// Issue #18 item 0: a vault is read a page at a time and each page is opened and handed out as it
// arrives; the list is ordered by title (code point) then id, however the pages split it; a page
// that fails fails the load.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../src/crypto';
import { compareEntries, compareTitles, mergeInOrder, sortEntries } from '../../../src/features/vault/entryOrder';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { LoadStoppedError, loadEntries, savePassword, type PersonalVaultDeps } from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

// The task boundary between reading a page and opening it, held shut by one test; real otherwise.
const taskGate = vi.hoisted(() => ({ shut: null as Promise<void> | null, passed: 0 }));
vi.mock('../../../src/ui/nextTask', async (importOriginal) => {
  const real = await importOriginal<{ nextTask: () => Promise<void> }>();
  return {
    nextTask: async () => {
      await (taskGate.shut ?? real.nextTask());
      taskGate.passed += 1;
    },
  };
});

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

function personal(): PersonalVaultDeps & { passwords: MemoryPasswordRepository } {
  return { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => 5_000, sealedFormat: true };
}

const draft = (title: string) => ({ title, url: null, notes: null, username: `${title}-user`, password: `${title}-secret`, groupId: null });

const entry = (id: string, title: string): PasswordEntry => ({
  id,
  title,
  url: null,
  notes: null,
  username: '',
  password: '',
  groupId: null,
  createdAt: 0,
  updatedAt: 0,
  revision: 1,
  undecryptable: false,
});

/** Code point order, written out plainly, to hold compareTitles to. */
function byCodePoint(a: string, b: string): number {
  const [left, right] = [Array.from(a, (char) => char.codePointAt(0) ?? 0), Array.from(b, (char) => char.codePointAt(0) ?? 0)];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) if (left[index] !== right[index]) return left[index]! - right[index]!;
  return left.length - right.length;
}

describe('list order', () => {
  it('compares titles by code point (an astral character after U+FFxx), as Firestore ordered them', () => {
    const titles = ['\u{1F510} vault', '\uFF5E wave', 'Zebra', 'apple', 'Äpfel', '', 'Z', '\uD7FF', '\uE000', 'a\u{1F600}', 'a\uFFFF'];
    const sorted = [...titles].sort(compareTitles);
    expect(sorted).toEqual([...titles].sort(byCodePoint));
    expect(sorted.indexOf('\uFF5E wave')).toBeLessThan(sorted.indexOf('\u{1F510} vault'));
  });

  it('sorts a list as compareEntries does, with or without characters from U+D800 up among the titles', () => {
    const plain = ['Zebra', 'apple', 'Äpfel', '', 'Z', '\uD7FF', 'Bank', 'Bank'].map((title, index) => entry(`id-${String(9 - index)}`, title));
    expect(sortEntries([...plain]).map((row) => row.id)).toEqual([...plain].sort(compareEntries).map((row) => row.id));
    // One astral title (a surrogate pair) and one from U+E000 up: code units would put the astral one first.
    const mixed = [...plain, entry('astral', '\u{1F510} vault'), entry('private', '\uFF5E wave')];
    const sorted = sortEntries([...mixed]).map((row) => row.id);
    expect(sorted).toEqual([...mixed].sort(compareEntries).map((row) => row.id));
    expect(sorted.indexOf('private')).toBeLessThan(sorted.indexOf('astral'));
  });

  it('merges a page into the rows shown: the same list as sorting the whole, same titles ordered by id', () => {
    const shown = [entry('b', 'Bank'), entry('d', 'Bank'), entry('m', 'Mail'), entry('z', 'Zoo')].sort(compareEntries);
    const page = [entry('c', 'Bank'), entry('a', 'Alpha'), entry('y', 'Zoo'), entry('q', 'Quiz')].sort(compareEntries);
    const merged = mergeInOrder(shown, page);
    expect(merged.map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'm', 'q', 'y', 'z']);
    expect(merged).toEqual([...shown, ...page].sort(compareEntries));
    expect(mergeInOrder([], page)).toEqual(page);
    expect(mergeInOrder(shown, [])).toEqual(shown);
  });
});

describe('loading a vault a page at a time', () => {
  it('hands out each page opened and in order, reading at most two ahead, and the whole in order at the end', async () => {
    const deps = personal();
    const titles = ['Mail', 'bank', 'Zoo', 'Alpha', 'Cloud', 'Alpha'];
    for (const title of titles) await savePassword(deps, draft(title));
    deps.passwords.pageSize = 1;
    const events: string[] = [];
    deps.passwords.beforePage = (index) => {
      events.push(`read ${index}`);
      return Promise.resolve();
    };
    const entries = await loadEntries(deps, (page, loaded) => {
      events.push(`page of ${page.length}, ${loaded} so far`);
      expect(page).toEqual([...page].sort(compareEntries));
      // A sealed entry's overview is open; its password is not (details on demand).
      for (const row of page) expect(row).toMatchObject({ undecryptable: false, password: '', sealed: true });
    });
    // Pages are read in order and handed out in order; reading runs ahead of the page handed out
    // (the second page is read before the first is handed out) but never more than two pages
    // ahead. Exactly when the reader's next page starts depends on when the decryptions finish
    // (a loaded machine moved 'read 5' after the fourth page once), so only the bounds are fixed.
    const at = (event: string) => events.indexOf(event);
    const handed = (page: number) => `page of 1, ${page + 1} so far`;
    expect(events.filter((event) => event.startsWith('read'))).toEqual(['read 0', 'read 1', 'read 2', 'read 3', 'read 4', 'read 5']);
    expect(events.filter((event) => event.startsWith('page'))).toEqual([0, 1, 2, 3, 4, 5].map(handed));
    expect(at('read 1')).toBeLessThan(at(handed(0)));
    for (let page = 0; page + 3 <= 5; page += 1) expect(at(`read ${page + 3}`)).toBeGreaterThan(at(handed(page)));
    expect(entries.map((row) => row.title)).toEqual(['Alpha', 'Alpha', 'Cloud', 'Mail', 'Zoo', 'bank']);
    expect(entries).toEqual([...entries].sort(compareEntries));
  });

  it('rejects when a later page cannot be read, after handing out the earlier ones', async () => {
    const deps = personal();
    for (const title of ['A', 'B', 'C', 'D', 'E']) await savePassword(deps, draft(title));
    deps.passwords.pageSize = 2;
    deps.passwords.beforePage = (index) => (index === 2 ? Promise.reject(new Error('offline')) : Promise.resolve());
    const handed: number[] = [];
    await expect(loadEntries(deps, (_page, loaded) => handed.push(loaded))).rejects.toThrow('offline');
    expect(handed).toEqual([2, 4]);
  });

  it('opens a page in a task after the one that read it (reading and opening were one long task)', async () => {
    const deps = personal();
    for (const title of ['A', 'B']) await savePassword(deps, draft(title));
    let open!: () => void;
    taskGate.shut = new Promise<void>((resolve) => {
      open = resolve;
    });
    taskGate.passed = 0;
    try {
      let read = false;
      deps.passwords.beforePage = () => {
        read = true;
        return Promise.resolve();
      };
      const handed: number[] = [];
      const loading = loadEntries(deps, (_page, loaded) => handed.push(loaded));
      await vi.waitFor(() => {
        expect(read).toBe(true);
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(handed).toEqual([]);
      open();
      expect((await loading).map((row) => row.title)).toEqual(['A', 'B']);
      expect(handed).toEqual([2]);
      expect(taskGate.passed).toBe(1);
    } finally {
      taskGate.shut = null;
    }
  });

  it('stops between pages once the screen is gone: no further page read or handed out', async () => {
    const deps = personal();
    for (const title of ['A', 'B', 'C', 'D', 'E', 'F']) await savePassword(deps, draft(title));
    deps.passwords.pageSize = 1;
    const reads: number[] = [];
    deps.passwords.beforePage = (index) => {
      reads.push(index);
      return Promise.resolve();
    };
    let gone = false;
    const handed: number[] = [];
    const loading = loadEntries(
      deps,
      (_page, loaded) => {
        handed.push(loaded);
        gone = true;
      },
      () => gone,
    );
    await expect(loading).rejects.toBeInstanceOf(LoadStoppedError);
    expect(handed).toEqual([1]);
    // The first page and the two read ahead of it; none after the stop.
    expect(reads).toEqual([0, 1, 2]);
  });

  it('hands out one empty page for an empty vault', async () => {
    const deps = personal();
    const handed: number[] = [];
    expect(await loadEntries(deps, (page, loaded) => handed.push(page.length, loaded))).toEqual([]);
    expect(handed).toEqual([0, 0]);
  });
});
