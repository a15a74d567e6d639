import { describe, expect, it } from 'vitest';
import { createInvitationFunctions } from '../../../src/data/functions/invitationFunctions';
import { UnexpectedReplyError } from '../../../src/data/functions/teamFunctions';

// The client wrapper of the invitation callables: names and payloads as docs/invitations.md has
// them, replies read strictly (a wrong shape is UnexpectedReplyError, never a half-read value).

function recorder(reply: unknown) {
  const calls: { name: string; data: unknown }[] = [];
  const functions = createInvitationFunctions((name, data) => {
    calls.push({ name, data });
    return Promise.resolve(reply);
  });
  return { calls, functions };
}

const invited = { inviteId: 'inv123', message: 'Invitation sent' };

describe('invitation functions client', () => {
  it('invites with email, team and role, and reads the result', async () => {
    const { calls, functions } = recorder(invited);
    await expect(functions.inviteTeamMember({ email: 'bob@example.com', teamId: 't', role: 'view' })).resolves.toEqual(invited);
    // Nothing about whether the address has an account is read, even if a server sent it.
    const chatty = { userExists: true, userId: 'bob', inviteId: 'inv456', message: 'Invitation created' };
    await expect(recorder(chatty).functions.inviteTeamMember({ email: 'zoe@example.com', teamId: 't', role: 'full' })).resolves.toEqual({
      inviteId: 'inv456',
      message: 'Invitation created',
    });
    expect(calls).toEqual([{ name: 'inviteTeamMember', data: { email: 'bob@example.com', teamId: 't', role: 'view' } }]);
  });

  it.each([
    ['no reply', null],
    ['a list', [invited]],
    ['no inviteId', { ...invited, inviteId: undefined }],
    ['an empty inviteId', { ...invited, inviteId: '' }],
    ['a message that is a number', { ...invited, message: 1 }],
  ])('refuses an invite reply with %s', async (_what, reply) => {
    await expect(recorder(reply).functions.inviteTeamMember({ email: 'bob@example.com', teamId: 't', role: 'view' })).rejects.toThrow(UnexpectedReplyError);
  });

  it('sends the email with the secret only when there is one', async () => {
    const { calls, functions } = recorder({ sent: true });
    await functions.sendInvitationEmailWithSecret({ inviteId: 'inv' });
    await functions.sendInvitationEmailWithSecret({ inviteId: 'inv', sharedSecret: 's'.repeat(43) });
    expect(calls).toEqual([
      { name: 'sendInvitationEmailWithSecret', data: { inviteId: 'inv' } },
      { name: 'sendInvitationEmailWithSecret', data: { inviteId: 'inv', sharedSecret: 's'.repeat(43) } },
    ]);
    await expect(recorder({ sent: false }).functions.sendInvitationEmailWithSecret({ inviteId: 'inv' })).rejects.toThrow(UnexpectedReplyError);
    await expect(recorder({}).functions.sendInvitationEmailWithSecret({ inviteId: 'inv' })).rejects.toThrow(UnexpectedReplyError);
  });

  it('looks an invitation up and reads exactly the preview', async () => {
    const preview = { email: 'zoe@example.com', teamName: 'Ops', accountExists: false };
    const { calls, functions } = recorder({ ...preview, role: 'admin' });
    await expect(functions.lookupInvitation({ inviteId: 'inv' })).resolves.toEqual(preview);
    expect(calls).toEqual([{ name: 'lookupInvitation', data: { inviteId: 'inv' } }]);
    for (const reply of [null, { ...preview, email: '' }, { ...preview, teamName: null }, { ...preview, accountExists: 'no' }]) {
      await expect(recorder(reply).functions.lookupInvitation({ inviteId: 'inv' })).rejects.toThrow(UnexpectedReplyError);
    }
  });

  it('asks with the link’s proof when given, and reads the key copy it brings', async () => {
    const preview = { email: 'zoe@example.com', teamName: 'Ops', accountExists: false };
    const linkKey = { teamId: 't', keyVersion: 2, encryptedTeamKeyWithSecret: 'sealed' };
    const { calls, functions } = recorder({ ...preview, linkKey });
    await expect(functions.lookupInvitation({ inviteId: 'inv', proof: 'p' })).resolves.toEqual({ ...preview, linkKey });
    expect(calls).toEqual([{ name: 'lookupInvitation', data: { inviteId: 'inv', proof: 'p' } }]);
    await expect(recorder({ ...preview, linkKey: null }).functions.lookupInvitation({ inviteId: 'inv', proof: 'p' })).resolves.toEqual(preview);
    for (const bad of [{ ...linkKey, keyVersion: 1.5 }, { ...linkKey, teamId: '' }, { ...linkKey, encryptedTeamKeyWithSecret: 3 }, 'sealed']) {
      await expect(recorder({ ...preview, linkKey: bad }).functions.lookupInvitation({ inviteId: 'inv', proof: 'p' })).rejects.toThrow(UnexpectedReplyError);
    }
  });

  it('accepts with the proof only when there is one, and reads the team', async () => {
    const { calls, functions } = recorder({ success: true, teamId: 't' });
    await expect(functions.acceptInvitation({ inviteId: 'inv' })).resolves.toEqual({ success: true, teamId: 't' });
    await functions.acceptInvitation({ inviteId: 'inv', proof: 'p' });
    expect(calls.map((entry) => entry.data)).toEqual([{ inviteId: 'inv' }, { inviteId: 'inv', proof: 'p' }]);
    expect(calls.every((entry) => entry.name === 'acceptInvitation')).toBe(true);
    await expect(recorder({ success: true, teamId: null }).functions.acceptInvitation({ inviteId: 'inv' })).resolves.toEqual({ success: true, teamId: null });
    for (const reply of [null, { success: false, teamId: 't' }, { teamId: 't' }, { success: true }, { success: true, teamId: 7 }]) {
      await expect(recorder(reply).functions.acceptInvitation({ inviteId: 'inv' })).rejects.toThrow(UnexpectedReplyError);
    }
  });

  it('declines with the proof only when there is one', async () => {
    const { calls, functions } = recorder({ success: true });
    await functions.declineInvitation({ inviteId: 'inv' });
    await functions.declineInvitation({ inviteId: 'inv', proof: 'p' });
    expect(calls).toEqual([
      { name: 'declineInvitation', data: { inviteId: 'inv' } },
      { name: 'declineInvitation', data: { inviteId: 'inv', proof: 'p' } },
    ]);
    await expect(recorder({ success: 'yes' }).functions.declineInvitation({ inviteId: 'inv' })).rejects.toThrow(UnexpectedReplyError);
  });

  it('passes a refusal through with the server’s message', async () => {
    const functions = createInvitationFunctions(() => Promise.reject(new Error('This invitation does not exist or has been removed.')));
    await expect(functions.acceptInvitation({ inviteId: 'gone' })).rejects.toThrow('This invitation does not exist or has been removed.');
  });
});
