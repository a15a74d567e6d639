import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, generateTeamKey, passwordFingerprint, type TeamKey, type VaultKey } from '../../../src/crypto';
import { createDetailsCache } from '../../../src/features/vault/detailsCache';
import type { EstimateStrength, StrengthScore } from '../../../src/features/vault/health/healthReport';
import { HEALTH_UPGRADE_DELAY_MS, planHealthUpgrade, upgradeHealth, upgradeHealthInBackground, withUpgraded } from '../../../src/features/vault/health/upgradeHealth';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { loadEntries, openDetails, savePassword, type PersonalVaultDeps, type TeamVaultDeps } from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

// Issue #42: existing sealed entries brought up to date once, in the background: each gets its
// health record in a rewritten overview, on the revision read; nothing else of it changes, an
// entry changed meanwhile is left alone, and a failure halfway loses nothing and resumes.

const DAY = 86_400_000;
let vaultKey: VaultKey;
let teamKey: TeamKey;

beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password for the upgrade'));
  teamKey = await generateTeamKey();
});

const estimate: EstimateStrength = (password) => Promise.resolve(Math.min(4, Math.floor(password.length / 4)) as StrengthScore);
const strength = () => Promise.resolve(estimate);

interface Vault {
  readonly passwords: MemoryPasswordRepository;
  readonly before: PersonalVaultDeps;
  readonly after: PersonalVaultDeps;
}

/** A personal vault of `count` entries saved before issue #42 (no record); `after` is the same vault with the estimator. */
async function oldVault(count: number): Promise<Vault> {
  const passwords = new MemoryPasswordRepository();
  const groups = new MemoryGroupRepository();
  const before: PersonalVaultDeps = { passwords, groups, vaultKey, userId: 'ana', now: () => DAY };
  for (let index = 0; index < count; index += 1) {
    await savePassword(before, {
      title: `Site ${index}`,
      url: null,
      notes: index === 0 ? 'a note' : null,
      username: 'ana',
      password: index % 2 === 0 ? 'shared password' : `own password ${index}`,
      groupId: null,
      ...(index === 0 ? { otp: 'otpauth://totp/Site?secret=JBSWY3DPEHPK3PXP', history: [{ password: 'older', replacedAt: DAY / 2 }] } : {}),
    });
  }
  return { passwords, before, after: { ...before, strength, now: () => 2 * DAY } };
}

describe('the health upgrade', () => {
  it('gives every sealed entry without one its record, rewriting only its overview on the next revision', async () => {
    const { after } = await oldVault(12);
    const listed = await loadEntries(after);
    expect(listed.every((entry) => entry.health === undefined)).toBe(true);
    const upgradedInList: PasswordEntry[] = [];
    const outcome = await upgradeHealth(after, listed, { onUpgraded: (entries) => upgradedInList.push(...entries) });
    expect(outcome).toEqual({ kind: 'done', upgraded: 12 });
    expect(upgradedInList).toHaveLength(12);

    const reloaded = await loadEntries(after);
    const shared = await passwordFingerprint(vaultKey, 'shared password');
    for (const entry of reloaded) {
      const index = Number(entry.title.split(' ')[1]);
      expect(entry.revision).toBe(2);
      expect(entry.health?.fingerprint).toBe(index % 2 === 0 ? shared : await passwordFingerprint(vaultKey, `own password ${index}`));
      expect(entry.health?.passwordSetAt).toBe(index === 0 ? DAY / 2 : DAY);
    }
    // The details are as they were: the first entry keeps its notes, code and history.
    const first = reloaded.find((entry) => entry.title === 'Site 0')!;
    expect(first.hasOneTimeCode).toBe(true);
    const opened = await openDetails(after, first);
    expect(opened).toMatchObject({ password: 'shared password', notes: 'a note', otp: 'otpauth://totp/Site?secret=JBSWY3DPEHPK3PXP', passwordHistory: [{ password: 'older', replacedAt: DAY / 2 }] });
    // What the list was told matches what is stored.
    expect(upgradedInList.map((entry) => [entry.id, entry.revision, entry.health])).toEqual(
      expect.arrayContaining(reloaded.map((entry) => [entry.id, entry.revision, entry.health])),
    );
    // Once done, the next load plans nothing.
    expect(planHealthUpgrade(after, reloaded)).toEqual([]);
  });

  it('a failure halfway loses nothing: what was written has its record, the rest opens as before, and the next load finishes', async () => {
    const { passwords, after } = await oldVault(25);
    const update = passwords.update.bind(passwords);
    let calls = 0;
    const spy = vi.spyOn(passwords, 'update').mockImplementation((...args) => {
      calls += 1;
      return calls === 14 ? Promise.reject(new Error('offline')) : update(...args);
    });
    await expect(upgradeHealth(after, await loadEntries(after))).rejects.toThrow('offline');
    const halfway = await loadEntries(after);
    const withRecord = halfway.filter((entry) => entry.health !== undefined);
    // The first batch of ten, and the nine of the second whose writes went through before the failure.
    expect(withRecord).toHaveLength(19);
    // Every entry, written or not, opens whole.
    for (const entry of halfway) {
      expect(entry.undecryptable).toBe(false);
      expect((await openDetails(after, entry)).password).toMatch(/password/);
    }
    spy.mockRestore();
    const written = vi.spyOn(passwords, 'update');
    expect(await upgradeHealth(after, halfway)).toEqual({ kind: 'done', upgraded: 25 - withRecord.length });
    expect(written).toHaveBeenCalledTimes(25 - withRecord.length);
    expect((await loadEntries(after)).every((entry) => entry.health !== undefined)).toBe(true);
  });

  it('leaves an entry changed meanwhile as the other save left it', async () => {
    const { before, after } = await oldVault(2);
    const listed = await loadEntries(after);
    const changed = listed.find((entry) => entry.title === 'Site 1')!;
    // Another tab (without the record) edits it after this list was read.
    await savePassword(before, { title: 'Renamed elsewhere', url: null, notes: null, username: 'ana', password: 'new one', groupId: null }, changed);
    expect(await upgradeHealth(after, listed)).toEqual({ kind: 'partial', upgraded: 1, left: 1 });
    const stored = (await loadEntries(after)).find((entry) => entry.id === changed.id)!;
    expect(stored).toMatchObject({ title: 'Renamed elsewhere', revision: 2 });
    expect(stored.health).toBeUndefined();
  });

  it('keeps none of the passwords it opened in the session\'s details cache', async () => {
    const { after } = await oldVault(3);
    const details = createDetailsCache();
    const kept = vi.spyOn(details, 'set');
    expect(await upgradeHealth({ ...after, details }, await loadEntries(after))).toEqual({ kind: 'done', upgraded: 3 });
    expect(kept).not.toHaveBeenCalled();
  });

  it('in the background, starts only after its delay (the load and the first steps go first), on the entries listed then', async () => {
    const { after } = await oldVault(2);
    const listed = await loadEntries(after);
    const update = vi.spyOn(after.passwords, 'update');
    const replaced: PasswordEntry[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      upgradeHealthInBackground(after, { live: () => true, entries: () => listed, writing: (_ids, write) => write(), replace: (done) => replaced.push(...done) });
      vi.advanceTimersByTime(HEALTH_UPGRADE_DELAY_MS - 1);
      expect(update).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => {
      expect(replaced).toHaveLength(2);
    });
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('stops between writes when asked', async () => {
    const { after } = await oldVault(15);
    let asked = 0;
    const outcome = await upgradeHealth(after, await loadEntries(after), { stopped: () => (asked += 1) > 1 });
    expect(outcome).toEqual({ kind: 'partial', upgraded: 10, left: 5 });
  });

  it('does not rewrite team entries (each write would need an activity-log event), nor anything without the estimator', async () => {
    const team: TeamVaultDeps = {
      passwords: new MemoryPasswordRepository(),
      groups: new MemoryGroupRepository(),
      userId: 'ana',
      team: { teamId: 'team-1', key: teamKey, keyVersion: 1, role: 'owner' },
      strength,
      now: () => DAY,
    };
    expect(await upgradeHealth(team, [])).toEqual({ kind: 'not-here' });
    const { before } = await oldVault(1);
    expect(await upgradeHealth(before, await loadEntries(before))).toEqual({ kind: 'not-here' });
  });

  it('the list takes an upgraded entry only if it still shows the revision the upgrade read', () => {
    const base = { title: 't', url: null, notes: null, username: 'u', password: '', groupId: null, createdAt: 0, updatedAt: 0, undecryptable: false, sealed: true } as const;
    const health = { strength: 4 as const, fingerprint: 'f', passwordSetAt: 0 };
    const list: PasswordEntry[] = [
      { ...base, id: 'a', revision: 1 },
      { ...base, id: 'b', revision: 2 },
    ];
    const upgraded: PasswordEntry[] = [
      { ...base, id: 'a', revision: 2, health },
      { ...base, id: 'b', revision: 2, health },
    ];
    expect(withUpgraded(list, upgraded).map((entry) => [entry.id, entry.health !== undefined])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });
});
