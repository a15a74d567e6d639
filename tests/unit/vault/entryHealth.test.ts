import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SEALED_ENTRY_FORMAT,
  createAccountKeys,
  generateTeamKey,
  openEntryOverview,
  passwordFingerprint,
  resealEntryParts,
  sealEntryParts,
  type TeamKey,
  type VaultKey,
} from '../../../src/crypto';
import type { EstimateStrength, StrengthScore } from '../../../src/features/vault/health/healthReport';
import { loadEntries, savePassword, type PersonalVaultDeps, type TeamVaultDeps } from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

// Issue #42: each save seals the entry's health record (strength, fingerprint, when the password
// was set) in its overview; a rotation keeps it with the fingerprint under the new key.

const DAY = 86_400_000;
let vaultKey: VaultKey;
let teamKey: TeamKey;
let nextTeamKey: TeamKey;

beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password for health records'));
  [teamKey, nextTeamKey] = await Promise.all([generateTeamKey(), generateTeamKey()]);
});

/** A stand-in for zxcvbn that remembers the words it was given. */
function estimator() {
  const calls: Array<{ password: string; inputs: readonly string[] }> = [];
  const estimate: EstimateStrength = (password, inputs) => {
    calls.push({ password, inputs });
    return Promise.resolve(Math.min(4, Math.floor(password.length / 4)) as StrengthScore);
  };
  return { calls, load: () => Promise.resolve(estimate) };
}

const draft = (password: string, fields: { title?: string; username?: string } = {}) => ({
  title: fields.title ?? 'Bank',
  url: null,
  notes: null,
  username: fields.username ?? 'ana',
  password,
  groupId: null,
});

function personal(strength?: () => Promise<EstimateStrength>, clock = { now: 10 * DAY }): PersonalVaultDeps {
  return { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => clock.now, ...(strength ? { strength } : {}) };
}

describe('the health record at save time', () => {
  it('a new entry is sealed with its strength (its own words guessable), its fingerprint under the vault key and its creation', async () => {
    const { calls, load } = estimator();
    const deps = personal(load);
    const saved = await savePassword(deps, draft('a long password'));
    const fingerprint = await passwordFingerprint(vaultKey, 'a long password');
    expect(saved.health).toEqual({ strength: 3, fingerprint, passwordSetAt: 10 * DAY });
    expect(calls).toEqual([{ password: 'a long password', inputs: ['Bank', 'ana'] }]);
    const [listed] = await loadEntries(deps);
    expect(listed?.health).toEqual({ strength: 3, fingerprint, passwordSetAt: 10 * DAY });
    expect(listed?.password).toBe('');
  });

  it('an edit that changes the password sets its time; one that does not keeps it', async () => {
    const clock = { now: 10 * DAY };
    const deps = personal(estimator().load, clock);
    const created = await savePassword(deps, draft('first password'));
    clock.now = 20 * DAY;
    const renamed = await savePassword(deps, draft('first password', { title: 'My bank' }), created);
    expect(renamed.health?.passwordSetAt).toBe(10 * DAY);
    clock.now = 30 * DAY;
    const changed = await savePassword(deps, draft('second password', { title: 'My bank' }), renamed);
    expect(changed.health).toEqual({ strength: 3, fingerprint: await passwordFingerprint(vaultKey, 'second password'), passwordSetAt: 30 * DAY });
    const [listed] = await loadEntries(deps);
    expect(listed?.health).toEqual(changed.health);
  });

  it('an entry without a password has a record that says so', async () => {
    const saved = await savePassword(personal(estimator().load), draft(''));
    expect(saved.health).toEqual({ strength: null, fingerprint: null, passwordSetAt: 10 * DAY });
  });

  it('without an estimator, or one that does not load, the entry is saved without a record', async () => {
    const without = personal();
    await savePassword(without, draft('a long password'));
    expect((await loadEntries(without))[0]?.health).toBeUndefined();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = personal(() => Promise.reject(new Error('chunk offline')));
    const saved = await savePassword(failing, draft('a long password'));
    expect(saved.health).toBeUndefined();
    const [listed] = await loadEntries(failing);
    expect(listed?.title).toBe('Bank');
    expect(listed?.health).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('strength estimator did not load'), expect.any(Error));
    warn.mockRestore();
  });

  it('a team entry fingerprints under the team key', async () => {
    const deps: TeamVaultDeps = {
      passwords: new MemoryPasswordRepository(),
      groups: new MemoryGroupRepository(),
      userId: 'ana',
      team: { teamId: 'team-1', key: teamKey, keyVersion: 2, role: 'owner' },
      strength: estimator().load,
      now: () => DAY,
    };
    const saved = await savePassword(deps, draft('team secret password'));
    expect(saved.health?.fingerprint).toBe(await passwordFingerprint(teamKey, 'team secret password'));
    expect(saved.health?.fingerprint).not.toBe(await passwordFingerprint(vaultKey, 'team secret password'));
  });
});

describe('a rotation', () => {
  it('keeps the record, its fingerprint taken again under the new team key', async () => {
    const from = { key: teamKey, binding: { entryId: 'e1', keyVersion: 2, format: SEALED_ENTRY_FORMAT } };
    const to = { key: nextTeamKey, binding: { entryId: 'e1', keyVersion: 3, format: SEALED_ENTRY_FORMAT } };
    const health = { strength: 1 as const, fingerprint: await passwordFingerprint(teamKey, 'pw'), passwordSetAt: 5 };
    const sealed = await sealEntryParts(teamKey, from.binding, { overview: { title: 'T', url: null, username: 'u', health }, details: { password: 'pw', notes: null } });
    const resealed = await resealEntryParts(from, to, sealed);
    const overview = await openEntryOverview(nextTeamKey, to.binding, resealed.overview);
    expect(overview.health).toEqual({ ...health, fingerprint: await passwordFingerprint(nextTeamKey, 'pw') });
    // An entry without a record stays without one; a record without a password stays as it is.
    const bare = await sealEntryParts(teamKey, from.binding, { overview: { title: 'T', url: null, username: 'u' }, details: { password: 'pw', notes: null } });
    expect((await openEntryOverview(nextTeamKey, to.binding, (await resealEntryParts(from, to, bare)).overview)).health).toBeUndefined();
    const empty = { strength: null, fingerprint: null, passwordSetAt: 5 };
    const none = await sealEntryParts(teamKey, from.binding, { overview: { title: 'T', url: null, username: 'u', health: empty }, details: { password: '', notes: null } });
    expect((await openEntryOverview(nextTeamKey, to.binding, (await resealEntryParts(from, to, none)).overview)).health).toEqual(empty);
  });
});
