// Issue #21: what the vault screen shows, and where it goes when a team goes.
import { describe, expect, it } from 'vitest';
import { ALL_ITEMS, personalScope, sameVault, teamScope, withoutTeam } from '../../../src/app/dashboard/scope';

describe('vault scope', () => {
  it('the same vault whatever its group', () => {
    expect(sameVault(personalScope(), personalScope('g1'))).toBe(true);
    expect(sameVault(teamScope('t1'), teamScope('t1', 'g'))).toBe(true);
    expect(sameVault(teamScope('t1'), teamScope('t2'))).toBe(false);
    expect(sameVault(ALL_ITEMS, personalScope())).toBe(false);
  });

  it('a team no longer listed leaves the screen on All items; other scopes stay', () => {
    expect(withoutTeam(teamScope('t1', 'g'), new Set(['t2']))).toBe(ALL_ITEMS);
    const kept = teamScope('t2');
    expect(withoutTeam(kept, new Set(['t2']))).toBe(kept);
    const personal = personalScope('g');
    expect(withoutTeam(personal, new Set())).toBe(personal);
  });
});
