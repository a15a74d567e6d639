import { describe, expect, it } from 'vitest';
import { createTeamFunctions, UnexpectedReplyError } from '../../../src/data/functions/teamFunctions';

// The client wrapper of the team callables: names and payloads as docs/teams.md has them, replies read strictly.

function recorder(reply: unknown = { ok: true }) {
  const calls: { name: string; data: unknown }[] = [];
  const functions = createTeamFunctions((name, data) => {
    calls.push({ name, data });
    return Promise.resolve(reply);
  });
  return { calls, functions };
}

describe('team functions client', () => {
  it('calls each callable by its name with the payload as given', async () => {
    const { calls, functions } = recorder();
    await functions.createTeam({ teamId: 't', name: 'Ops', encryptedTeamKey: 'k' });
    await functions.changeMemberRole({ teamId: 't', userId: 'u', role: 'full' });
    await functions.removeTeamMember({ teamId: 't', userId: 'u' });
    await functions.leaveTeam({ teamId: 't' });
    await functions.grantTeamKey({ teamId: 't', userId: 'u', keyVersion: 1, encryptedTeamKey: 'k' });
    await functions.finishKeyRotation({ teamId: 't', keyVersion: 2 });
    await functions.deleteTeam({ teamId: 't' });
    expect(calls.map((entry) => entry.name)).toEqual([
      'createTeam',
      'changeMemberRole',
      'removeTeamMember',
      'leaveTeam',
      'grantTeamKey',
      'finishKeyRotation',
      'deleteTeam',
    ]);
    expect(calls[4]?.data).toEqual({ teamId: 't', userId: 'u', keyVersion: 1, encryptedTeamKey: 'k' });
  });

  it('reads the new key version and whether it took effect, and refuses other replies', async () => {
    const rotation = { teamId: 't', fromVersion: 1, wraps: { u: 'k' }, sealedPreviousKey: 's', keyCheck: 'c' };
    await expect(recorder({ keyVersion: 2, committed: true }).functions.rotateTeamKey(rotation)).resolves.toEqual({ keyVersion: 2, committed: true });
    await expect(recorder({ keyVersion: 1, committed: false }).functions.rotateTeamKey(rotation)).resolves.toEqual({ keyVersion: 1, committed: false });
    await expect(recorder({ keyVersion: '2', committed: true }).functions.rotateTeamKey(rotation)).rejects.toThrow(UnexpectedReplyError);
    await expect(recorder({ keyVersion: 2 }).functions.rotateTeamKey(rotation)).rejects.toThrow(UnexpectedReplyError);
  });

  it('calls the key-check callables by name', async () => {
    const { functions, calls } = recorder({ ok: true });
    await functions.confirmTeamKeyRotation({ teamId: 't', keyVersion: 2 });
    await functions.confirmTeamKey({ teamId: 't', keyVersion: 2, keyCheck: 'c' });
    await functions.reportTeamKeyMismatch({ teamId: 't', keyVersion: 2 });
    expect(calls.map((entry) => entry.name)).toEqual(['confirmTeamKeyRotation', 'confirmTeamKey', 'reportTeamKeyMismatch']);
  });

  it("passes a refusal through with the server's message", async () => {
    const functions = createTeamFunctions(() => Promise.reject(new Error('Cannot remove the team owner')));
    await expect(functions.removeTeamMember({ teamId: 't', userId: 'o' })).rejects.toThrow('Cannot remove the team owner');
  });
});
