// The user's team list as the Firestore repository reads it (src/data/firestore/teamListing.ts):
// one malformed team is flagged and the others listed (issue #41 item 7); an answer from the
// device copy says so (issue #42); and a server's answer drops from the copy the vaults of the
// teams nobody on this browser belongs to any more, naming them once (issue #41 item 3).
import { describe, expect, it, vi } from 'vitest';
import { memoryDeviceCopy, type DeviceCopyStore } from '../../../src/data/deviceCopy/store';
import type { Documents } from '../../../src/data/firestore/cursorPages';
import { readTeamListing, readTeamListingAndTidy } from '../../../src/data/firestore/teamListing';
import { sampleTeam } from '../../firestore/matrix/teamSeed';

const unreachable = () => Object.assign(new Error('Failed to get documents because the client is offline.'), { code: 'unavailable' });
const ops = sampleTeam('ana', 'Ops', { ana: 'owner', bob: 'full' });
const dev = sampleTeam('ana', 'Dev', { ana: 'owner', bob: 'full' });
const answer = (documents: Documents) => () => Promise.resolve(documents);

/** The list as the repository answers it, once the copy's clean-up it started has ended. */
async function listedAndTidied(copy: DeviceCopyStore, uid: string, server: () => Promise<Documents>) {
  const { listing, tidied } = await readTeamListingAndTidy(copy, uid, server);
  await tidied;
  return listing;
}

/** A team's four vaults in the copy, as a member's unlock leaves them. */
async function teamVaults(copy: DeviceCopyStore, teamId: string): Promise<void> {
  await copy.keep(`entries:team:${teamId}`, [['e1', { sealed: 'ciphertext' }]]);
  await copy.keep(`groups:team:${teamId}`, [['g1', { sealed: 'ciphertext' }]]);
  await copy.keep(`team:${teamId}`, [[teamId, ops]]);
  await copy.keep(`memberKeys:${teamId}`, []);
}

describe('the team list', () => {
  it('a malformed team among good ones: the good ones listed in order, the bad one flagged with what is wrong', async () => {
    const broken = { ...ops, name: 'Broken', keyVersion: 'two' };
    const nameless = { ...ops, name: 7 };
    const listing = await readTeamListing(undefined, 'bob', answer([['t1', ops], ['t2', broken], ['t3', dev], ['t4', nameless]]));
    expect(listing.teams.map((team) => [team.id, team.data.name])).toEqual([
      ['t3', 'Dev'],
      ['t1', 'Ops'],
    ]);
    expect(listing.malformed).toEqual([
      { id: 't4', name: null, problem: expect.stringContaining('name') as string },
      { id: 't2', name: 'Broken', problem: expect.stringContaining('keyVersion') as string },
    ]);
    expect(listing.fromDevice).toBe(false);
    expect(listing.left).toEqual([]);
  });

  it("with the server out of reach, the copy's list answers, marked as the device's, and drops nothing", async () => {
    const copy = memoryDeviceCopy();
    await copy.keep('teams:bob', [['t1', ops]]);
    await teamVaults(copy, 't9');
    const listing = await listedAndTidied(copy, 'bob', () => Promise.reject(unreachable()));
    expect(listing).toMatchObject({ fromDevice: true, left: [], malformed: [] });
    expect(listing.teams.map((team) => team.id)).toEqual(['t1']);
    expect(await copy.read('entries:team:t9')).not.toBeNull();
  });

  it("the server's answer drops every vault of a team the user left, names it once, and keeps the teams still listed", async () => {
    const copy = memoryDeviceCopy();
    await copy.keep('teams:bob', [['t1', ops], ['t2', dev]]);
    await teamVaults(copy, 't1');
    await teamVaults(copy, 't2');
    await copy.keep('entries:personal:bob', [['p1', { sealed: 'ciphertext' }]]);
    const first = await listedAndTidied(copy, 'bob', answer([['t2', dev]]));
    expect(first.left).toEqual([{ id: 't1', name: 'Ops' }]);
    expect(first.fromDevice).toBe(false);
    for (const vault of ['entries:team:t1', 'groups:team:t1', 'team:t1', 'memberKeys:t1']) expect(await copy.read(vault)).toBeNull();
    expect(await copy.vaultKeys()).toEqual(['entries:personal:bob', 'entries:team:t2', 'groups:team:t2', 'memberKeys:t2', 'team:t2', 'teams:bob']);
    // Said once: the copy's list is now the server's.
    await vi.waitFor(async () => {
      expect((await copy.read('teams:bob'))?.map(([id]) => id)).toEqual(['t2']);
    });
    expect((await readTeamListing(copy, 'bob', answer([['t2', dev]]))).left).toEqual([]);
  });

  it("a team another user of this browser still lists keeps its vaults; a vault no list claims goes, without being named", async () => {
    const copy = memoryDeviceCopy();
    await copy.keep('teams:bob', [['t1', ops]]);
    await copy.keep('teams:ana', [['t1', ops]]);
    await teamVaults(copy, 't1');
    // Left half-read by an earlier page: no list names it.
    await copy.replace('entries:team:orphan', [['e1', { sealed: 'ciphertext' }]]);
    const listing = await listedAndTidied(copy, 'bob', answer([]));
    expect(listing.left).toEqual([{ id: 't1', name: 'Ops' }]);
    expect(await copy.read('entries:team:t1')).not.toBeNull();
    expect(await copy.vaultKeys()).not.toContain('entries:team:orphan');
  });

  it('a malformed team the user still belongs to keeps its vaults', async () => {
    const copy = memoryDeviceCopy();
    await copy.keep('teams:bob', [['t1', ops]]);
    await teamVaults(copy, 't1');
    const listing = await listedAndTidied(copy, 'bob', answer([['t1', { ...ops, members: null }]]));
    expect(listing.malformed.map((team) => team.id)).toEqual(['t1']);
    expect(listing.left).toEqual([]);
    expect(await copy.read('entries:team:t1')).not.toBeNull();
  });

  it('a drop that fails is left for the next read; the list still answers', async () => {
    const memory = memoryDeviceCopy();
    const copy: DeviceCopyStore = { ...memory, drop: () => Promise.reject(new Error('disk full')) };
    await copy.keep('teams:bob', [['t1', ops]]);
    await teamVaults(copy, 't1');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const listing = await listedAndTidied(copy, 'bob', answer([]));
    expect(listing.left).toEqual([{ id: 't1', name: 'Ops' }]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(await memory.read('entries:team:t1')).not.toBeNull();
    await listedAndTidied(memory, 'bob', answer([]));
    expect(await memory.read('entries:team:t1')).toBeNull();
  });

  it('answers before the vaults of the teams left are dropped, and drops them after', async () => {
    const memory = memoryDeviceCopy();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // A copy whose drop waits: the list must not wait with it.
    const copy: DeviceCopyStore = { ...memory, drop: async (keys) => { await held; await memory.drop(keys); } };
    await copy.keep('teams:bob', [['t1', ops]]);
    await teamVaults(copy, 't1');
    const { listing, tidied } = await readTeamListingAndTidy(copy, 'bob', answer([]));
    expect(listing.left).toEqual([{ id: 't1', name: 'Ops' }]);
    expect(await memory.read('entries:team:t1')).not.toBeNull();
    release();
    await tidied;
    expect(await memory.read('entries:team:t1')).toBeNull();
  });
});
