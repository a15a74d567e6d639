// One behaviour for the repositories' live reads (issue #22), in memory (unit tier) and on
// Firestore through the rules (firestore tier): a read hands over every document once, in slices
// that together hold each exactly once, then each change as it is made, and nothing after its stop.
import { describe, expect, it } from 'vitest';
import type { ListingChanges, ListingWatcher } from '../../src/data/vault/storedEntries';
import { createdInTeam, sampleEntry, sampleGroup, sampleTeamEntry, teamEvents, type ContractTeam, type FreshTeams } from './vaultRepositories.contract';

const TEAM: ContractTeam = { teamId: 'team-live', keyVersion: 2, roles: { ana: 'owner', bob: 'full' } };

/** A watcher that keeps every call, and waits for what a case expects. */
function recorder<T>() {
  const calls: ListingChanges<T>[] = [];
  const errors: Error[] = [];
  const watcher: ListingWatcher<T> = {
    onChanges: (changes) => calls.push(changes),
    onError: (error) => errors.push(error),
  };
  /** Polls until `done` holds of the calls so far (Firestore delivers within the emulator's round trip). */
  const until = async (done: (seen: readonly ListingChanges<T>[]) => boolean, what: string) => {
    for (let waited = 0; !done(calls); waited += 20) {
      if (waited > 10_000) throw new Error(`no ${what} within 10 s; calls: ${JSON.stringify(calls.map(summary))}`);
      if (errors.length > 0) throw errors[0] as Error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const summary = (changes: ListingChanges<T>) => ({
    slice: changes.slice,
    first: changes.first,
    changed: changes.changed.items.map((item) => item.id),
    removed: changes.removed,
  });
  /** Every slice has handed over its first documents. */
  const allFirst = (seen: readonly ListingChanges<T>[]) => {
    const firsts = seen.filter((changes) => changes.first);
    return firsts.length > 0 && firsts.length === firsts[0]?.slices;
  };
  return { calls, errors, watcher, until, allFirst };
}

export function liveReadsContract(fresh: FreshTeams): void {
  describe('live reads contract', () => {
    it('a personal read hands over each of the user’s entries once, then every add, change and delete, and nothing after its stop', async () => {
      const as = await fresh([TEAM]);
      const ana = await as('ana');
      const ids = Array.from({ length: 3 }, () => ana.passwords.newId());
      for (const [index, id] of ids.entries()) await ana.passwords.create(id, sampleEntry('ana', `Entry ${index}`));
      await createdInTeam(ana.passwords, sampleTeamEntry(TEAM, 'ana', 'Team entry'));
      const bob = await as('bob');
      await bob.passwords.create(bob.passwords.newId(), sampleEntry('bob', 'Bob’s'));

      const read = recorder<Parameters<typeof ana.passwords.create>[1]>();
      const stop = ana.passwords.watchPersonal('ana', read.watcher);
      await read.until(read.allFirst, 'first slices');
      const firsts = read.calls.filter((changes) => changes.first);
      expect(firsts.flatMap((changes) => changes.changed.items.map((item) => item.id)).sort()).toEqual([...ids].sort());
      expect(new Set(firsts.map((changes) => changes.slice)).size).toBe(firsts.length);

      const added = ana.passwords.newId();
      await ana.passwords.create(added, sampleEntry('ana', 'New'));
      await read.until((seen) => seen.some((changes) => !changes.first && changes.changed.items.some((item) => item.id === added)), 'added entry');
      const [changedId, deletedId] = ids as [string, string];
      await ana.passwords.update(changedId, { title: 'Renamed' }, 2_000, 1);
      await read.until(
        (seen) => seen.some((changes) => changes.changed.items.some((item) => item.id === changedId && item.data.revision === 2 && item.data.title === 'Renamed')),
        'changed entry',
      );
      await ana.passwords.delete(deletedId, 1);
      await read.until((seen) => seen.some((changes) => changes.removed.includes(deletedId)), 'deleted entry');
      const later = read.calls.filter((changes) => !changes.first);
      expect(later.flatMap((changes) => changes.changed.items.map((item) => item.data.userId))).toEqual(later.flatMap((changes) => changes.changed.items.map(() => 'ana')));

      stop();
      const heard = read.calls.length;
      await ana.passwords.create(ana.passwords.newId(), sampleEntry('ana', 'After stop'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(read.calls).toHaveLength(heard);
      expect(read.errors).toEqual([]);
    });

    it('a member’s team read shows what another member adds, changes and deletes', async () => {
      const as = await fresh([TEAM]);
      const ana = await as('ana');
      const bob = await as('bob');
      const read = recorder<Parameters<typeof ana.passwords.create>[1]>();
      const stop = ana.passwords.watchTeam(TEAM.teamId, read.watcher);
      await read.until(read.allFirst, 'first slices');
      expect(read.calls.flatMap((changes) => changes.changed.items)).toEqual([]);

      const id = bob.passwords.newId();
      await bob.passwords.create(id, sampleTeamEntry(TEAM, 'bob', 'Deploy'), teamEvents.created(id));
      await read.until((seen) => seen.some((changes) => changes.changed.items.some((item) => item.id === id)), 'teammate’s entry');
      await bob.passwords.update(id, { title: 'Deploy key' }, 2_000, 1, teamEvents.edited(id));
      await read.until((seen) => seen.some((changes) => changes.changed.items.some((item) => item.id === id && item.data.revision === 2)), 'teammate’s change');
      await bob.passwords.delete(id, 2, teamEvents.deleted(id));
      await read.until((seen) => seen.some((changes) => changes.removed.includes(id)), 'teammate’s delete');
      stop();
      expect(read.errors).toEqual([]);
    });

    it('a group read hands over the groups, then a new one, a rename and a delete', async () => {
      const as = await fresh([TEAM]);
      const ana = await as('ana');
      const first = ana.groups.newId();
      await ana.groups.create(first, sampleGroup('ana', 'Work'));
      const read = recorder<Parameters<typeof ana.groups.create>[1]>();
      const stop = ana.groups.watchPersonal('ana', read.watcher);
      await read.until(read.allFirst, 'first slice');
      expect(read.calls[0]?.changed.items.map((item) => item.id)).toEqual([first]);

      const second = ana.groups.newId();
      await ana.groups.create(second, sampleGroup('ana', 'Home'));
      await read.until((seen) => seen.some((changes) => changes.changed.items.some((item) => item.id === second)), 'new group');
      await ana.groups.update(first, { name: 'Office' }, 2_000, 1);
      await read.until((seen) => seen.some((changes) => changes.changed.items.some((item) => item.id === first && item.data.revision === 2)), 'renamed group');
      await ana.groups.delete(second, 1);
      await read.until((seen) => seen.some((changes) => changes.removed.includes(second)), 'deleted group');
      stop();
      expect(read.errors).toEqual([]);
    });
  });
}
