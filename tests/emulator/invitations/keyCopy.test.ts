import { beforeAll, describe, expect, it } from 'vitest';
import { expireInvitations } from '../../../functions/src/invitations/expireInvitations';
import { uniqueEmail } from '../../support/authEmulator';
import { addMember, call, createTeam, db, newUser, refusal, teamDoc, type TestUser } from '../teams/support';
import { attachSecretKey, expire, invitationDoc, invitationRef, invite } from './support';

// Issue #16, hole 3: an invitation's copy of the team key lives only while it is pending, and a
// keyed invitation that ends without its invitee joining rotates the team key (docs/invitations.md).
// Accepting and declining are in respond.test.ts; here cancelInvitation and the hourly expiry.

const NOT_VALID = { status: 'FAILED_PRECONDITION', message: 'This invitation has already been accepted or is no longer valid.' };

let owner: TestUser;
let admin: TestUser;
let full: TestUser;

beforeAll(async () => {
  [owner, admin, full] = await Promise.all([newUser('copy-owner'), newUser('copy-admin'), newUser('copy-full')]);
});

async function teamWithManagers(name: string): Promise<string> {
  const teamId = await createTeam(owner, name);
  await addMember(teamId, owner, admin, 'admin');
  await addMember(teamId, owner, full, 'full');
  return teamId;
}

const rotationNeeded = async (teamId: string) => (await teamDoc(teamId))?.rotationNeeded;

describe('cancelInvitation', () => {
  it('lets an owner or admin withdraw a pending invitation; one that carried the key rotates the team key', async () => {
    const teamId = await teamWithManagers('Cancel Crew');
    const keyed = await invite(owner, teamId, uniqueEmail('cancel-keyed'));
    await attachSecretKey(keyed.inviteId);
    expect(refusal(await call('cancelInvitation', { inviteId: keyed.inviteId }, full))).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'Only owners and admins can cancel invitations',
    });
    expect(refusal(await call('cancelInvitation', { inviteId: keyed.inviteId }))).toMatchObject({ status: 'UNAUTHENTICATED' });
    expect(await invitationDoc(keyed.inviteId)).toBeDefined();
    expect(await rotationNeeded(teamId)).toBe(false);

    expect(await call('cancelInvitation', { inviteId: keyed.inviteId }, admin)).toEqual({ result: { success: true } });
    expect(await invitationDoc(keyed.inviteId)).toBeUndefined();
    expect(await rotationNeeded(teamId)).toBe(true);
    expect(refusal(await call('cancelInvitation', { inviteId: keyed.inviteId }, owner))?.status).toBe('NOT_FOUND');
  });

  it('cancels a keyless invitation without a rotation, and refuses a closed one', async () => {
    const teamId = await teamWithManagers('Keyless Crew');
    const keyless = await invite(owner, teamId, uniqueEmail('cancel-keyless'));
    expect(await call('cancelInvitation', { inviteId: keyless.inviteId }, owner)).toEqual({ result: { success: true } });
    expect(await invitationDoc(keyless.inviteId)).toBeUndefined();
    expect(await rotationNeeded(teamId)).toBe(false);

    const answered = await invite(owner, teamId, uniqueEmail('cancel-answered'));
    await invitationRef(answered.inviteId).update({ status: 'declined', respondedAt: Date.now() });
    expect(refusal(await call('cancelInvitation', { inviteId: answered.inviteId }, owner))).toEqual(NOT_VALID);
    expect(await invitationDoc(answered.inviteId)).toBeDefined();
  });
});

describe('expireInvitations (hourly)', () => {
  it('marks pending invitations past their expiry expired, removes their key copy, rotates a team whose key one carried, and is a no-op when repeated', async () => {
    const keyedTeam = await teamWithManagers('Expiry Keyed');
    const keylessTeam = await teamWithManagers('Expiry Keyless');
    const keyed = await invite(owner, keyedTeam, uniqueEmail('expire-keyed'));
    await attachSecretKey(keyed.inviteId);
    await expire(keyed.inviteId);
    const keyless = await invite(owner, keylessTeam, uniqueEmail('expire-keyless'));
    await expire(keyless.inviteId);
    const open = await invite(owner, keyedTeam, uniqueEmail('expire-open'));
    await attachSecretKey(open.inviteId);

    const deps = { db, now: Date.now };
    expect(await expireInvitations(deps)).toBeGreaterThanOrEqual(2);
    expect(await invitationDoc(keyed.inviteId)).toMatchObject({ status: 'expired', encryptedTeamKey: null, encryptedTeamKeyWithSecret: null, keyVersion: 1 });
    expect(await invitationDoc(keyless.inviteId)).toMatchObject({ status: 'expired' });
    expect(await rotationNeeded(keyedTeam)).toBe(true);
    expect(await rotationNeeded(keylessTeam)).toBe(false);
    // Not yet expired: untouched, key and all.
    expect(await invitationDoc(open.inviteId)).toMatchObject({ status: 'pending', encryptedTeamKeyWithSecret: expect.any(String) as string });

    const before = await Promise.all([invitationDoc(keyed.inviteId), teamDoc(keyedTeam)]);
    await expireInvitations(deps);
    expect(await Promise.all([invitationDoc(keyed.inviteId), teamDoc(keyedTeam)])).toEqual(before);
  });

  it('leaves a team being deleted alone, and an expired invitation can no longer be looked up', async () => {
    const doomed = await createTeam(owner, 'Expiry Doomed');
    const keyed = await invite(owner, doomed, uniqueEmail('expire-doomed'));
    await attachSecretKey(keyed.inviteId);
    await expire(keyed.inviteId);
    await db().collection('teams').doc(doomed).update({ deleting: true });
    await expireInvitations({ db, now: Date.now });
    expect(await invitationDoc(keyed.inviteId)).toMatchObject({ status: 'expired', encryptedTeamKeyWithSecret: null });
    expect(await teamDoc(doomed)).toMatchObject({ deleting: true, rotationNeeded: false });
    expect(refusal(await call('lookupInvitation', { inviteId: keyed.inviteId }))).toEqual(NOT_VALID);
  });
});
