import { describe, expect, it } from 'vitest';
import { addMember, call, createTeam, db, keyCheck, newUser, refusal, sealedKey, teamDoc, wrappedKey, type TestUser } from './support';

// Issue #16, hole 1: an admin could call rotateTeamKey at any time with junk wrapped for the owner
// (or everyone), and nobody could give the owner the key back. docs/teams.md, "Key checks".

type Members = Record<string, { encryptedTeamKey: string | null; needsTeamKey: boolean; previousTeamKey?: unknown }>;

async function membersOf(teamId: string): Promise<Members> {
  return (await teamDoc(teamId))?.members as Members;
}

async function threeMemberTeam(label: string) {
  const [owner, admin, viewer] = await Promise.all([newUser(`${label}-owner`), newUser(`${label}-admin`), newUser(`${label}-viewer`)]);
  const teamId = await createTeam(owner);
  await addMember(teamId, owner, admin, 'admin');
  await addMember(teamId, owner, viewer, 'view');
  return { owner, admin, viewer, teamId };
}

const junkFor = (...users: TestUser[]) => Object.fromEntries(users.map((user) => [user.uid, wrappedKey()]));

describe('key checks', () => {
  it('refuses an admin’s rotation when nobody left: the owner’s key is untouched', async () => {
    const { owner, admin, viewer, teamId } = await threeMemberTeam('kc-norot');
    const before = await teamDoc(teamId);
    const reply = await call(
      'rotateTeamKey',
      { teamId, fromVersion: 1, wraps: junkFor(owner, admin, viewer), sealedPreviousKey: sealedKey(), keyCheck: keyCheck() },
      admin,
    );
    expect(refusal(reply)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'The team key is rotated only after a member leaves or is removed, or by the owner',
    });
    expect(await teamDoc(teamId)).toEqual(before);
  });

  // Issue #41 item 2: the rotation takes effect at once; the old key waits for the owner instead.
  it('after a removal, an admin’s rotation takes effect at once even with junk for the owner, who keeps the old wrap; the old key stays until the owner has the new one', async () => {
    const { owner, admin, viewer, teamId } = await threeMemberTeam('kc-atonce');
    const leaver = await newUser('kc-atonce-leaver');
    await addMember(teamId, owner, leaver, 'full');
    expect(await call('removeTeamMember', { teamId, userId: leaver.uid }, admin)).toEqual({ result: { ok: true } });
    const before = await membersOf(teamId);

    const junk = { teamId, fromVersion: 1, wraps: junkFor(owner, admin, viewer), sealedPreviousKey: sealedKey(), keyCheck: keyCheck() };
    expect(await call('rotateTeamKey', junk, admin)).toEqual({ result: { keyVersion: 2, committed: true } });
    expect(await teamDoc(teamId)).toMatchObject({ keyVersion: 2, keyCheck: junk.keyCheck, rotationNeeded: false, previousKey: { version: 1 } });
    const members = await membersOf(teamId);
    expect(members[owner.uid]).toMatchObject({
      encryptedTeamKey: junk.wraps[owner.uid],
      previousTeamKey: { keyVersion: 1, encryptedTeamKey: before[owner.uid]?.encryptedTeamKey },
    });
    expect(members[admin.uid]).toMatchObject({ encryptedTeamKey: junk.wraps[admin.uid], previousTeamKey: null });
    // No second rotation on top, and the old key is not dropped while the owner holds only it.
    expect(refusal(await call('rotateTeamKey', { ...junk, fromVersion: 2 }, admin))?.message).toBe('Finish the current key rotation first');
    expect(refusal(await call('finishKeyRotation', { teamId, keyVersion: 2 }, admin))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'The previous team key is kept until the team owner confirms the new one',
    });

    // The owner's browser finds the junk: flagged, keeping the old wrap; still nothing dropped.
    expect(await call('reportTeamKeyMismatch', { teamId, keyVersion: 2 }, owner)).toEqual({ result: { ok: true } });
    expect((await membersOf(teamId))[owner.uid]).toMatchObject({ needsTeamKey: true, encryptedTeamKey: null, previousTeamKey: { keyVersion: 1 } });
    expect(refusal(await call('finishKeyRotation', { teamId, keyVersion: 2 }, admin))?.message).toBe('The previous team key is kept until the team owner confirms the new one');
    // A View Only member holding the new key gives it to the owner, whose browser confirms it.
    const wrap = wrappedKey();
    expect(await call('grantTeamKey', { teamId, userId: owner.uid, keyVersion: 2, encryptedTeamKey: wrap }, viewer)).toEqual({ result: { ok: true } });
    expect(await call('confirmTeamKey', { teamId, keyVersion: 2, keyCheck: junk.keyCheck }, owner)).toEqual({ result: { ok: true } });
    expect((await membersOf(teamId))[owner.uid]).toMatchObject({ encryptedTeamKey: wrap, needsTeamKey: false, previousTeamKey: null });
    expect(await call('finishKeyRotation', { teamId, keyVersion: 2 }, admin)).toEqual({ result: { ok: true } });
    expect(await teamDoc(teamId)).toMatchObject({ keyVersion: 2, previousKey: null });
  });

  it('the owner commits a proposal stored before rotations took effect at once; one that no longer covers the holders is refused', async () => {
    const { owner, admin, viewer, teamId } = await threeMemberTeam('kc-commit');
    const leaver = await newUser('kc-commit-leaver');
    await addMember(teamId, owner, leaver, 'full');
    await call('removeTeamMember', { teamId, userId: leaver.uid }, owner);
    const wraps = junkFor(owner, admin, viewer);
    const proposal = { keyVersion: 2, keyCheck: keyCheck(), sealedPreviousKey: sealedKey(), wraps, proposedBy: admin.uid, proposedAt: Date.now() };
    await db().collection('teams').doc(teamId).update({ pendingRotation: proposal });
    expect(refusal(await call('confirmTeamKeyRotation', { teamId, keyVersion: 3 }, owner))?.status).toBe('FAILED_PRECONDITION');
    expect(await call('confirmTeamKeyRotation', { teamId, keyVersion: 2 }, owner)).toEqual({ result: { ok: true } });
    expect(await teamDoc(teamId)).toMatchObject({ keyVersion: 2, keyCheck: proposal.keyCheck, pendingRotation: null, previousKey: { version: 1 } });
    expect((await membersOf(teamId))[owner.uid]).toMatchObject({ encryptedTeamKey: wraps[owner.uid], previousTeamKey: null });
    expect(refusal(await call('confirmTeamKeyRotation', { teamId, keyVersion: 2 }, owner))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'There is no new team key to confirm',
    });
  });

  it('a member whose wrap does not open flags only themselves, and any key holder gives a flagged owner the key back', async () => {
    const { owner, admin, viewer, teamId } = await threeMemberTeam('kc-recover');
    const before = await membersOf(teamId);
    expect(await call('reportTeamKeyMismatch', { teamId, keyVersion: 1 }, owner)).toEqual({ result: { ok: true } });
    const flagged = await membersOf(teamId);
    expect(flagged[owner.uid]).toMatchObject({ encryptedTeamKey: null, needsTeamKey: true });
    expect(flagged[admin.uid]).toEqual(before[admin.uid]);
    expect(flagged[viewer.uid]).toEqual(before[viewer.uid]);

    // A View Only member holds the key and may give it to the owner, but to nobody else.
    const wrap = wrappedKey();
    expect(await call('grantTeamKey', { teamId, userId: owner.uid, keyVersion: 1, encryptedTeamKey: wrap }, viewer)).toEqual({ result: { ok: true } });
    expect((await membersOf(teamId))[owner.uid]).toMatchObject({ encryptedTeamKey: wrap, needsTeamKey: false });
    await call('reportTeamKeyMismatch', { teamId, keyVersion: 1 }, admin);
    expect(refusal(await call('grantTeamKey', { teamId, userId: admin.uid, keyVersion: 1, encryptedTeamKey: wrappedKey() }, viewer))?.status).toBe(
      'PERMISSION_DENIED',
    );
    // Only the owner publishes a check on a team made without one.
    const check = keyCheck();
    expect(refusal(await call('confirmTeamKey', { teamId, keyVersion: 1, keyCheck: check }, viewer))?.status).toBe('PERMISSION_DENIED');
    expect(await call('confirmTeamKey', { teamId, keyVersion: 1, keyCheck: check }, owner)).toEqual({ result: { ok: true } });
    expect((await teamDoc(teamId))?.keyCheck).toBe(check);
  });

  it('a rotating admin must hold the key themselves', async () => {
    const { owner, admin, viewer, teamId } = await threeMemberTeam('kc-holder');
    const leaver = await newUser('kc-holder-leaver');
    await addMember(teamId, owner, leaver, 'full');
    await call('removeTeamMember', { teamId, userId: leaver.uid }, owner);
    await call('reportTeamKeyMismatch', { teamId, keyVersion: 1 }, admin);
    const reply = await call('rotateTeamKey', { teamId, fromVersion: 1, wraps: junkFor(owner, viewer), sealedPreviousKey: sealedKey(), keyCheck: keyCheck() }, admin);
    expect(refusal(reply)).toEqual({ status: 'FAILED_PRECONDITION', message: 'You do not hold the team key' });
  });
});
