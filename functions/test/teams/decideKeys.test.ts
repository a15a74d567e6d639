import { describe, expect, it } from 'vitest';
import { decideFinishKeyRotation, decideRotateTeamKey, isStaleEntry } from '../../src/teams/decideKeys';
import { decideDeleteTeam } from '../../src/teams/decideDeletion';
import { KEY, NOW, SEALED, team } from './fixtures';

const holders = { owner: KEY(2), admin: KEY(3), full: KEY(4) };
const rotation = { fromVersion: 1, wraps: holders, sealedPreviousKey: SEALED };

describe('rotateTeamKey', () => {
  it('installs the new wraps, bumps keyVersion, keeps the old key sealed and clears rotationNeeded', () => {
    const outcome = decideRotateTeamKey(team({ rotationNeeded: true }), 'admin', rotation, NOW);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.keyVersion).toBe(2);
    expect(outcome.value.patch).toMatchObject({
      keyVersion: 2,
      previousKey: { version: 1, sealed: SEALED },
      rotationNeeded: false,
      updatedAt: NOW,
    });
    expect(outcome.value.patch.members?.full?.encryptedTeamKey).toBe(KEY(4));
    // A member who needs the key still does.
    expect(outcome.value.patch.members?.viewer).toEqual(team().members.viewer);
  });

  it('refuses wraps that do not cover exactly the key holders', () => {
    const mismatch = { ok: false, code: 'failed-precondition', message: 'The new team key must be wrapped for exactly the members who hold the key' };
    const { full: _full, ...missing } = holders;
    expect(decideRotateTeamKey(team(), 'owner', { ...rotation, wraps: missing }, NOW)).toEqual(mismatch);
    expect(decideRotateTeamKey(team(), 'owner', { ...rotation, wraps: { ...holders, viewer: KEY(5) } }, NOW)).toEqual(mismatch);
    expect(decideRotateTeamKey(team(), 'owner', { ...rotation, wraps: { ...holders, stranger: KEY(5) } }, NOW)).toEqual(mismatch);
  });

  it('refuses a stale version, a rotation still being finished, non-managers and non-members', () => {
    expect(decideRotateTeamKey(team({ keyVersion: 2 }), 'owner', rotation, NOW)).toMatchObject({ code: 'failed-precondition' });
    expect(decideRotateTeamKey(team({ previousKey: { version: 0, sealed: SEALED } }), 'owner', rotation, NOW)).toEqual({
      ok: false,
      code: 'failed-precondition',
      message: 'Finish the current key rotation first',
    });
    expect(decideRotateTeamKey(team(), 'full', rotation, NOW)).toMatchObject({ code: 'permission-denied' });
    expect(decideRotateTeamKey(team(), 'stranger', rotation, NOW)).toMatchObject({ message: 'You are not a member of this team' });
    expect(decideRotateTeamKey(team({ deleting: true }), 'owner', rotation, NOW)).toMatchObject({ code: 'failed-precondition' });
  });
});

describe('finishKeyRotation', () => {
  const rotating = team({ keyVersion: 2, previousKey: { version: 1, sealed: SEALED } });

  it('deletes the sealed previous key once no entry is stale', () => {
    expect(decideFinishKeyRotation(rotating, 'owner', 2, 0, NOW)).toEqual({
      ok: true,
      value: { patch: { previousKey: null, updatedAt: NOW }, addTeamIdFor: [], removeTeamIdFor: [] },
    });
  });

  it('refuses while an entry is stale, for a stale version, and for non-managers', () => {
    expect(decideFinishKeyRotation(rotating, 'admin', 2, 1, NOW)).toMatchObject({ code: 'failed-precondition' });
    expect(decideFinishKeyRotation(rotating, 'admin', 1, 0, NOW)).toMatchObject({ code: 'failed-precondition' });
    expect(decideFinishKeyRotation(rotating, 'viewer', 2, 0, NOW)).toMatchObject({ code: 'permission-denied' });
    expect(decideFinishKeyRotation(null, 'owner', 2, 0, NOW)).toMatchObject({ code: 'permission-denied' });
  });

  it('counts entries without a key version, or below it, as stale', () => {
    expect(isStaleEntry({}, 2)).toBe(true);
    expect(isStaleEntry({ keyVersion: 1 }, 2)).toBe(true);
    expect(isStaleEntry({ keyVersion: '2' }, 2)).toBe(true);
    expect(isStaleEntry({ keyVersion: 2 }, 2)).toBe(false);
  });
});

describe('deleteTeam', () => {
  it('is for the owner, also while the team is being deleted (so a second call resumes)', () => {
    expect(decideDeleteTeam(team(), 'owner')).toBeNull();
    expect(decideDeleteTeam(team({ deleting: true }), 'owner')).toBeNull();
    expect(decideDeleteTeam(team(), 'admin')).toEqual({ ok: false, code: 'permission-denied', message: 'Only the team owner can delete the team' });
    expect(decideDeleteTeam(team(), 'stranger')).toMatchObject({ message: 'You are not a member of this team' });
    expect(decideDeleteTeam(null, 'owner')).toMatchObject({ code: 'permission-denied' });
  });
});
