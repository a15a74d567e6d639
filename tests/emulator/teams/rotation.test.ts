import { describe, expect, it } from 'vitest';
import { addMember, call, createTeam, db, invite, keyCheck, newUser, refusal, sealedKey, teamDoc, wrappedKey } from './support';

// Rotation on removal (docs/teams.md): rotate → finish refused while an entry is at the old
// version → entries re-encrypted → finish deletes the sealed previous key.

describe('team key rotation', () => {
  it('runs end to end and refuses every shortcut', async () => {
    const [owner, admin, viewer, leaver] = await Promise.all([newUser('rotate-owner'), newUser('rotate-admin'), newUser('rotate-viewer'), newUser('rotate-leaver')]);
    const teamId = await createTeam(owner);
    await addMember(teamId, owner, admin, 'admin');
    await addMember(teamId, owner, viewer, 'view');
    await addMember(teamId, owner, leaver, 'full');
    const entries = db().collection('passwords');
    const entryIds = await Promise.all(
      [1, 2, 3].map(async (index) => {
        const ref = entries.doc();
        await ref.set({ teamId, userId: owner.uid, title: `e${index}`, username: 'c', password: 'c', keyVersion: 1, groupId: null });
        return ref.id;
      }),
    );
    // An invitation whose key the owner's browser attached before the rotation, at version 1.
    const newcomer = await newUser('rotate-newcomer', { emailVerified: true });
    const early = await invite(owner, teamId, newcomer.email);
    await db().collection('invitations').doc(early.inviteId).update({ encryptedTeamKey: wrappedKey(), keyVersion: 1 });

    await call('removeTeamMember', { teamId, userId: leaver.uid }, owner);
    expect((await teamDoc(teamId))?.rotationNeeded).toBe(true);

    const holders = { [owner.uid]: wrappedKey(), [admin.uid]: wrappedKey(), [viewer.uid]: wrappedKey() };
    const sealed = sealedKey();
    const check = keyCheck();
    // Any writer's rotation takes effect at once; the old key then waits for the owner (keyChecks.test.ts).
    const rotate = (by = owner, wraps: Record<string, string> = holders, fromVersion = 1) =>
      call('rotateTeamKey', { teamId, fromVersion, wraps, sealedPreviousKey: sealed, keyCheck: check }, by);

    expect(refusal(await rotate(viewer))).toEqual({ status: 'PERMISSION_DENIED', message: 'Only members who can edit passwords can rotate the team key' });
    expect(refusal(await rotate(leaver))).toEqual({ status: 'PERMISSION_DENIED', message: 'You are not a member of this team' });
    // The removed member must not get the new key; a holder must not be left out.
    expect(refusal(await rotate(owner, { ...holders, [leaver.uid]: wrappedKey() }))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'The new team key must be wrapped for exactly the members who hold the key',
    });
    const { [viewer.uid]: _viewerWrap, ...withoutViewer } = holders;
    expect((await rotate(owner, withoutViewer)).error?.status).toBe('FAILED_PRECONDITION');
    expect((await rotate(owner, holders, 2)).error?.status).toBe('FAILED_PRECONDITION');
    // Without the new key's check it is no rotation.
    expect(refusal(await call('rotateTeamKey', { teamId, fromVersion: 1, wraps: holders, sealedPreviousKey: sealed }, owner))?.status).toBe('INVALID_ARGUMENT');

    expect(await rotate()).toEqual({ result: { keyVersion: 2, committed: true } });
    const rotated = await teamDoc(teamId);
    expect(rotated).toMatchObject({ keyVersion: 2, keyCheck: check, rotationNeeded: false, previousKey: { version: 1, sealed } });
    const members = rotated?.members as Record<string, { encryptedTeamKey: string }>;
    expect(members[viewer.uid]?.encryptedTeamKey).toBe(holders[viewer.uid]);
    // A second rotation waits until this one is finished.
    expect(refusal(await rotate(owner, holders, 2))).toEqual({ status: 'FAILED_PRECONDITION', message: 'Finish the current key rotation first' });

    const finish = (by = owner, keyVersion = 2) => call('finishKeyRotation', { teamId, keyVersion }, by);
    expect(refusal(await finish(viewer))?.status).toBe('PERMISSION_DENIED');
    expect(refusal(await finish())).toEqual({ status: 'FAILED_PRECONDITION', message: 'Some team passwords are still encrypted with the previous team key' });

    // Re-encrypt all but one: still refused.
    for (const id of entryIds.slice(0, 2)) await entries.doc(id).update({ keyVersion: 2 });
    expect(refusal(await finish())?.status).toBe('FAILED_PRECONDITION');
    expect((await teamDoc(teamId))?.previousKey).not.toBeNull();

    await entries.doc(entryIds[2]!).update({ keyVersion: 2 });
    expect(refusal(await finish(owner, 1))?.status).toBe('FAILED_PRECONDITION');
    expect(await finish()).toEqual({ result: { ok: true } });
    expect(await teamDoc(teamId)).toMatchObject({ keyVersion: 2, previousKey: null, rotationNeeded: false });

    // That invitation, accepted now, carries the old key: the newcomer joins needing the key, and a
    // grant must be of the new version.
    expect(await call('acceptInvitation', { inviteId: early.inviteId }, newcomer)).toEqual({ result: { success: true, teamId } });
    expect((await teamDoc(teamId))?.members).toMatchObject({ [newcomer.uid]: { role: 'view', encryptedTeamKey: null, needsTeamKey: true } });
    const grant = (keyVersion: number) => call('grantTeamKey', { teamId, userId: newcomer.uid, keyVersion, encryptedTeamKey: wrappedKey() }, owner);
    expect(refusal(await grant(1))?.status).toBe('FAILED_PRECONDITION');
    expect(await grant(2)).toEqual({ result: { ok: true } });
  });
});
