import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@keyloft/contract/auditEvents';
import { expireInvitations } from '../../../functions/src/invitations/expireInvitations';
import { actor, addMember, call, createTeam, db, eventsDuring, newUser, refusal, teamEventsRef, type TestUser } from '../teams/support';
import { attachSecretKey, expire, invite, storePendingKey } from './support';

// Issue #24: each invitation callable records exactly its event in the team's log, in the
// transaction of the change (docs/audit-log.md); a refusal or a retry records nothing; the hourly
// expiry records invitation.expired by the system. No event holds the invitation's key or link.

const added = (kind: string, teamId: string, by: Record<string, unknown>, fields: Record<string, unknown> = {}) => ({
  kind,
  teamId,
  actor: by,
  ...fields,
  at: 'server time',
});
const about = (invitationId: string, email: string) => ({ invitationId, email });

async function managedTeam(label: string): Promise<{ owner: TestUser; admin: TestUser; full: TestUser; teamId: string }> {
  const [owner, admin, full] = await Promise.all([newUser(`${label}-owner`), newUser(`${label}-admin`), newUser(`${label}-full`)]);
  const teamId = await createTeam(owner, label);
  await addMember(teamId, owner, admin, 'admin');
  await addMember(teamId, owner, full, 'full');
  return { owner, admin, full, teamId };
}

describe('the invitation callables’ events', () => {
  it('inviteTeamMember: invitation.sent by the owner; cancelInvitation: invitation.cancelled; refusals nothing', async () => {
    const { owner, admin, full, teamId } = await managedTeam('log-inv');
    const email = `log-inv-${teamId.toLowerCase()}@example.com`;
    let inviteId = '';
    const sent = await eventsDuring(teamId, async () => {
      ({ inviteId } = await invite(owner, teamId, email));
    });
    expect(sent).toEqual([added('invitation.sent', teamId, actor(owner), about(inviteId, email))]);
    // Only the owner invites; the same address twice is refused.
    expect(await eventsDuring(teamId, () => call('inviteTeamMember', { teamId, email: 'other@example.com', role: 'view' }, admin))).toEqual([]);
    expect(await eventsDuring(teamId, () => call('inviteTeamMember', { teamId, email, role: 'view' }, owner))).toEqual([]);

    const { secret } = await attachSecretKey(inviteId);
    expect(await eventsDuring(teamId, () => call('cancelInvitation', { inviteId }, full))).toEqual([]);
    const cancelled = await eventsDuring(teamId, () => call('cancelInvitation', { inviteId }, admin));
    expect(cancelled).toEqual([added('invitation.cancelled', teamId, actor(admin), about(inviteId, email))]);
    expect(JSON.stringify(cancelled)).not.toContain(secret);
    expect(await eventsDuring(teamId, () => call('cancelInvitation', { inviteId }, admin))).toEqual([]);
  });

  it('acceptInvitation: invitation.accepted and member.added by the invitee, in one commit; a retry and a refusal nothing', async () => {
    const { owner, teamId } = await managedTeam('log-acc');
    const [bo, eve] = await Promise.all([newUser('log-acc-bo', { emailVerified: true }), newUser('log-acc-eve', { emailVerified: true })]);
    const { inviteId } = await invite(owner, teamId, bo.email, 'full');
    await attachSecretKey(inviteId);
    const pendingKey = await storePendingKey(bo, inviteId);

    const refused = await eventsDuring(teamId, async () => {
      expect(refusal(await call('acceptInvitation', { inviteId }, eve))?.status).toBe('PERMISSION_DENIED');
    });
    expect(refused).toEqual([]);
    const accepted = await eventsDuring(teamId, () => call('acceptInvitation', { inviteId }, bo));
    expect(accepted).toEqual([
      added('invitation.accepted', teamId, actor(bo), about(inviteId, bo.email)),
      added('member.added', teamId, actor(bo), { memberUid: bo.uid, memberEmail: bo.email }),
    ]);
    expect(JSON.stringify(accepted)).not.toContain(pendingKey);
    expect(await eventsDuring(teamId, () => call('acceptInvitation', { inviteId }, bo))).toEqual([]);
  });

  it('declineInvitation: invitation.declined by the invitee; a retry nothing', async () => {
    const { owner, teamId } = await managedTeam('log-dec');
    const bo = await newUser('log-dec-bo', { emailVerified: true });
    const { inviteId } = await invite(owner, teamId, bo.email);
    expect(await eventsDuring(teamId, () => call('declineInvitation', { inviteId }, bo))).toEqual([
      added('invitation.declined', teamId, actor(bo), about(inviteId, bo.email)),
    ]);
    expect(await eventsDuring(teamId, () => call('declineInvitation', { inviteId }, bo))).toEqual([]);
  });

  it('the hourly expiry: invitation.expired by the system, once', async () => {
    const { owner, teamId } = await managedTeam('log-exp');
    const email = `log-exp-${teamId.toLowerCase()}@example.com`;
    const { inviteId } = await invite(owner, teamId, email);
    const { secret } = await attachSecretKey(inviteId);
    await expire(inviteId);
    const expired = await eventsDuring(teamId, () => expireInvitations({ db, now: Date.now }));
    expect(expired).toEqual([added('invitation.expired', teamId, { ...SYSTEM_ACTOR }, about(inviteId, email))]);
    expect(JSON.stringify(expired)).not.toContain(secret);
    expect(await eventsDuring(teamId, () => expireInvitations({ db, now: Date.now }))).toEqual([]);
  });

  it('an invitation of one team writes nothing into another team’s log', async () => {
    const [first, second] = await Promise.all([managedTeam('log-iso-a'), managedTeam('log-iso-b')]);
    const before = (await teamEventsRef(second.teamId).get()).size;
    await invite(first.owner, first.teamId, `log-iso-${first.teamId.toLowerCase()}@example.com`);
    expect((await teamEventsRef(second.teamId).get()).size).toBe(before);
  });
});
