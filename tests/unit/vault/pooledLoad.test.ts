// Issue #18: a page's sealed overviews are opened as batches, one per key, shared with the
// decryption workers. The vault loads exactly as when every entry opened on the main thread alone:
// the same entries (undecryptable ones included, logged the same), whichever thread opened them.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTeamKey, installOverviewWorkerFactory, type TeamKey } from '../../../src/crypto';
import type { StoredSealedEntry } from '../../../src/data/vault/storedEntries';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { loadEntries, savePassword, type TeamVaultDeps } from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { cloningWorker, itemsPosted, watched } from '../../support/fakeOverviewWorkers';

let current: TeamKey;
let previous: TeamKey;
let lost: TeamKey;
beforeAll(async () => {
  [current, previous, lost] = await Promise.all([generateTeamKey(), generateTeamKey(), generateTeamKey()]);
});

afterEach(() => {
  installOverviewWorkerFactory(undefined);
  vi.restoreAllMocks();
});

const repos = () => ({ passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() });

function deps(stores: ReturnType<typeof repos>, team: Partial<TeamVaultDeps['team']>, sealedFormat = true): TeamVaultDeps & ReturnType<typeof repos> {
  return { ...stores, userId: 'ana', team: { teamId: 'team-1', key: current, keyVersion: 4, role: 'full', ...team }, sealedFormat, now: () => 5_000 };
}

const draft = (n: number) => ({ title: `Entry ${n}`, url: n % 2 === 0 ? null : `https://site-${n}.example`, notes: null, username: `user${n}`, password: `pw${n}`, groupId: null });

/** A team mid-rotation: entries at the current and the previous key version, some at a version no key held opens, format-1 ones, and moved parts. */
async function mixedTeam() {
  const stores = repos();
  for (let n = 0; n < 70; n += 1) await savePassword(deps(stores, {}), draft(n));
  for (let n = 70; n < 110; n += 1) await savePassword(deps(stores, { key: previous, keyVersion: 3 }), draft(n));
  for (let n = 110; n < 114; n += 1) await savePassword(deps(stores, { key: lost, keyVersion: 2 }), draft(n));
  for (let n = 114; n < 120; n += 1) await savePassword(deps(stores, {}, false), draft(n));
  // Overviews moved to other documents: they fail their binding, in the worker's share as in the main thread's.
  const stored = await stores.passwords.listTeam('team-1');
  const sealed = stored.filter((entry): entry is typeof entry & { data: StoredSealedEntry } => entry.data.format === 2 && entry.data.keyVersion === 4);
  for (const [index, { data }] of sealed.slice(0, 6).entries()) stores.passwords.plant(`moved-${index}`, { ...data, overview: (sealed[index + 10] as (typeof sealed)[number]).data.overview });
  return deps(stores, { previousKey: previous });
}

/** The entries and what was logged while loading them. */
async function load(team: TeamVaultDeps): Promise<{ entries: PasswordEntry[]; logged: string[] }> {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const entries = await loadEntries(team);
  // The message with the id, and what was thrown: the same class whichever thread opened the entry.
  const logged = error.mock.calls.map(([message, cause]: unknown[]) => `${String(message)} ${cause instanceof Error ? cause.name : String(cause)}`).sort();
  error.mockRestore();
  return { entries, logged };
}

describe('loading a vault through the decryption pool', () => {
  it('gives the same entries, undecryptable ones included and logged alike, as opening them all on the main thread', async () => {
    const team = await mixedTeam();
    installOverviewWorkerFactory(null);
    const alone = await load(team);
    expect(alone.entries).toHaveLength(126);
    expect(alone.entries.filter((entry) => entry.undecryptable)).toHaveLength(10);
    expect(alone.logged).toHaveLength(10);

    const worker = watched(() => cloningWorker());
    installOverviewWorkerFactory(worker.factory);
    await load(team);
    await worker.ready;
    const pooled = await load(team);

    expect(pooled).toEqual(alone);
    // The worker did open some of them.
    expect(itemsPosted(worker.posted)).toBeGreaterThan(0);
  });
});
