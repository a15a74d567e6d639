// Issue #22 on the Firestore emulator, through the rules: a live read of a vault larger than one
// listener's share is cut into id slices (idRanges.ts) that together hand over every entry exactly
// once, a change reaches exactly one slice, and someone outside a team cannot listen to it.
import { collection, deleteDoc, disableNetwork, doc, enableNetwork, setDoc, terminate, writeBatch, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import { memoryDeviceCopy, type DeviceCopyStore } from '../../src/data/deviceCopy/store';
import { idRanges } from '../../src/data/firestore/idRanges';
import { ANSWER_WAIT_MS } from '../../src/data/firestore/liveListings';
import { connectionOf, endReadsQuietly } from '../../src/data/firestore/liveServer';
import type { ListingChanges, ListingWatcher, StoredPasswordEntry } from '../../src/data/vault/storedEntries';
import { sampleEntry, sampleTeamEntry } from '../contract/vaultRepositories.contract';
import { sampleTeam } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

async function seed(documents: readonly (readonly [string, Record<string, unknown>])[], teams: Record<string, Record<string, unknown>> = {}): Promise<void> {
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    for (const [id, data] of documents) batch.set(doc(db, 'passwords', id), data);
    for (const [id, data] of Object.entries(teams)) batch.set(doc(db, 'teams', id), data);
    await batch.commit();
  });
}

function recorder() {
  const calls: ListingChanges<StoredPasswordEntry>[] = [];
  const errors: Error[] = [];
  const watcher: ListingWatcher<StoredPasswordEntry> = {
    onChanges: (changes) => calls.push(changes),
    onError: (error) => errors.push(error),
  };
  const until = async (done: () => boolean, what: string, within = 10_000) => {
    for (let waited = 0; !done(); waited += 20) {
      if (waited > within) {
        // What came instead, so that a failure in CI says where the read stopped.
        const seen = calls.map((changes) => `${changes.first ? 'first' : 'change'} ${String(changes.slice)}: +${String(changes.changed.items.length)} -${String(changes.removed.length)}`);
        throw new Error(`no ${what} within ${String(within / 1000)} s; calls [${seen.join(', ')}], errors [${errors.map(String).join(', ')}]`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { calls, errors, watcher, until };
}

/**
 * `copy` as the repository writes to it, watched: the ids of every document it writes or removes,
 * and how many reads have left the vault whole in it (counted once marked).
 */
function watchedCopy(copy: DeviceCopyStore) {
  const written: string[] = [];
  const seen = { wholeReads: 0 };
  const store: DeviceCopyStore = {
    ...copy,
    replace: (key, documents, slice) => {
      written.push(...documents.map(([id]) => id));
      return copy.replace(key, documents, slice);
    },
    apply: (key, changed, removed) => {
      written.push(...changed.map(([id]) => id), ...removed);
      return copy.apply(key, changed, removed);
    },
    markWhole: async (key) => {
      await copy.markWhole(key);
      seen.wholeReads += 1;
    },
  };
  return { store, written, wholeReads: () => seen.wholeReads };
}

describe('live reads on Firestore', () => {
  it('a vault of 41 entries read at 4 per listener comes in 11 slices holding each entry once, and a new entry reaches one slice', async () => {
    await env().clearFirestore();
    const db = firestoreAs(env(), 'ana');
    const passwords = createFirestorePasswordRepository(db, undefined, { entriesPerRange: 4 });
    const ids = Array.from({ length: 41 }, () => passwords.newId());
    await seed([...ids.map((id, index) => [id, { ...sampleEntry('ana', `Entry ${index}`) }] as const), ['bob-entry', { ...sampleEntry('bob', 'Bob') }]]);
    await seedLiveTrial(env(), 'ana');

    const read = recorder();
    const stop = passwords.watchPersonal('ana', read.watcher);
    await read.until(() => read.calls.filter((changes) => changes.first).length === 11 || read.errors.length > 0, 'eleven first slices');
    expect(read.errors).toEqual([]);
    const firsts = read.calls.filter((changes) => changes.first);
    expect(new Set(firsts.map((changes) => changes.slice))).toEqual(new Set(Array.from({ length: 11 }, (_, slice) => slice)));
    expect(firsts.every((changes) => changes.slices === 11)).toBe(true);
    expect(firsts.flatMap((changes) => changes.changed.items.map((item) => item.id)).sort()).toEqual([...ids].sort());

    const added = passwords.newId();
    await passwords.create(added, sampleEntry('ana', 'New'));
    await read.until(() => read.calls.some((changes) => !changes.first && changes.changed.items.some((item) => item.id === added)), 'the new entry');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(read.calls.filter((changes) => changes.changed.items.some((item) => item.id === added))).toHaveLength(1);
    stop();
  });

  it('offline, a live read fails instead of handing over an empty or partial vault; online again, a new read hands over everything', { timeout: 60_000 }, async () => {
    await env().clearFirestore();
    const db = firestoreAs(env(), 'ana');
    const passwords = createFirestorePasswordRepository(db);
    const id = passwords.newId();
    await seed([[id, { ...sampleEntry('ana', 'Bank') }]]);
    await disableNetwork(db);
    const offline = recorder();
    const stopOffline = passwords.watchPersonal('ana', offline.watcher);
    // The listeners answer only from the cache offline: the read gives up after ANSWER_WAIT_MS.
    await offline.until(() => offline.errors.length > 0, 'an error offline', ANSWER_WAIT_MS + 5_000);
    expect(offline.calls).toEqual([]);
    stopOffline();

    await enableNetwork(db);
    const online = recorder();
    const stop = passwords.watchPersonal('ana', online.watcher);
    await online.until(() => online.calls.some((changes) => changes.first), 'the vault online');
    expect(online.calls.flatMap((changes) => changes.changed.items.map((item) => item.id))).toEqual([id]);
    stop();
  });

  it('a write of this tab is handed over once the server has it, never before; a reconnect hands over nothing unchanged', { timeout: 60_000 }, async () => {
    await env().clearFirestore();
    await seedLiveTrial(env(), 'ana');
    const db = firestoreAs(env(), 'ana');
    const passwords = createFirestorePasswordRepository(db);
    const kept = passwords.newId();
    await seed([[kept, { ...sampleEntry('ana', 'Kept') }]]);
    const read = recorder();
    const stop = passwords.watchPersonal('ana', read.watcher);
    await read.until(() => read.calls.some((changes) => changes.first), 'the vault');

    await disableNetwork(db);
    const added = passwords.newId();
    const writing = passwords.create(added, sampleEntry('ana', 'Unconfirmed'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Shown now, the entry would vanish with a reload before the write reaches the server.
    expect(read.calls.filter((changes) => !changes.first)).toEqual([]);

    await enableNetwork(db);
    await writing;
    // The SDK holds an acknowledged write as pending until the listen stream, started again by
    // enableNetwork, brings the document back: on a loaded CI machine that once took over 10 s.
    await read.until(() => read.calls.some((changes) => !changes.first), 'the confirmed entry', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = read.calls.filter((changes) => !changes.first);
    expect(later.flatMap((changes) => changes.changed.items.map((item) => item.id))).toEqual([added]);
    expect(read.errors).toEqual([]);
    stop();
  });

  it('with the device copy, a vault read whole once opens from the device while the server is silent, and the server’s answer then brings what changed meanwhile', { timeout: 60_000 }, async () => {
    await env().clearFirestore();
    await seedLiveTrial(env(), 'ana');
    const db = firestoreAs(env(), 'ana');
    // Each read that every slice has answered leaves the vault whole in the copy: counted, to know when one has.
    const copy = memoryDeviceCopy();
    const watched = watchedCopy(copy);
    const passwords = createFirestorePasswordRepository(db, undefined, { entriesPerRange: 4, copy: watched.store });
    const ids = Array.from({ length: 9 }, () => passwords.newId());
    await seed(ids.map((id, index) => [id, { ...sampleEntry('ana', `Entry ${index}`) }] as const));

    // Read whole from the server: every answer is kept in the copy, and the vault is whole there.
    expect(await copy.read('entries:personal:ana')).toBeNull();
    const whole = recorder();
    const stopWhole = passwords.watchPersonal('ana', whole.watcher);
    await whole.until(() => whole.calls.filter((changes) => changes.first).length === 3, 'the whole vault');
    await whole.until(() => watched.wholeReads() === 1, 'the vault whole in the copy');
    expect((await copy.read('entries:personal:ana'))?.map(([id]) => id)).toEqual([...ids].sort());
    stopWhole();

    // Offline: the vault opens from the device, every entry once.
    await disableNetwork(db);
    const [gone, changedId] = ids;
    const addedId = passwords.newId();
    await seed([[addedId, { ...sampleEntry('ana', 'Added meanwhile') }]]);
    await env().withSecurityRulesDisabled(async (context) => {
      const admin = context.firestore() as unknown as Firestore;
      await deleteDoc(doc(admin, 'passwords', gone ?? ''));
      await setDoc(doc(admin, 'passwords', changedId ?? ''), { ...sampleEntry('ana', 'Changed meanwhile', { revision: 2, updatedAt: 2_000 }) });
    });
    const offline = recorder();
    const stop = passwords.watchPersonal('ana', offline.watcher);
    await offline.until(() => offline.calls.filter((changes) => changes.first).length === 3, 'the device copy');
    expect(offline.calls.flatMap((changes) => changes.changed.items.map((item) => item.id)).sort()).toEqual([...ids].sort());
    expect(offline.errors).toEqual([]);

    // The server stays silent past the wait: the read does not fail, the server is marked unreachable.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_WAIT_MS + 1_000));
    expect(offline.errors).toEqual([]);
    expect(connectionOf(db).reachable()).toBe(false);
    await expect(passwords.create(passwords.newId(), sampleEntry('ana', 'Offline'))).rejects.toThrow("You are offline. Changes can't be saved until you are back online.");

    // Online again: the server's answers bring the entry added, the one changed and the one deleted.
    await enableNetwork(db);
    await offline.until(() => offline.calls.some((changes) => changes.removed.includes(gone ?? '')), 'the deletion made meanwhile');
    await offline.until(() => offline.calls.some((changes) => !changes.first && changes.changed.items.some((item) => item.id === addedId)), 'the entry added meanwhile');
    // Every slice answered (two listen at a time, the third after one of them has answered).
    await offline.until(() => watched.wholeReads() === 2, 'every slice’s answer');
    const later = offline.calls.filter((changes) => !changes.first).flatMap((changes) => changes.changed.items);
    expect(later.find((item) => item.id === changedId)?.data.revision).toBe(2);
    // Unchanged entries are not handed over again.
    expect(later.map((item) => item.id).filter((id) => ids.includes(id) && id !== changedId)).toEqual([]);
    await offline.until(() => connectionOf(db).reachable(), 'the server reachable again');
    // The copy followed: it holds what the server now holds.
    const held = await copy.read('entries:personal:ana');
    expect(held?.map(([id]) => id)).toEqual([...ids.filter((id) => id !== gone), addedId].sort());
    expect((held?.find(([id]) => id === changedId)?.[1] as { revision?: number } | undefined)?.revision).toBe(2);
    stop();
  });

  it('a vault the copy holds opens sliced as its size asks, every entry once, and an answer that changes nothing writes nothing', { timeout: 60_000 }, async () => {
    await env().clearFirestore();
    await seedLiveTrial(env(), 'ana');
    const db = firestoreAs(env(), 'ana');
    const copy = memoryDeviceCopy();
    const passwords = createFirestorePasswordRepository(db, undefined, { entriesPerRange: 4, copy });
    const ids = Array.from({ length: 9 }, () => passwords.newId());
    const entries = ids.map((id, index) => [id, { ...sampleEntry('ana', `Entry ${index}`) }] as const);
    await seed(entries);
    // The copy holds the nine entries, as a whole read left them (the test above).
    await copy.keep('entries:personal:ana', entries);
    const watched = watchedCopy(copy);
    const reading = createFirestorePasswordRepository(db, undefined, { entriesPerRange: 4, copy: watched.store });

    const read = recorder();
    const stop = reading.watchPersonal('ana', read.watcher);
    await read.until(() => read.calls.filter((changes) => changes.first).length === 3, 'the device copy in three slices');
    const firsts = read.calls.filter((changes) => changes.first);
    expect(firsts.every((changes) => changes.slices === 3)).toBe(true);
    expect(firsts.flatMap((changes) => changes.changed.items.map((item) => item.id)).sort()).toEqual([...ids].sort());
    await read.until(() => watched.wholeReads() > 0, 'every slice answered by the server');
    expect(read.calls.filter((changes) => !changes.first)).toEqual([]);
    expect(watched.written).toEqual([]);
    expect(read.errors).toEqual([]);
    stop();
  });

  it('a fill the page left halfway resumes: the slice it kept opens from the device, the rest is asked first, and only the rest is written before the vault is whole', { timeout: 60_000 }, async () => {
    await env().clearFirestore();
    await seedLiveTrial(env(), 'ana');
    const db = firestoreAs(env(), 'ana');
    const ranges = idRanges(3);
    // Three entries in each of three slices, by their ids.
    const bySlice = ranges.map((range, slice) => Array.from({ length: 3 }, (_, k) => [`${range.from ?? '00'}resume${String(k)}`, { ...sampleEntry('ana', `Entry ${String(slice)}.${String(k)}`) }] as const));
    const [kept = [], second = [], third = []] = bySlice;
    await seed(bySlice.flat());
    // The first unlock kept slice 0 before the page went away; since then one of its entries was
    // saved elsewhere, one added, and one deleted (the copy still has it, the server no longer).
    const [changedEntry, unchangedEntry, addedEntry] = kept;
    if (changedEntry === undefined || unchangedEntry === undefined || addedEntry === undefined) throw new Error('entries expected');
    const goneId = `${ranges[0]?.from ?? '00'}resumeGone`;
    const stale = [[changedEntry[0], { ...changedEntry[1], updatedAt: 500 }] as const, unchangedEntry, [goneId, sampleEntry('ana', 'Gone')] as const];
    const copy = memoryDeviceCopy();
    await copy.replace('entries:personal:ana', stale, { index: 0, of: 3 });
    const watched = watchedCopy(copy);
    const reading = createFirestorePasswordRepository(db, undefined, { entriesPerRange: 4, copy: watched.store });
    const read = recorder();
    const stop = reading.watchPersonal('ana', read.watcher);
    await read.until(() => watched.wholeReads() > 0 || read.errors.length > 0, 'the vault whole in the copy');
    expect(read.errors).toEqual([]);
    const seen = read.calls.map((changes) => [changes.slice, changes.slices, changes.first, changes.changed.items.map((item) => item.id).sort(), changes.removed]);
    expect(seen[0]).toEqual([0, 3, true, stale.map(([id]) => id).sort(), []]);
    // The slices the copy did not hold are asked first (two at a time), the kept one's answer comes
    // as the change from what the device showed.
    expect(seen.slice(1, 3)).toEqual(
      expect.arrayContaining([
        [1, 3, true, second.map(([id]) => id).sort(), []],
        [2, 3, true, third.map(([id]) => id).sort(), []],
      ]),
    );
    expect(seen.slice(3)).toEqual([[0, 3, false, [changedEntry[0], addedEntry[0]].sort(), [goneId]]]);
    expect(watched.written.sort()).toEqual([...[...second, ...third].map(([id]) => id), changedEntry[0], addedEntry[0], goneId].sort());
    expect((await copy.read('entries:personal:ana'))?.map(([id]) => id)).toEqual(bySlice.flat().map(([id]) => id).sort());
    stop();
  });

  it('someone outside a team cannot listen to its entries: the read ends with an error and hands over nothing', async () => {
    await env().clearFirestore();
    await seed([['t-entry', { ...sampleTeamEntry({ teamId: 'team-x', keyVersion: 1, roles: { ana: 'owner' } }, 'ana', 'Secret') }]], {
      'team-x': { ...sampleTeam('ana', 'team-x', { ana: 'owner' }, { keyVersion: 1 }) },
    });
    const eve = createFirestorePasswordRepository(firestoreAs(env(), 'eve'));
    const read = recorder();
    const stop = eve.watchTeam('team-x', read.watcher);
    await read.until(() => read.errors.length > 0, 'a refusal');
    expect(read.calls).toEqual([]);
    expect(String(read.errors[0])).toMatch(/permission/i);
    stop();
  });

  it('a refused read leaves the connection alone: a server read in flight as the next live read starts still succeeds', async () => {
    await env().clearFirestore();
    await seed([['t-entry', { ...sampleTeamEntry({ teamId: 'team-x', keyVersion: 1, roles: { ana: 'owner' } }, 'ana', 'Secret') }]], {
      'team-x': { ...sampleTeam('ana', 'team-x', { ana: 'owner' }, { keyVersion: 1 }) },
    });
    await seedLiveTrial(env(), 'eve');
    const eve = createFirestorePasswordRepository(firestoreAs(env(), 'eve'));
    const refused = recorder();
    eve.watchTeam('team-x', refused.watcher);
    await refused.until(() => refused.errors.length > 0, 'a refusal');

    // Restarting the network after a refusal (as after an unreachable server) would fail this read.
    const reading = eve.listPersonal('eve');
    const next = recorder();
    const stop = eve.watchPersonal('eve', next.watcher);
    await expect(reading).resolves.toEqual([]);
    await next.until(() => next.calls.some((changes) => changes.first) || next.errors.length > 0, 'the next read');
    expect(next.errors).toEqual([]);
    stop();
  });

  it('a Firestore the app ends on purpose (the device copy removed) ends its live reads quietly; ended otherwise, they fail', async () => {
    await env().clearFirestore();
    await seed([['a-entry', { ...sampleEntry('ana', 'Bank') }]]);
    await seedLiveTrial(env(), 'ana');
    const openRead = async (user: string) => {
      const db = firestoreAs(env(), user);
      const read = recorder();
      const stop = createFirestorePasswordRepository(db).watchPersonal(user, read.watcher);
      await read.until(() => read.calls.some((changes) => changes.first) || read.errors.length > 0, 'the first slice');
      expect(read.errors).toEqual([]);
      return { db, read, stop };
    };

    const onPurpose = await openRead('ana');
    endReadsQuietly(onPurpose.db);
    await terminate(collection(onPurpose.db, 'users').firestore);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onPurpose.read.errors).toEqual([]);
    onPurpose.stop();

    const ended = await openRead('ana-again');
    await terminate(collection(ended.db, 'users').firestore);
    await ended.read.until(() => ended.read.errors.length > 0, 'a failure');
    ended.stop();
  });
});
