// Which team vaults the device copy drops (src/data/deviceCopy/leftTeams.ts, issue #41 item 3):
// those of teams no team list held on this browser names, and which teams the user is told left.
import { describe, expect, it } from 'vitest';
import { leftTeams, otherTeamLists, teamListKey, teamOfVault, vaultsToDrop } from '../../../src/data/deviceCopy/leftTeams';

describe('teams left, in the device copy', () => {
  it('knows the team of each kind of team vault, and no team for the others', () => {
    expect(['entries:team:t1', 'groups:team:t1', 'team:t1', 'memberKeys:t1'].map(teamOfVault)).toEqual(['t1', 't1', 't1', 't1']);
    expect(['entries:personal:ana', 'groups:personal:ana', 'user:ana', 'teams:ana', 'team:', 'teams'].map(teamOfVault)).toEqual([null, null, null, null, null, null]);
  });

  it("drops every vault of a team no list claims, and nothing of a claimed team's or a user's", () => {
    const held = ['entries:personal:ana', 'entries:team:gone', 'entries:team:kept', 'groups:team:gone', 'memberKeys:gone', 'team:gone', 'team:kept', 'teams:ana', 'teams:bob', 'user:ana'];
    expect(vaultsToDrop(held, new Set(['kept']))).toEqual(['entries:team:gone', 'groups:team:gone', 'memberKeys:gone', 'team:gone']);
    expect(vaultsToDrop(held, new Set(['kept', 'gone']))).toEqual([]);
    expect(otherTeamLists(held, 'ana')).toEqual(['teams:bob']);
    expect(teamListKey('ana')).toBe('teams:ana');
  });

  it('names the teams the last list held that the server no longer lists, by the name the copy had', () => {
    const previous = [
      ['t1', { name: 'Ops' }],
      ['t2', { name: 'Dev' }],
      ['t3', { name: 42 }],
      ['t4', null],
    ] as const;
    expect(leftTeams([...previous], new Set(['t2']))).toEqual([
      { id: 't1', name: 'Ops' },
      { id: 't3', name: null },
      { id: 't4', name: null },
    ]);
    expect(leftTeams(null, new Set())).toEqual([]);
  });
});
