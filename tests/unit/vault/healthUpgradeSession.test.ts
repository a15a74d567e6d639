import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../src/crypto';
import type { EstimateStrength, StrengthScore } from '../../../src/features/vault/health/healthReport';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { VaultSession, type VaultState } from '../../../src/features/vault/session/vaultSession';
import { loadEntries, savePassword, type PersonalVaultDeps } from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

// Issue #42: the vault session brings its entries' health records up to date once loaded (after
// a delay, here 0), as its own writes: the list takes each upgraded entry (so the next edit is no false conflict) and the
// echo is not shown as a change made elsewhere.

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

const estimate: EstimateStrength = (password) => Promise.resolve(Math.min(4, Math.floor(password.length / 4)) as StrengthScore);

function until(session: VaultSession, done: (state: VaultState) => boolean): Promise<VaultState> {
  return new Promise((resolve) => {
    if (done(session.state)) {
      resolve(session.state);
      return;
    }
    const stop = session.subscribe((state) => {
      if (!done(state)) return;
      stop();
      resolve(state);
    });
  });
}

describe('the vault session and the health upgrade', () => {
  it('gives the loaded entries their records in the background, as its own writes', async () => {
    const passwords = new MemoryPasswordRepository();
    const groups = new MemoryGroupRepository();
    const older: PersonalVaultDeps = { passwords, groups, vaultKey, userId: 'ana', now: () => 5_000 };
    for (const title of ['Bank', 'Mail', 'Wiki']) await savePassword(older, { title, url: null, notes: null, username: 'ana', password: `${title} secret`, groupId: null });
    const session = new VaultSession({ ...older, strength: () => Promise.resolve(estimate), healthUpgradeDelayMs: 0, now: () => 6_000 });
    session.start();
    const state = await until(session, (current) => current.load.status === 'ready' && current.entries.length === 3 && current.entries.every((entry) => entry.health !== undefined));
    expect(state.entries.map((entry) => entry.revision)).toEqual([2, 2, 2]);
    expect(state.entries.some((entry) => entry.changedElsewhere === true)).toBe(false);
    expect((await loadEntries(older)).every((entry) => entry.health !== undefined)).toBe(true);
    // The list holds the revision written: an edit now is no conflict.
    const bank = state.entries.find((entry) => entry.title === 'Bank') as PasswordEntry;
    await session.save({ title: 'Bank', url: '', notes: '', username: 'ana', password: 'a new one', groupId: null } as never, await session.withDetails(bank));
    expect(session.state.entries.find((entry) => entry.id === bank.id)).toMatchObject({ revision: 3, title: 'Bank' });
    session.stop();
  });
});
