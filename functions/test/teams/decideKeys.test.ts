import { describe, expect, it } from 'vitest';
import {
  decideConfirmTeamKey,
  decideConfirmTeamKeyRotation,
  decideFinishKeyRotation,
  decideReportTeamKeyMismatch,
  decideRotateTeamKey,
  isStaleEntry,
  isStaleGroup,
} from '../../src/teams/decideKeys';
import { decideDeleteTeam } from '../../src/teams/decideDeletion';
import { KEY, NOW, SEALED, member, team } from './fixtures';

const holders = { owner: KEY(2), admin: KEY(3), full: KEY(4) };
const CHECK = Buffer.alloc(32, 8).toString('base64');
const rotation = { fromVersion: 1, wraps: holders, sealedPreviousKey: SEALED, keyCheck: CHECK };

function value<T>(outcome: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

describe('rotateTeamKey', () => {
  it("by the owner: installs the new wraps and check, bumps keyVersion, keeps the old key sealed, and every other holder's old wrap until they confirm", () => {
    const change = value(decideRotateTeamKey(team({ rotationNeeded: true }), 'owner', rotation, NOW));
    expect(change).toMatchObject({ keyVersion: 2, committed: true });
    expect(change.patch).toMatchObject({
      keyVersion: 2,
      keyCheck: CHECK,
      previousKey: { version: 1, sealed: SEALED },
      pendingRotation: null,
      rotationNeeded: false,
      updatedAt: NOW,
    });
    expect(change.patch.members?.full).toMatchObject({ encryptedTeamKey: KEY(4), previousTeamKey: { keyVersion: 1, encryptedTeamKey: KEY(1) } });
    // The owner's own browser checked its wrap before it rotated: nothing to keep.
    expect(change.patch.members?.owner).toMatchObject({ encryptedTeamKey: KEY(2), previousTeamKey: null });
    // A member who needs the key still does.
    expect(change.patch.members?.viewer).toEqual(team().members.viewer);
  });

  it('by the owner: also when nobody left (the owner may always rotate), replacing an admin\'s proposal', () => {
    const proposal = { keyVersion: 2, keyCheck: CHECK, sealedPreviousKey: SEALED, wraps: holders, proposedBy: 'admin', proposedAt: 1 };
    const change = value(decideRotateTeamKey(team({ pendingRotation: proposal }), 'owner', { ...rotation, wraps: { ...holders, owner: KEY(9) } }, NOW));
    expect(change.committed).toBe(true);
    expect(change.patch.members?.owner?.encryptedTeamKey).toBe(KEY(9));
  });

  // Hole 1 of the security issue: an admin rotated at any time, with junk wrapped for the owner.
  it('by an admin: refused when no member left or was removed', () => {
    expect(decideRotateTeamKey(team(), 'admin', rotation, NOW)).toEqual({
      ok: false,
      code: 'failed-precondition',
      message: 'The team key is rotated only after a member leaves or is removed, or by the owner',
    });
  });

  // Issue #41 item 2: with the owner away the team must not stay on the key a removed member kept.
  it('by an admin or a Full member after a removal: takes effect at once, even with junk for the owner, who keeps the old wrap', () => {
    const junkForOwner = { ...rotation, wraps: { ...holders, owner: KEY(0) } };
    for (const rotator of ['admin', 'full']) {
      const change = value(decideRotateTeamKey(team({ rotationNeeded: true }), rotator, junkForOwner, NOW));
      expect(change).toMatchObject({ keyVersion: 2, committed: true });
      expect(change.patch).toMatchObject({ keyVersion: 2, keyCheck: CHECK, rotationNeeded: false, pendingRotation: null, previousKey: { version: 1, sealed: SEALED } });
      // The owner's old wrap stays until the owner's own browser has proven the new one.
      expect(change.patch.members?.owner).toMatchObject({ encryptedTeamKey: KEY(0), previousTeamKey: { keyVersion: 1, encryptedTeamKey: KEY(1) } });
      expect(change.patch.members?.[rotator]?.previousTeamKey).toBeNull();
    }
  });

  it('by an admin: replaces a proposal stored before rotations took effect at once', () => {
    const proposal = { keyVersion: 2, keyCheck: CHECK, sealedPreviousKey: SEALED, wraps: holders, proposedBy: 'full', proposedAt: 1 };
    const change = value(decideRotateTeamKey(team({ rotationNeeded: true, pendingRotation: proposal }), 'admin', { ...rotation, wraps: { ...holders, admin: KEY(9) } }, NOW));
    expect(change.patch).toMatchObject({ keyVersion: 2, pendingRotation: null });
    expect(change.patch.members?.admin?.encryptedTeamKey).toBe(KEY(9));
  });

  it('by an admin when the owner holds no key: takes effect', () => {
    const ownerless = team({ rotationNeeded: true, members: { ...team().members, owner: member('owner', 'owner', true) } });
    const { owner: _owner, ...rest } = holders;
    expect(value(decideRotateTeamKey(ownerless, 'admin', { ...rotation, wraps: rest }, NOW)).committed).toBe(true);
  });

  it('refuses wraps that do not cover exactly the key holders', () => {
    const mismatch = { ok: false, code: 'failed-precondition', message: 'The new team key must be wrapped for exactly the members who hold the key' };
    const { full: _full, ...missing } = holders;
    expect(decideRotateTeamKey(team(), 'owner', { ...rotation, wraps: missing }, NOW)).toEqual(mismatch);
    expect(decideRotateTeamKey(team(), 'owner', { ...rotation, wraps: { ...holders, viewer: KEY(5) } }, NOW)).toEqual(mismatch);
    expect(decideRotateTeamKey(team(), 'owner', { ...rotation, wraps: { ...holders, stranger: KEY(5) } }, NOW)).toEqual(mismatch);
  });

  it('refuses a stale version, a rotation still being finished, a rotator without the key, a Full member when nobody left, viewers and non-members', () => {
    expect(decideRotateTeamKey(team({ keyVersion: 2 }), 'owner', rotation, NOW)).toMatchObject({ code: 'failed-precondition' });
    expect(decideRotateTeamKey(team({ previousKey: { version: 0, sealed: SEALED } }), 'owner', rotation, NOW)).toEqual({
      ok: false,
      code: 'failed-precondition',
      message: 'Finish the current key rotation first',
    });
    const keylessAdmin = team({ rotationNeeded: true, members: { ...team().members, admin: member('admin', 'admin', true) } });
    expect(decideRotateTeamKey(keylessAdmin, 'admin', rotation, NOW)).toMatchObject({ message: 'You do not hold the team key' });
    expect(decideRotateTeamKey(team(), 'full', rotation, NOW)).toMatchObject({ message: 'The team key is rotated only after a member leaves or is removed, or by the owner' });
    const keyedViewer = team({ rotationNeeded: true, members: { ...team().members, viewer: member('viewer', 'view') } });
    expect(decideRotateTeamKey(keyedViewer, 'viewer', { ...rotation, wraps: { ...holders, viewer: KEY(5) } }, NOW)).toEqual({
      ok: false,
      code: 'permission-denied',
      message: 'Only members who can edit passwords can rotate the team key',
    });
    expect(decideRotateTeamKey(team(), 'stranger', rotation, NOW)).toMatchObject({ message: 'You are not a member of this team' });
    expect(decideRotateTeamKey(team({ deleting: true }), 'owner', rotation, NOW)).toMatchObject({ code: 'failed-precondition' });
  });
});

describe('confirmTeamKeyRotation', () => {
  const proposal = { keyVersion: 2, keyCheck: CHECK, sealedPreviousKey: SEALED, wraps: holders, proposedBy: 'admin', proposedAt: 1 };
  const proposed = team({ rotationNeeded: true, pendingRotation: proposal });

  it("commits the admin's proposal for the owner: new key, check and wraps; the proposer keeps its old wrap until it confirms", () => {
    const change = value(decideConfirmTeamKeyRotation(proposed, 'owner', 2, NOW));
    expect(change.patch).toMatchObject({ keyVersion: 2, keyCheck: CHECK, pendingRotation: null, rotationNeeded: false, previousKey: { version: 1, sealed: SEALED } });
    expect(change.patch.members?.owner).toMatchObject({ encryptedTeamKey: KEY(2), previousTeamKey: null });
    expect(change.patch.members?.admin).toMatchObject({ encryptedTeamKey: KEY(3), previousTeamKey: { keyVersion: 1, encryptedTeamKey: KEY(1) } });
  });

  it('is for the owner only, for the proposed version, while the proposal covers every holder', () => {
    expect(decideConfirmTeamKeyRotation(proposed, 'admin', 2, NOW)).toMatchObject({ code: 'permission-denied' });
    expect(decideConfirmTeamKeyRotation(proposed, 'owner', 3, NOW)).toMatchObject({ code: 'failed-precondition' });
    expect(decideConfirmTeamKeyRotation(team(), 'owner', 2, NOW)).toMatchObject({ message: 'There is no new team key to confirm' });
    const granted = team({ pendingRotation: proposal, members: { ...team().members, viewer: member('viewer', 'view') } });
    expect(decideConfirmTeamKeyRotation(granted, 'owner', 2, NOW)).toMatchObject({ message: 'The new team key must be wrapped for exactly the members who hold the key' });
  });
});

describe('confirmTeamKey and reportTeamKeyMismatch', () => {
  const rotated = team({
    keyVersion: 2,
    keyCheck: CHECK,
    members: { ...team().members, full: { ...member('full', 'full'), previousTeamKey: { keyVersion: 1, encryptedTeamKey: KEY(7) } } },
  });

  it("drops a member's previous wrap once their browser found the checked key, and changes nothing else", () => {
    const change = value(decideConfirmTeamKey(rotated, 'full', { keyVersion: 2, keyCheck: CHECK }, NOW));
    expect(change?.patch.members?.full).toEqual({ ...member('full', 'full'), previousTeamKey: null });
    expect(change?.patch.keyCheck).toBeUndefined();
    expect(decideConfirmTeamKey(rotated, 'admin', { keyVersion: 2, keyCheck: CHECK }, NOW)).toEqual({ ok: true, value: null });
  });

  it('refuses another check, a stale version, and a member without the key', () => {
    const other = Buffer.alloc(32, 1).toString('base64');
    expect(decideConfirmTeamKey(rotated, 'full', { keyVersion: 2, keyCheck: other }, NOW)).toMatchObject({ message: 'The team key check does not match the team key' });
    expect(decideConfirmTeamKey(rotated, 'full', { keyVersion: 1, keyCheck: CHECK }, NOW)).toMatchObject({ code: 'failed-precondition' });
    expect(decideConfirmTeamKey(rotated, 'viewer', { keyVersion: 2, keyCheck: CHECK }, NOW)).toMatchObject({ message: 'You do not hold the team key' });
  });

  it('on a team made before key checks: only the owner publishes the check', () => {
    expect(value(decideConfirmTeamKey(team(), 'owner', { keyVersion: 1, keyCheck: CHECK }, NOW))?.patch.keyCheck).toBe(CHECK);
    expect(decideConfirmTeamKey(team(), 'admin', { keyVersion: 1, keyCheck: CHECK }, NOW)).toMatchObject({ code: 'permission-denied' });
  });

  it("flags only the reporting member as needing the key, keeping their previous wrap; a repeat changes nothing", () => {
    const change = value(decideReportTeamKeyMismatch(rotated, 'full', 2, NOW));
    expect(change?.patch.members).toEqual({
      ...rotated.members,
      full: { ...member('full', 'full'), previousTeamKey: { keyVersion: 1, encryptedTeamKey: KEY(7) }, encryptedTeamKey: null, needsTeamKey: true },
    });
    expect(decideReportTeamKeyMismatch(rotated, 'viewer', 2, NOW)).toEqual({ ok: true, value: null });
    expect(decideReportTeamKeyMismatch(rotated, 'full', 1, NOW)).toMatchObject({ code: 'failed-precondition' });
    expect(decideReportTeamKeyMismatch(rotated, 'stranger', 2, NOW)).toMatchObject({ message: 'You are not a member of this team' });
  });
});

describe('finishKeyRotation', () => {
  const rotating = team({ keyVersion: 2, previousKey: { version: 1, sealed: SEALED } });

  it('deletes the sealed previous key once no entry is stale', () => {
    expect(decideFinishKeyRotation(rotating, 'owner', 2, 0, NOW)).toEqual({
      ok: true,
      value: { patch: { previousKey: null, updatedAt: NOW }, addTeamIdFor: [], removeTeamIdFor: [], events: [{ kind: 'rotation.finished', keyVersion: 2 }] },
    });
  });

  it('is for any member who may edit passwords: a Full member finishes what they re-encrypted', () => {
    expect(decideFinishKeyRotation(rotating, 'full', 2, 0, NOW)).toMatchObject({ ok: true });
  });

  // The owner's protection (docs/teams.md, "The removal window"): the old key is not dropped
  // while the owner still holds only their wrap of it.
  it("refuses while the owner has not confirmed the new key, holding their wrap of the previous one; not for an older wrap", () => {
    const awaiting = team({
      keyVersion: 2,
      previousKey: { version: 1, sealed: SEALED },
      members: { ...team().members, owner: { ...member('owner', 'owner'), previousTeamKey: { keyVersion: 1, encryptedTeamKey: KEY(1) } } },
    });
    expect(decideFinishKeyRotation(awaiting, 'admin', 2, 0, NOW)).toEqual({
      ok: false,
      code: 'failed-precondition',
      message: 'The previous team key is kept until the team owner confirms the new one',
    });
    // Flagged after a junk wrap, the owner still holds only the old key: still waiting.
    const flagged = { ...awaiting, members: { ...awaiting.members, owner: { ...member('owner', 'owner', true), previousTeamKey: { keyVersion: 1, encryptedTeamKey: KEY(1) } } } };
    expect(decideFinishKeyRotation(flagged, 'owner', 2, 0, NOW)).toMatchObject({ message: 'The previous team key is kept until the team owner confirms the new one' });
    const older = { ...awaiting, members: { ...awaiting.members, owner: { ...member('owner', 'owner', true), previousTeamKey: { keyVersion: 0, encryptedTeamKey: KEY(1) } } } };
    expect(decideFinishKeyRotation(older, 'admin', 2, 0, NOW)).toMatchObject({ ok: true });
  });

  it('refuses while an entry is stale, for a stale version, and for viewers', () => {
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

  it('counts sealed groups without a key version, or below it, as stale; a clear (format-1) group never', () => {
    expect(isStaleGroup({ format: 2 }, 2)).toBe(true);
    expect(isStaleGroup({ format: 2, keyVersion: 1 }, 2)).toBe(true);
    expect(isStaleGroup({ format: 2, keyVersion: 2 }, 2)).toBe(false);
    expect(isStaleGroup({}, 2)).toBe(false);
    expect(isStaleGroup({ format: 1 }, 2)).toBe(false);
    expect(isStaleGroup({ format: '2', keyVersion: 1 }, 2)).toBe(false);
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
