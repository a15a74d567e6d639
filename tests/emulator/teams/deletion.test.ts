import { describe, expect, it } from 'vitest';
import { applyTeamDeletion } from '../../../functions/src/teams/deleteTeam';
import { addMember, call, createTeam, db, invite, newUser, refusal, teamDoc, teamEventsRef, teamIdsOf, type TestUser } from './support';

// deleteTeam (docs/teams.md, "Team deletion"): the deployed callable for the permission and the
// whole job; the apply step called directly with firebase-admin to inject a failure between
// batches, then the deployed callable to prove that a second call finishes it.

// Sequential batches, not a BulkWriter: its parallel ramp-up flooded a Firestore emulator that was
// already holding a whole test run's data, and writes failed with DEADLINE_EXCEEDED.
async function seed(teamId: string, owner: TestUser, passwords: number, groups: number): Promise<void> {
  const docs = [
    ...Array.from({ length: passwords }, (_, index) => ({
      ref: db().collection('passwords').doc(),
      data: { teamId, userId: owner.uid, title: `p${String(index)}`, keyVersion: 1, groupId: null },
    })),
    ...Array.from({ length: groups }, (_, index) => ({ ref: db().collection('groups').doc(), data: { teamId, userId: null, name: `g${String(index)}` } })),
  ];
  for (let start = 0; start < docs.length; start += 400) {
    const batch = db().batch();
    for (const { ref, data } of docs.slice(start, start + 400)) batch.set(ref, data);
    await batch.commit();
  }
}

async function countOf(collection: string, teamId: string): Promise<number> {
  return (await db().collection(collection).where('teamId', '==', teamId).count().get()).data().count;
}

describe('deleteTeam', () => {
  it('is for the owner only, and removes the team, its entries, its groups, its invitations and every member’s teamIds', async () => {
    const [owner, admin, outsider] = await Promise.all([newUser('delete-owner'), newUser('delete-admin'), newUser('delete-outsider')]);
    const teamId = await createTeam(owner);
    const keep = await createTeam(owner, 'keep');
    await addMember(teamId, owner, admin, 'admin');
    await seed(teamId, owner, 3, 2);
    await seed(keep, owner, 1, 1);
    // The admin's accepted invitation, and a pending one that must not outlive the team.
    await invite(owner, teamId, `pending-${teamId}@example.com`);
    await invite(owner, keep, `pending-${keep}@example.com`);
    expect(await countOf('invitations', teamId)).toBe(2);

    expect(refusal(await call('deleteTeam', { teamId }, admin))).toEqual({ status: 'PERMISSION_DENIED', message: 'Only the team owner can delete the team' });
    expect(refusal(await call('deleteTeam', { teamId }, outsider))).toEqual({ status: 'PERMISSION_DENIED', message: 'You are not a member of this team' });
    expect((await teamDoc(teamId))?.deleting).toBe(false);

    expect(await call('deleteTeam', { teamId }, owner)).toEqual({ result: { ok: true } });
    expect(await teamDoc(teamId)).toBeUndefined();
    expect(await countOf('passwords', teamId)).toBe(0);
    expect(await countOf('groups', teamId)).toBe(0);
    expect(await countOf('invitations', teamId)).toBe(0);
    expect(await teamIdsOf(owner.uid)).toEqual([keep]);
    expect(await teamIdsOf(admin.uid)).toEqual([]);
    // Another team of the owner is untouched.
    expect(await countOf('passwords', keep)).toBe(1);
    expect(await countOf('groups', keep)).toBe(1);
    expect(await countOf('invitations', keep)).toBe(1);
  });

  it('resumes: a failure between batches leaves `deleting` set and a second call finishes the job', async () => {
    const [owner, member] = await Promise.all([newUser('resume-owner'), newUser('resume-member')]);
    const teamId = await createTeam(owner);
    await addMember(teamId, owner, member, 'full');
    await seed(teamId, owner, 1203, 3);

    // Step 1 as the callable does it, then the apply step with a fault after the second batch.
    await db().collection('teams').doc(teamId).update({ deleting: true });
    let batches = 0;
    const fault = applyTeamDeletion(db(), teamId, { uid: owner.uid, email: owner.email }, {
      afterBatch: () => {
        batches += 1;
        if (batches === 2) throw new Error('injected failure');
      },
    });
    await expect(fault).rejects.toThrow('injected failure');

    // Half done: 1000 entries gone, the rest and the team still there, read-only.
    expect(await countOf('passwords', teamId)).toBe(203);
    expect(await countOf('groups', teamId)).toBe(3);
    expect(await teamDoc(teamId)).toMatchObject({ deleting: true });
    expect(await teamIdsOf(member.uid)).toEqual([teamId]);
    // A deleting team takes no membership changes.
    expect(refusal(await call('leaveTeam', { teamId }, member))).toEqual({ status: 'FAILED_PRECONDITION', message: 'This team is being deleted' });

    // A fault in the teamIds step leaves the team document, so the owner can still call again.
    await expect(
      applyTeamDeletion(db(), teamId, { uid: owner.uid, email: owner.email }, {
        afterBatch: ({ step }) => {
          if (step === 'teamIds') throw new Error('injected failure in teamIds');
        },
      }),
    ).rejects.toThrow('injected failure in teamIds');
    expect(await countOf('passwords', teamId)).toBe(0);
    expect(await teamDoc(teamId)).toMatchObject({ deleting: true });

    expect(await call('deleteTeam', { teamId }, owner)).toEqual({ result: { ok: true } });
    expect(await teamDoc(teamId)).toBeUndefined();
    expect(await countOf('passwords', teamId)).toBe(0);
    expect(await countOf('groups', teamId)).toBe(0);
    expect(await teamIdsOf(owner.uid)).toEqual([]);
    expect(await teamIdsOf(member.uid)).toEqual([]);
    // The log stays (docs/audit-log.md), with one team.deleted however many calls the deletion took.
    expect((await teamEventsRef(teamId).where('kind', '==', 'team.deleted').get()).size).toBe(1);
  });
});
