import { describe, expect, it } from 'vitest';
import { keyHolders, readSubscription, readTeam, roleOf } from '../../src/teams/model';
import { SEALED, team } from './fixtures';

describe('readTeam', () => {
  it('reads a stored team as it is', () => {
    expect(readTeam(JSON.parse(JSON.stringify(team())))).toEqual(team());
  });

  it('leaves out fields docs/teams.md does not name, and reads an absent previousKey as none', () => {
    const stored: Record<string, unknown> = { ...team({ previousKey: null }), stray: 'x' };
    delete stored.previousKey;
    expect(readTeam(stored)).toEqual(team({ previousKey: null }));
    expect(readTeam(stored)).not.toHaveProperty('stray');
    const rotating = team({ previousKey: { version: 1, sealed: SEALED } });
    expect(readTeam(rotating)?.previousKey).toEqual({ version: 1, sealed: SEALED });
  });

  it('refuses documents without the shape of docs/teams.md', () => {
    expect(readTeam({ ...team(), members: { owner: { ...team().members.owner, needsTeamKey: null } } })).toBeNull();
    expect(readTeam({ ...team(), description: null })).toBeNull();
    // Key material is ciphertext: a value not shaped like base64 is not a stored team's.
    expect(readTeam({ ...team(), previousKey: { version: 1, sealed: 'not base64!' } })).toBeNull();
    expect(readTeam({ ...team(), members: { owner: { ...team().members.owner, encryptedTeamKey: 'clear text' } } })).toBeNull();
    expect(readTeam(null)).toBeNull();
    expect(readTeam({ ...team(), keyVersion: 0 })).toBeNull();
    expect(readTeam({ ...team(), memberIds: 'owner' })).toBeNull();
    expect(readTeam({ ...team(), members: { owner: { ...team().members.owner, role: 'god' } } })).toBeNull();
    expect(readTeam({ ...team(), previousKey: { version: 'x' } })).toBeNull();
  });
});

describe('roles', () => {
  it('knows members by the members map and memberIds, never by inherited properties', () => {
    expect(roleOf(team(), 'admin')).toBe('admin');
    expect(roleOf(team(), 'constructor')).toBe('none');
    expect(roleOf(team({ memberIds: ['owner'] }), 'admin')).toBe('none');
    expect(roleOf(null, 'owner')).toBe('none');
    expect(keyHolders(team())).toEqual(['admin', 'full', 'owner']);
  });
});

describe('readSubscription', () => {
  it('reads the fields of the plan limit, or nothing', () => {
    expect(readSubscription({ status: 'active', planId: 'pro', currentPeriodEnd: 5, trialEnd: null, isFreeTrialOnly: false })).toMatchObject({
      status: 'active',
      planId: 'pro',
      currentPeriodEnd: 5,
    });
    expect(readSubscription({ status: 'weird', planId: 'pro' })).toBeNull();
    expect(readSubscription(undefined)).toBeNull();
  });
});
