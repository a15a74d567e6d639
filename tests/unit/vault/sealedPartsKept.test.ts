import { beforeAll, describe, expect, it } from 'vitest';
import { generateTeamKey, type TeamKey } from '../../../src/crypto';
import { keptParts } from '../../../src/data/vault/entryChanges';
import { isSealedEntry, type StoredSealedEntry } from '../../../src/data/vault/storedEntries';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import { openDetails, savePassword, type TeamVaultDeps } from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { sampleSealedEntry } from '../../contract/vaultRepositories.contract';

// Issue #41, item 6: the rules compare each sealed part's ciphertext with the edit's event, so a
// save writes a part anew only when what it holds changed, and its event names every part it wrote.

let teamKey: TeamKey;
let nextKey: TeamKey;
beforeAll(async () => {
  [teamKey, nextKey] = await Promise.all([generateTeamKey(), generateTeamKey()]);
});

type Repos = { passwords: MemoryPasswordRepository; groups: MemoryGroupRepository };

function team(repos?: Repos, key = teamKey, keyVersion = 4): TeamVaultDeps & Repos {
  let clock = 1_000;
  return {
    passwords: repos?.passwords ?? new MemoryPasswordRepository(),
    groups: repos?.groups ?? new MemoryGroupRepository(),
    userId: 'ana',
    team: { teamId: 'team-1', key, keyVersion, role: 'full' },
    now: () => (clock += 1),
  };
}

const draft: ValidPasswordDraft = { title: 'Bank', url: 'https://bank.example', notes: 'pin 1234', username: 'ana.s', password: 'correct horse', groupId: null };

async function stored(d: Repos, id: string): Promise<StoredSealedEntry> {
  const found = (await d.passwords.listTeam('team-1')).find((entry) => entry.id === id);
  if (found === undefined || !isSealedEntry(found.data)) throw new Error('no sealed entry');
  return found.data;
}

describe('a sealed entry’s save writes anew only the parts whose content changed (issue #41)', () => {
  it('a new password: the overview stays as stored, the details change, the event names the password', async () => {
    const d = team();
    const saved = await savePassword(d, draft);
    const before = await stored(d, saved.id);
    await savePassword(d, { ...draft, password: 'battery staple' }, saved);
    const after = await stored(d, saved.id);
    expect(after.overview).toBe(before.overview);
    expect(after.details).not.toBe(before.details);
    expect(d.passwords.events.at(-1)?.body).toEqual({ kind: 'entry.edited', entryId: saved.id, parts: ['password'] });
  });

  it('a new title: the details stay as stored; a move alone keeps both', async () => {
    const d = team();
    const saved = await savePassword(d, draft);
    const before = await stored(d, saved.id);
    const renamed = await savePassword(d, { ...draft, title: 'Bank (joint)' }, saved);
    const afterRename = await stored(d, saved.id);
    expect(afterRename.details).toBe(before.details);
    expect(afterRename.overview).not.toBe(before.overview);
    expect(d.passwords.events.at(-1)?.body).toEqual({ kind: 'entry.edited', entryId: saved.id, parts: ['overview'] });
    await savePassword(d, { ...draft, title: 'Bank (joint)', groupId: 'g1' }, renamed);
    const afterMove = await stored(d, saved.id);
    expect([afterMove.overview, afterMove.details]).toEqual([afterRename.overview, afterRename.details]);
    expect(d.passwords.events.at(-1)?.body).toEqual({ kind: 'entry.moved', entryId: saved.id, fromGroupId: null, toGroupId: 'g1' });
  });

  it('a one-time code added changes both parts (the overview says there is one), and the event names both', async () => {
    const d = team();
    const saved = await savePassword(d, draft);
    const before = await stored(d, saved.id);
    const withCode = await savePassword(d, { ...draft, otp: 'otpauth://totp/Bank?secret=JBSWY3DPEHPK3PXP' }, saved);
    const after = await stored(d, saved.id);
    expect(after.overview).not.toBe(before.overview);
    expect(after.details).not.toBe(before.details);
    expect(d.passwords.events.at(-1)?.body).toEqual({ kind: 'entry.edited', entryId: saved.id, parts: ['overview', 'details'] });
    expect((await openDetails(d, withCode)).otp).toContain('otpauth://');
  });

  it('under a new key version every part is sealed again, whatever changed, and still opens', async () => {
    const d = team();
    const saved = await savePassword(d, draft);
    const before = await stored(d, saved.id);
    const bob = { ...team(d, nextKey, 5), userId: 'bob' };
    const edited = await savePassword(bob, { ...draft, password: 'rotated' }, saved);
    const after = await stored(d, saved.id);
    expect(after.keyVersion).toBe(5);
    expect(after.overview).not.toBe(before.overview);
    expect(d.passwords.events.at(-1)?.body).toEqual({ kind: 'entry.edited', entryId: saved.id, parts: ['password'] });
    expect((await openDetails(bob, { ...edited, sealedDetails: { sealed: after.details, keyVersion: 5 } })).password).toBe('rotated');
  });
});

describe('keptParts', () => {
  const entry = sampleSealedEntry('ana', { teamId: 'team-1', keyVersion: 4 });
  const changes = { format: 2 as const, overview: entry.details as never, details: entry.overview as never, keyVersion: 4 };

  it('keeps the parts named unchanged when the stored entry is sealed at the key version written', () => {
    expect(keptParts(entry, { ...changes, unchanged: ['overview'] })).toEqual({ format: 2, details: entry.overview, keyVersion: 4 });
    expect(keptParts(entry, { ...changes, unchanged: ['overview', 'details'] })).toEqual({ format: 2, keyVersion: 4 });
  });

  it('writes every part given under another key version, and never writes `unchanged` itself', () => {
    expect(keptParts(entry, { ...changes, keyVersion: 5, unchanged: ['overview', 'details'] })).toEqual({ ...changes, keyVersion: 5 });
    expect(keptParts(sampleSealedEntry('ana'), { ...changes, keyVersion: undefined, unchanged: ['overview'] })).toEqual({ format: 2, details: entry.overview, keyVersion: undefined });
  });
});
