// Issue #42 on the emulator, through the rules: the background upgrade gives existing personal
// entries their health record by rewriting only the overview on the revision read; a failure
// halfway loses nothing and the next run finishes; an entry changed meanwhile is left alone.
import type { Firestore } from 'firebase/firestore';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, passwordFingerprint, type VaultKey } from '../../src/crypto';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import type { EstimateStrength, StrengthScore } from '../../src/features/vault/health/healthReport';
import { upgradeHealth } from '../../src/features/vault/health/upgradeHealth';
import { loadEntries, openDetails, savePassword, type PersonalVaultDeps } from '../../src/features/vault/vaultService';
import { seedLiveTrial } from './planSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const environment = useRulesEnvironment();

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

beforeEach(async () => {
  const env = environment();
  await env.clearFirestore();
  await seedLiveTrial(env, 'ana');
});

const estimate: EstimateStrength = (password) => Promise.resolve(Math.min(4, Math.floor(password.length / 4)) as StrengthScore);

function personalDeps(db: Firestore, withEstimator: boolean): PersonalVaultDeps {
  return {
    passwords: createFirestorePasswordRepository(db),
    groups: createFirestoreGroupRepository(db),
    vaultKey,
    userId: 'ana',
    now: () => Date.now(),
    ...(withEstimator ? { strength: () => Promise.resolve(estimate) } : {}),
  };
}

async function oldVault(count: number) {
  const db = firestoreAs(environment(), 'ana');
  const before = personalDeps(db, false);
  for (let index = 0; index < count; index += 1) {
    await savePassword(before, { title: `Site ${index}`, url: null, notes: `note ${index}`, username: 'ana', password: index % 3 === 0 ? 'shared one' : `own ${index}`, groupId: null });
  }
  return { before, after: personalDeps(db, true) };
}

describe('the health upgrade through the rules', () => {
  it('writes each record with the overview alone; a failure halfway loses nothing, and the next run finishes', async () => {
    const { after } = await oldVault(14);
    const update = after.passwords.update.bind(after.passwords);
    let calls = 0;
    const spy = vi.spyOn(after.passwords, 'update').mockImplementation((...args) => {
      calls += 1;
      return calls === 12 ? Promise.reject(new Error('the network went away')) : update(...args);
    });
    await expect(upgradeHealth(after, await loadEntries(after))).rejects.toThrow('the network went away');
    spy.mockRestore();

    const halfway = await loadEntries(after);
    expect(halfway.filter((entry) => entry.health !== undefined)).toHaveLength(13);
    for (const entry of halfway) {
      expect(entry.undecryptable).toBe(false);
      expect((await openDetails(after, entry)).notes).toBe(`note ${entry.title.split(' ')[1]}`);
    }
    expect(await upgradeHealth(after, halfway)).toEqual({ kind: 'done', upgraded: 1 });
    const done = await loadEntries(after);
    const shared = await passwordFingerprint(vaultKey, 'shared one');
    expect(done.filter((entry) => entry.health?.fingerprint === shared).map((entry) => entry.title).sort()).toEqual(['Site 0', 'Site 12', 'Site 3', 'Site 6', 'Site 9']);
    expect(done.every((entry) => entry.revision === 2)).toBe(true);
  });

  it('leaves an entry changed meanwhile as the other save left it (the rules refuse the stale revision)', async () => {
    const { before, after } = await oldVault(2);
    const listed = await loadEntries(after);
    const changed = listed.find((entry) => entry.title === 'Site 1')!;
    await savePassword(before, { title: 'Renamed', url: null, notes: null, username: 'ana', password: 'other', groupId: null }, changed);
    expect(await upgradeHealth(after, listed)).toEqual({ kind: 'partial', upgraded: 1, left: 1 });
    const stored = (await loadEntries(after)).find((entry) => entry.id === changed.id)!;
    expect(stored).toMatchObject({ title: 'Renamed', revision: 2 });
    expect(stored.health).toBeUndefined();
  });
});
