import { beforeAll, describe, expect, it } from 'vitest';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { addMember, call, createTeam, db, keyCheck, newTeamId, newUser, refusal, subscription, teamDoc, teamIdsOf, wrappedKey, type TestUser } from './support';

// The membership callables end to end: signed-in users on the Auth emulator call the deployed
// functions on the Functions emulator, which write to the Firestore emulator. Members join by
// invitation (support.ts addMember); inviting and accepting are tested in ../invitations.

const denied = (message: string) => ({ status: 'PERMISSION_DENIED', message });
const NOT_MEMBER = denied('You are not a member of this team');

describe('createTeam', () => {
  it('creates the team document of docs/teams.md and adds it to the owner’s teamIds', async () => {
    const owner = await newUser('create');
    const teamId = newTeamId();
    const key = wrappedKey();
    const check = keyCheck();
    const reply = await call('createTeam', { teamId, name: ' Ops ', description: ' Night ', encryptedTeamKey: key, keyCheck: check }, owner);
    expect(reply).toEqual({ result: { teamId } });
    const stored = await teamDoc(teamId);
    expect(stored).toEqual({
      name: 'Ops',
      description: 'Night',
      ownerId: owner.uid,
      createdAt: expect.any(Number) as number,
      updatedAt: expect.any(Number) as number,
      memberIds: [owner.uid],
      members: {
        [owner.uid]: { userId: owner.uid, role: 'owner', joinedAt: expect.any(Number) as number, email: owner.email, encryptedTeamKey: key, needsTeamKey: false },
      },
      keyVersion: 1,
      keyCheck: check,
      rotationNeeded: false,
      pendingRotation: null,
      previousKey: null,
      deleting: false,
      entryFormat: 2,
    });
    expect(await teamIdsOf(owner.uid)).toEqual([teamId]);

    // A retry of the same call succeeds and changes nothing.
    expect(await call('createTeam', { teamId, name: ' Ops ', description: ' Night ', encryptedTeamKey: key, keyCheck: check }, owner)).toEqual({ result: { teamId } });
    expect(await teamDoc(teamId)).toEqual(stored);
    expect(await teamIdsOf(owner.uid)).toEqual([teamId]);
  });

  it('refuses a team id that exists for someone else, a signed-out caller and a bad payload', async () => {
    const owner = await newUser('create-a');
    const other = await newUser('create-b');
    const teamId = await createTeam(owner);
    expect(refusal(await call('createTeam', { teamId, name: 'Mine', encryptedTeamKey: wrappedKey() }, other))).toEqual({
      status: 'ALREADY_EXISTS',
      message: 'This team id is already in use',
    });
    expect((await call('createTeam', { teamId: newTeamId(), name: 'X', encryptedTeamKey: wrappedKey() })).error?.status).toBe('UNAUTHENTICATED');
    expect(refusal(await call('createTeam', { teamId: newTeamId(), name: '  ', encryptedTeamKey: wrappedKey() }, owner))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Team name is required',
    });
    expect((await call('createTeam', { teamId: newTeamId(), name: 'X', encryptedTeamKey: 'c2hvcnQ=' }, owner)).error?.status).toBe('INVALID_ARGUMENT');
    expect(await teamIdsOf(other.uid)).toEqual([]);
  });

  it("stops at the plan's limit, counted as teams owned and not being deleted", async () => {
    const owner = await newUser('limit', { subscription: subscription('standard') });
    const batch = db().batch();
    for (let index = 0; index < 9; index += 1) {
      batch.set(db().collection('teams').doc(), { ownerId: owner.uid, deleting: false, name: `T${index}` });
    }
    batch.set(db().collection('teams').doc(), { ownerId: owner.uid, deleting: true, name: 'going' });
    await batch.commit();
    await createTeam(owner, 'the tenth');
    const refused = await call('createTeam', { teamId: newTeamId(), name: 'eleventh', encryptedTeamKey: wrappedKey() }, owner);
    expect(refusal(refused)).toEqual({ status: 'FAILED_PRECONDITION', message: 'Team Creation Limit Reached' });
    expect(await teamIdsOf(owner.uid)).toHaveLength(1);
  });

  it('three creates at once one below the limit: exactly one team is created, the others are refused', async () => {
    const owner = await newUser('limit-race', { subscription: subscription('standard') });
    const batch = db().batch();
    for (let index = 0; index < 9; index += 1) {
      batch.set(db().collection('teams').doc(), { ownerId: owner.uid, deleting: false, name: `T${index}` });
    }
    await batch.commit();
    const replies = await Promise.all(
      ['A', 'B', 'C'].map((name) => call('createTeam', { teamId: newTeamId(), name, encryptedTeamKey: wrappedKey() }, owner)),
    );
    expect(replies.filter((reply) => refusal(reply) === undefined)).toHaveLength(1);
    expect(replies.map(refusal).filter((refused) => refused !== undefined)).toEqual([
      { status: 'FAILED_PRECONDITION', message: 'Team Creation Limit Reached' },
      { status: 'FAILED_PRECONDITION', message: 'Team Creation Limit Reached' },
    ]);
    expect(await teamIdsOf(owner.uid)).toHaveLength(1);
  });

  it('needs paid access: a live trial may create a team; free, an expired trial and a cancelled plan may not', async () => {
    const now = Date.now();
    const trial = newTrialSubscription(now);
    const expired = { ...newTrialSubscription(now - 15 * 86_400_000) };
    const [onTrial, onFree, trialOver, cancelled] = await Promise.all([
      newUser('plan-trial', { subscription: { ...trial } }),
      newUser('plan-free', { subscription: subscription('free') }),
      newUser('plan-expired', { subscription: expired }),
      newUser('plan-cancelled', { subscription: subscription('standard', 'canceled') }),
    ]);
    await createTeam(onTrial, 'on trial');
    for (const user of [onFree, trialOver, cancelled]) {
      const refused = await call('createTeam', { teamId: newTeamId(), name: 'X', encryptedTeamKey: wrappedKey() }, user);
      expect(refusal(refused)).toEqual({ status: 'FAILED_PRECONDITION', message: 'Creating teams needs a paid plan. Upgrade to continue.' });
      expect(await teamIdsOf(user.uid)).toEqual([]);
    }
  });
});

describe('members', () => {
  let owner: TestUser;
  let admin: TestUser;
  let full: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let teamId: string;

  beforeAll(async () => {
    [owner, admin, full, viewer, outsider] = await Promise.all([newUser('members-owner'), newUser('members-admin'), newUser('members-full'), newUser('members-viewer'), newUser('members-outsider')]);
    teamId = await createTeam(owner);
    await addMember(teamId, owner, admin, 'admin');
    await addMember(teamId, owner, full, 'full');
    await addMember(teamId, owner, viewer, 'view', false);
  });

  it('changeMemberRole: owners and admins change roles, never the owner role', async () => {
    expect(await call('changeMemberRole', { teamId, userId: viewer.uid, role: 'full' }, admin)).toEqual({ result: { ok: true } });
    expect(((await teamDoc(teamId))?.members as Record<string, { role: string }>)[viewer.uid]?.role).toBe('full');
    expect(await call('changeMemberRole', { teamId, userId: viewer.uid, role: 'view' }, owner)).toEqual({ result: { ok: true } });

    expect(refusal(await call('changeMemberRole', { teamId, userId: owner.uid, role: 'admin' }, admin))).toEqual(
      denied('Cannot change the owner role'),
    );
    expect(refusal(await call('changeMemberRole', { teamId, userId: full.uid, role: 'owner' }, owner))).toEqual(
      denied('Cannot change the owner role'),
    );
    expect(refusal(await call('changeMemberRole', { teamId, userId: viewer.uid, role: 'admin' }, full))).toEqual(
      denied('Only owners and admins can change member roles'),
    );
    expect(refusal(await call('changeMemberRole', { teamId, userId: viewer.uid, role: 'admin' }, outsider))).toEqual(NOT_MEMBER);
  });

  it('grantTeamKey: owners and admins give the key to a member who needs it', async () => {
    const grant = (by: TestUser) => call('grantTeamKey', { teamId, userId: viewer.uid, keyVersion: 1, encryptedTeamKey: wrappedKey() }, by);
    expect(refusal(await grant(full))).toEqual(denied('Only owners and admins can grant team key access'));
    expect(refusal(await grant(outsider))).toEqual(NOT_MEMBER);
    expect(await grant(admin)).toEqual({ result: { ok: true } });
    expect(((await teamDoc(teamId))?.members as Record<string, { needsTeamKey: boolean }>)[viewer.uid]?.needsTeamKey).toBe(false);
    expect(refusal(await grant(owner))).toEqual({ status: 'FAILED_PRECONDITION', message: 'This member already has the team key' });
  });

  it('removeTeamMember: owners and admins remove others, never the owner; the team then needs rotation', async () => {
    expect(refusal(await call('removeTeamMember', { teamId, userId: owner.uid }, admin))).toEqual(denied('Cannot remove the team owner'));
    expect(refusal(await call('removeTeamMember', { teamId, userId: viewer.uid }, full))).toEqual(
      denied('Only owners and admins can remove members'),
    );
    expect(refusal(await call('removeTeamMember', { teamId, userId: viewer.uid }, outsider))).toEqual(NOT_MEMBER);

    expect(await call('removeTeamMember', { teamId, userId: viewer.uid }, admin)).toEqual({ result: { ok: true } });
    const stored = await teamDoc(teamId);
    expect(stored?.memberIds).toEqual([owner.uid, admin.uid, full.uid]);
    expect(Object.keys(stored?.members as object).sort()).toEqual([owner.uid, admin.uid, full.uid].sort());
    expect(stored?.rotationNeeded).toBe(true);
    expect(await teamIdsOf(viewer.uid)).toEqual([]);
    // Gone means gone: the removed member is now an outsider.
    expect(refusal(await call('leaveTeam', { teamId }, viewer))).toEqual(NOT_MEMBER);
  });

  it('leaveTeam: any member but the owner', async () => {
    expect(refusal(await call('leaveTeam', { teamId }, owner))).toEqual(denied('The owner cannot leave the team; delete the team instead'));
    expect(await call('leaveTeam', { teamId }, full)).toEqual({ result: { ok: true } });
    expect((await teamDoc(teamId))?.memberIds).toEqual([owner.uid, admin.uid]);
    expect(await teamIdsOf(full.uid)).toEqual([]);
    expect(await teamIdsOf(owner.uid)).toEqual([teamId]);
  });
});
