import { describe, expect, it } from 'vitest';
import {
  actor,
  addMember,
  call,
  createTeam,
  db,
  eventsDuring,
  keyCheck,
  newTeamId,
  newUser,
  refusal,
  sealedKey,
  teamDoc,
  teamEventsRef,
  wrappedKey,
  type LoggedEvent,
  type TestUser,
} from './support';

// Issue #24: every team callable that changes membership, keys or the team records exactly its
// event in the team's log, in the transaction of the change (docs/audit-log.md), with the caller as
// actor and the commit's time; a refused change records nothing; no event holds a key. The
// invitation callables' events are tested in ../invitations/auditLog.test.ts.

const added = (kind: string, teamId: string, by: TestUser, fields: Record<string, unknown> = {}) => ({ kind, teamId, actor: actor(by), ...fields, at: 'server time' });
const member = (user: TestUser) => ({ memberUid: user.uid, memberEmail: user.email });

describe('the team callables’ events', () => {
  it('createTeam: team.created by the creator; a retry and a refused create record nothing', async () => {
    const [owner, other] = await Promise.all([newUser('log-create'), newUser('log-create-other')]);
    const teamId = newTeamId();
    const request = { teamId, name: 'Ops', encryptedTeamKey: wrappedKey() };
    expect(await eventsDuring(teamId, () => call('createTeam', request, owner))).toEqual([added('team.created', teamId, owner)]);
    expect(await eventsDuring(teamId, () => call('createTeam', request, owner))).toEqual([]);
    const taken = await eventsDuring(teamId, async () => {
      expect(refusal(await call('createTeam', { ...request, encryptedTeamKey: wrappedKey() }, other))?.status).toBe('ALREADY_EXISTS');
    });
    expect(taken).toEqual([]);
  });

  it('changeMemberRole, grantTeamKey, removeTeamMember and leaveTeam: each its member event; refusals nothing', async () => {
    const [owner, admin, full, viewer] = await Promise.all([newUser('log-owner'), newUser('log-admin'), newUser('log-full'), newUser('log-viewer')]);
    const teamId = await createTeam(owner);
    await addMember(teamId, owner, admin, 'admin');
    await addMember(teamId, owner, full, 'full');
    await addMember(teamId, owner, viewer, 'view', false);

    expect(await eventsDuring(teamId, () => call('changeMemberRole', { teamId, userId: viewer.uid, role: 'full' }, admin))).toEqual([
      added('member.roleChanged', teamId, admin, { ...member(viewer), from: 'view', to: 'full' }),
    ]);
    const refusedRole = await eventsDuring(teamId, async () => {
      expect(refusal(await call('changeMemberRole', { teamId, userId: owner.uid, role: 'admin' }, admin))?.status).toBe('PERMISSION_DENIED');
      expect(refusal(await call('changeMemberRole', { teamId, userId: viewer.uid, role: 'admin' }, full))?.status).toBe('PERMISSION_DENIED');
    });
    expect(refusedRole).toEqual([]);

    const wrap = wrappedKey();
    const grant = (by: TestUser) => call('grantTeamKey', { teamId, userId: viewer.uid, keyVersion: 1, encryptedTeamKey: wrap }, by);
    expect(await eventsDuring(teamId, () => grant(full))).toEqual([]);
    const granted = await eventsDuring(teamId, () => grant(admin));
    expect(granted).toEqual([added('member.keyGranted', teamId, admin, member(viewer))]);
    expect(JSON.stringify(granted)).not.toContain(wrap);
    // Granted already: refused, nothing recorded.
    expect(await eventsDuring(teamId, () => grant(owner))).toEqual([]);

    expect(await eventsDuring(teamId, () => call('removeTeamMember', { teamId, userId: owner.uid }, admin))).toEqual([]);
    expect(await eventsDuring(teamId, () => call('removeTeamMember', { teamId, userId: viewer.uid }, admin))).toEqual([
      added('member.removed', teamId, admin, member(viewer)),
    ]);
    expect(await eventsDuring(teamId, () => call('leaveTeam', { teamId }, owner))).toEqual([]);
    expect(await eventsDuring(teamId, () => call('leaveTeam', { teamId }, full))).toEqual([added('member.left', teamId, full, member(full))]);
  });

  it('rotateTeamKey: rotation.started with the new version, an admin’s too (it takes effect at once); finishKeyRotation: rotation.finished', async () => {
    const [owner, admin, leaver] = await Promise.all([newUser('log-rot-owner'), newUser('log-rot-admin'), newUser('log-rot-leaver')]);
    const teamId = await createTeam(owner);
    await addMember(teamId, owner, admin, 'admin');
    await addMember(teamId, owner, leaver, 'full');
    const entry = db().collection('passwords').doc();
    await entry.set({ teamId, userId: owner.uid, title: 'e', username: 'c', password: 'c', keyVersion: 1, groupId: null });
    await call('removeTeamMember', { teamId, userId: leaver.uid }, owner);

    const wraps = { [owner.uid]: wrappedKey(), [admin.uid]: wrappedKey() };
    const sealed = sealedKey();
    const check = keyCheck();
    const rotate = (by: TestUser, fromVersion: number) => call('rotateTeamKey', { teamId, fromVersion, wraps, sealedPreviousKey: sealed, keyCheck: check }, by);
    const rotatedByAdmin = await eventsDuring(teamId, async () => {
      expect((await rotate(admin, 1)).result).toEqual({ keyVersion: 2, committed: true });
    });
    expect(rotatedByAdmin).toEqual([added('rotation.started', teamId, admin, { keyVersion: 2 })]);
    const log = JSON.stringify(rotatedByAdmin);
    for (const secret of [...Object.values(wraps), sealed]) expect(log).not.toContain(secret);

    // Finishing while the old key waits for the owner, or while an entry is at the old version, is refused and records nothing.
    expect(await eventsDuring(teamId, () => call('finishKeyRotation', { teamId, keyVersion: 2 }, admin))).toEqual([]);
    expect(await eventsDuring(teamId, () => call('confirmTeamKey', { teamId, keyVersion: 2, keyCheck: check }, owner))).toEqual([]);
    expect(await eventsDuring(teamId, () => call('finishKeyRotation', { teamId, keyVersion: 2 }, admin))).toEqual([]);
    await entry.update({ keyVersion: 2 });
    expect(await eventsDuring(teamId, () => call('finishKeyRotation', { teamId, keyVersion: 2 }, admin))).toEqual([
      added('rotation.finished', teamId, admin, { keyVersion: 2 }),
    ]);

    // The owner's own rotation takes effect at once.
    await call('removeTeamMember', { teamId, userId: admin.uid }, owner);
    const ownerOnly = { [owner.uid]: wrappedKey() };
    const rotated = await eventsDuring(teamId, () =>
      call('rotateTeamKey', { teamId, fromVersion: 2, wraps: ownerOnly, sealedPreviousKey: sealedKey(), keyCheck: keyCheck() }, owner),
    );
    expect(rotated).toEqual([added('rotation.started', teamId, owner, { keyVersion: 3 })]);
    // A second rotation before this one finishes is refused: nothing recorded.
    expect(await eventsDuring(teamId, () => rotate(owner, 3))).toEqual([]);
  });

  it('deleteTeam: team.deleted by the owner; the log stays, and teamLogs names its former owner; a refused deletion records nothing', async () => {
    const [owner, admin] = await Promise.all([newUser('log-del-owner'), newUser('log-del-admin')]);
    const teamId = await createTeam(owner);
    await addMember(teamId, owner, admin, 'admin');
    const kinds = async () => (await teamEventsRef(teamId).get()).docs.map((doc) => doc.get('kind') as string).sort();
    const before = ['invitation.accepted', 'invitation.sent', 'member.added', 'team.created'];
    expect(await kinds()).toEqual(before);

    expect(await eventsDuring(teamId, () => call('deleteTeam', { teamId }, admin))).toEqual([]);
    expect(await eventsDuring(teamId, () => call('deleteTeam', { teamId }, owner))).toEqual([added('team.deleted', teamId, owner)]);
    expect(await teamDoc(teamId)).toBeUndefined();
    expect(await kinds()).toEqual([...before, 'team.deleted']);
    const teamLog = (await db().collection('teamLogs').doc(teamId).get()).data();
    expect(teamLog).toEqual({ teamId, ownerUid: owner.uid, teamName: 'Ops', deletedAt: expect.anything() as unknown });
    expect(Math.abs((teamLog?.deletedAt as { toMillis(): number }).toMillis() - Date.now())).toBeLessThan(60_000);
    // A second call finds nothing to do and records nothing more.
    expect(await eventsDuring(teamId, () => call('deleteTeam', { teamId }, owner))).toEqual([]);
  });

  it('deleteAccount: member.left in each team the account leaves, team.deleted in each it owned (its teamLogs naming the account)', async () => {
    const [leaving, teammate] = await Promise.all([newUser('log-acct-leaving'), newUser('log-acct-teammate')]);
    const joined = await createTeam(teammate, 'joined');
    await addMember(joined, teammate, leaving, 'full');
    const owned = await createTeam(leaving, 'owned');
    let deleted: LoggedEvent[] = [];
    const left = await eventsDuring(joined, async () => {
      deleted = await eventsDuring(owned, async () => {
        expect((await call('deleteAccount', null, leaving)).result).toMatchObject({ success: true });
      });
    });
    expect(left).toEqual([added('member.left', joined, leaving, member(leaving))]);
    expect(deleted).toEqual([added('team.deleted', owned, leaving)]);
    expect((await db().collection('teamLogs').doc(owned).get()).get('ownerUid')).toBe(leaving.uid);
  });
});
