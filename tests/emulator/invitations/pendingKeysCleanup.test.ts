import { describe, expect, it } from 'vitest';
import { call, createTeam, db, newUser, refusal, type TestUser } from '../teams/support';
import { attachSecretKey, expire, invite, storePendingKey } from './support';

// Issue #17 item 6: a team deletion racing an acceptance left the invitee's pendingTeamKeys entry
// behind, counting toward the cap of 20. A refused acceptInvitation now removes an entry that can
// never be used (the invitation or its team gone, or the invitation closed), and keeps one that can.

const NOT_FOUND = { status: 'NOT_FOUND', message: 'This invitation does not exist or has been removed.' };
const NOT_VALID = { status: 'FAILED_PRECONDITION', message: 'This invitation has already been accepted or is no longer valid.' };

async function pendingKeysOf(user: TestUser): Promise<Record<string, string>> {
  return ((await db().collection('users').doc(user.uid).get()).get('pendingTeamKeys') ?? {}) as Record<string, string>;
}

describe('pendingTeamKeys of a deleted team (Auth + Functions + Firestore emulators)', () => {
  it('the team is deleted between the invitee storing the key and accepting: the accept is refused and the entry is gone', async () => {
    const owner = await newUser('pending-owner');
    const teamId = await createTeam(owner, 'Short-lived');
    const bo = await newUser('pending-bo', { emailVerified: true });
    const { inviteId } = await invite(owner, teamId, bo.email, 'full');
    await attachSecretKey(inviteId);
    await storePendingKey(bo, inviteId);
    expect(Object.keys(await pendingKeysOf(bo))).toEqual([inviteId]);

    expect(refusal(await call('deleteTeam', { teamId }, owner))).toBeUndefined();
    expect(refusal(await call('acceptInvitation', { inviteId }, bo))).toEqual(NOT_FOUND);
    expect(await pendingKeysOf(bo)).toEqual({});
  });

  it('an expired invitation’s entry goes too; an open invitation’s stays after a refusal the invitee can fix', async () => {
    const owner = await newUser('pending-owner-2');
    const teamId = await createTeam(owner, 'Long-lived');
    const bo = await newUser('pending-bo-2', { emailVerified: true });
    const expired = (await invite(owner, teamId, bo.email, 'full')).inviteId;
    await storePendingKey(bo, expired);
    await expire(expired);
    expect(refusal(await call('acceptInvitation', { inviteId: expired }, bo))).toEqual(NOT_VALID);
    expect(await pendingKeysOf(bo)).toEqual({});

    // Someone else's account holding an entry for an open invitation is refused (wrong account), and
    // the entry stays: the invitation still works for its invitee.
    const cy = await newUser('pending-cy', { emailVerified: true });
    const open = (await invite(owner, teamId, (await newUser('pending-dee', { emailVerified: true })).email, 'full')).inviteId;
    await storePendingKey(cy, open);
    expect(refusal(await call('acceptInvitation', { inviteId: open }, cy))?.status).toBe('PERMISSION_DENIED');
    expect(Object.keys(await pendingKeysOf(cy))).toEqual([open]);
  });
});

describe('deleteTeam sweeps pendingTeamKeys (Auth + Functions + Firestore emulators)', () => {
  it('the invitee never comes back: the team deletion itself removes every entry for its invitations, and nobody else’s', async () => {
    const owner = await newUser('sweep-owner');
    const doomed = await createTeam(owner, 'Doomed');
    const kept = await createTeam(owner, 'Kept');
    const bo = await newUser('sweep-bo', { emailVerified: true });
    const cy = await newUser('sweep-cy', { emailVerified: true });
    const toBo = (await invite(owner, doomed, bo.email, 'full')).inviteId;
    const toCy = (await invite(owner, doomed, cy.email, 'view')).inviteId;
    const keptInvite = (await invite(owner, kept, bo.email, 'full')).inviteId;
    await storePendingKey(bo, toBo);
    await storePendingKey(bo, keptInvite);
    await storePendingKey(cy, toCy);
    // An entry held by an account the invitation was not for counts toward its cap just the same.
    await storePendingKey(cy, toBo);

    expect(refusal(await call('deleteTeam', { teamId: doomed }, owner))).toBeUndefined();
    expect(Object.keys(await pendingKeysOf(bo))).toEqual([keptInvite]);
    expect(await pendingKeysOf(cy)).toEqual({});
  });
});
