// Issue #21 item 5: a vault is loaded and decrypted once per unlock. A VaultSession holds one
// vault's state beyond the screen that shows it; VaultSessions keeps one per scope (a team's key
// version and role are part of it) and stops them all when the keys go.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../../src/crypto';
import { VaultSession } from '../../../src/features/vault/session/vaultSession';
import { sessionKey, VaultSessions } from '../../../src/features/vault/session/vaultSessions';
import { savePassword, type PersonalVaultDeps, type TeamVaultDeps } from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  [{ vaultKey }, teamKey] = await Promise.all([createAccountKeys('master password'), generateTeamKey()]);
});

function personal(passwords = new MemoryPasswordRepository()): PersonalVaultDeps & { passwords: MemoryPasswordRepository } {
  return { passwords, groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => 5_000 };
}

function team(teamId: string, keyVersion: number, role: TeamVaultDeps['team']['role'] = 'full'): TeamVaultDeps {
  return { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), userId: 'ana', team: { teamId, key: teamKey, keyVersion, role }, now: () => 5_000 };
}

const draft = (title: string) => ({ title, url: null, notes: null, username: `${title}-user`, password: `${title}-secret`, groupId: null });

/** Resolves once the session's load is over (ready or failed). */
function settled(session: VaultSession): Promise<void> {
  return new Promise((resolve) => {
    if (session.state.load.status !== 'loading') {
      resolve();
      return;
    }
    const stop = session.subscribe((state) => {
      if (state.load.status === 'loading') return;
      stop();
      resolve();
    });
  });
}

describe('VaultSession', () => {
  it('loads once: a second start is nothing, the state stays after every listener has gone', async () => {
    const deps = personal();
    await savePassword(deps, draft('Bank'));
    const reads = vi.spyOn(deps.passwords, 'watchPersonal');
    const session = new VaultSession(deps);
    const seen: string[] = [];
    const stop = session.subscribe((state) => seen.push(state.load.status));
    session.start();
    session.start();
    await settled(session);
    stop();
    session.start();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(session.state.entries.map((entry) => entry.title)).toEqual(['Bank']);
    expect(session.state.load).toEqual({ status: 'ready' });
    expect(seen.at(-1)).toBe('ready');
  });

  it('a stopped session no longer changes: its load’s pages are dropped', async () => {
    const deps = personal();
    await savePassword(deps, draft('Bank'));
    const session = new VaultSession(deps);
    session.start();
    session.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session.state.entries).toEqual([]);
    expect(session.state.load).toEqual({ status: 'loading', loaded: 0 });
  });

  it('retry reads the vault again from the start', async () => {
    const deps = personal();
    const session = new VaultSession(deps);
    session.start();
    await settled(session);
    await savePassword(deps, draft('Imported'));
    session.retry();
    await settled(session);
    expect(session.state.entries.map((entry) => entry.title)).toEqual(['Imported']);
  });

  it('a save is in the state at once, in title order', async () => {
    const deps = personal();
    await savePassword(deps, draft('Mail'));
    const session = new VaultSession(deps);
    session.start();
    await settled(session);
    const changes: string[] = [];
    session.subscribe((_, change) => changes.push(change));
    await session.save({ ...draft('Bank'), url: '', notes: '' } as never, null);
    expect(session.state.entries.map((entry) => entry.title)).toEqual(['Bank', 'Mail']);
    expect(changes).toEqual(['now']);
  });
});

describe('VaultSessions', () => {
  it('keys a scope by the personal user, or by the team, its key version and the role', () => {
    expect(sessionKey(personal())).toBe('personal/ana');
    expect(sessionKey(team('t1', 3, 'admin'))).toBe('team/t1/3/admin');
  });

  it('gives the same session for the same scope, however often its deps are made again', () => {
    const sessions = new VaultSessions();
    const first = sessions.sessionFor(team('t1', 2));
    expect(sessions.sessionFor(team('t1', 2))).toBe(first);
    expect(sessions.teamSession('t1')).toBe(first);
    expect(sessions.sessionFor(personal())).not.toBe(first);
  });

  it('a team’s new key version or role replaces its session and stops the old one', () => {
    const sessions = new VaultSessions();
    const before = sessions.sessionFor(team('t1', 2));
    const stop = vi.spyOn(before, 'stop');
    const other = sessions.sessionFor(team('t2', 2));
    const rotated = sessions.sessionFor(team('t1', 3));
    expect(rotated).not.toBe(before);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(sessions.all()).toEqual([other, rotated]);
    const demoted = sessions.sessionFor(team('t1', 3, 'view'));
    expect(sessions.all()).toEqual([other, demoted]);
  });

  it('retainTeams forgets the teams no longer listed and keeps the personal vault', () => {
    const sessions = new VaultSessions();
    const own = sessions.sessionFor(personal());
    const kept = sessions.sessionFor(team('t1', 2));
    const gone = sessions.sessionFor(team('t2', 2));
    const stop = vi.spyOn(gone, 'stop');
    sessions.retainTeams(new Set(['t1']));
    expect(sessions.all()).toEqual([own, kept]);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('dropTeam and clear stop what they forget', () => {
    const sessions = new VaultSessions();
    const kept = sessions.sessionFor(personal());
    const dropped = sessions.sessionFor(team('t1', 2));
    const stops = [vi.spyOn(kept, 'stop'), vi.spyOn(dropped, 'stop')];
    sessions.dropTeam('t1');
    expect(stops[1]).toHaveBeenCalledTimes(1);
    expect(sessions.all()).toEqual([kept]);
    sessions.clear();
    expect(stops[0]).toHaveBeenCalledTimes(1);
    expect(sessions.all()).toEqual([]);
  });
});
