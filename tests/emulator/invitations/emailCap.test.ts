import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../support/authEmulator';
import { outboxFilesFor } from '../../support/outbox';
import { call, createTeam, db, newUser, refusal } from '../teams/support';
import { invite } from './support';

// The per-recipient email cap (docs/email.md, issue #16 item 5): whoever invites, from whichever
// team, and however often invitations are cancelled and made again, one address gets at most 3
// invitation emails in 24 hours. The refusal is the same whether or not the address has an account.

const CAPPED = {
  status: 'RESOURCE_EXHAUSTED',
  message: 'This email address has received too many emails from Keyloft today. Please try again tomorrow.',
};

const send = (inviteId: string, inviter: Parameters<typeof call>[2]) => call('sendInvitationEmailWithSecret', { inviteId }, inviter);

describe('the per-recipient email cap on invitation emails', () => {
  it('refuses the 4th invitation email to one address in a day, across two senders and teams and after a cancel', async () => {
    const [first, second] = await Promise.all([newUser('cap-first'), newUser('cap-second')]);
    const [teamA, teamB] = await Promise.all([createTeam(first, 'Alpha'), createTeam(second, 'Beta')]);
    const stranger = uniqueEmail('cap-stranger');

    // Two emails, then the invitation is cancelled (its own count goes with it) and made again.
    const cancelled = await invite(first, teamA, stranger);
    expect(await send(cancelled.inviteId, first)).toEqual({ result: { sent: true } });
    expect(await send(cancelled.inviteId, first)).toEqual({ result: { sent: true } });
    expect(await call('cancelInvitation', { inviteId: cancelled.inviteId }, first)).toEqual({ result: { success: true } });
    const again = await invite(first, teamA, stranger);
    expect(await send(again.inviteId, first)).toEqual({ result: { sent: true } });
    expect(refusal(await send(again.inviteId, first))).toEqual(CAPPED);

    // Another account, another team: the address's cap holds for everyone.
    const fromB = await invite(second, teamB, stranger);
    expect(refusal(await send(fromB.inviteId, second))).toEqual(CAPPED);

    expect(await outboxFilesFor(stranger)).toHaveLength(3);
    // A refused send is not counted on the invitation either.
    expect((await db().collection('invitations').doc(fromB.inviteId).get()).get('emailsSent')).toBe(0);

    // The counter is keyed by a hash of the address and holds no address.
    const key = `recipient-${createHash('sha256').update(stranger).digest('hex')}`;
    const counter = await db().collection('rateLimits').doc(key).get();
    expect(counter.get('sends')).toHaveLength(3);
    expect(JSON.stringify(counter.data())).not.toContain(stranger.split('@')[0]);
  }, 60_000);

  it('refuses an address with an account in the same words', async () => {
    const [inviter, invitee] = await Promise.all([newUser('cap-inviter'), newUser('cap-invitee', { emailVerified: true })]);
    const teamId = await createTeam(inviter, 'Gamma');
    const { inviteId } = await invite(inviter, teamId, invitee.email);
    for (let sent = 0; sent < 3; sent += 1) expect(await send(inviteId, inviter)).toEqual({ result: { sent: true } });
    const other = await newUser('cap-other');
    const otherTeam = await createTeam(other, 'Delta');
    const second = await invite(other, otherTeam, invitee.email);
    expect(refusal(await send(second.inviteId, other))).toEqual(CAPPED);
  }, 60_000);
});
