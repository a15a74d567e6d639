import { describe, expect, it } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
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

describe('createTeam retries once on a retriable failure (issue #17 item 6)', () => {
  const input = { teamId: 't', name: 'Ops', encryptedTeamKey: 'k' };

  function failingThen(failures: Error[]) {
    const calls: unknown[] = [];
    const functions = createTeamFunctions((_name, data) => {
      calls.push(data);
      const failure = failures.shift();
      return failure === undefined ? Promise.resolve({ teamId: 't' }) : Promise.reject(failure);
    }, 0);
    return { calls, functions };
  }

  it('tries again, with the same request, after aborted, internal, unavailable or deadline-exceeded', async () => {
    for (const code of ['aborted', 'internal', 'unavailable', 'deadline-exceeded']) {
      const { calls, functions } = failingThen([new CallableError(code, 'x')]);
      await functions.createTeam(input);
      expect(calls).toEqual([input, input]);
    }
  });

  it('tries only once more: a second failure is the answer', async () => {
    const { calls, functions } = failingThen([new CallableError('internal', 'a'), new CallableError('internal', 'b')]);
    await expect(functions.createTeam(input)).rejects.toMatchObject({ message: 'b' });
    expect(calls).toHaveLength(2);
  });

  it('never retries a refusal', async () => {
    const { calls, functions } = failingThen([new CallableError('failed-precondition', 'Team Creation Limit Reached')]);
    await expect(functions.createTeam(input)).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(calls).toHaveLength(1);
  });

  it('does not retry the other callables', async () => {
    const { calls, functions } = failingThen([new CallableError('internal', 'x')]);
    await expect(functions.deleteTeam({ teamId: 't' })).rejects.toMatchObject({ code: 'internal' });
    expect(calls).toHaveLength(1);
  });
});
