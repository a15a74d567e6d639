import type { TeamFunctions } from '../teams/storedTeams';
import { retryOnce } from './callableError';
import { call, type Payload } from './callables';

// The team callables of docs/teams.md over `call`. A refusal rejects with the server's
// HttpsError (its message is the §6 text); a reply of the wrong shape rejects too, rather than
// handing the teams feature a half-read value.

export type CallableInvoker = (name: string, data: Payload) => Promise<unknown>;

export class UnexpectedReplyError extends Error {
  constructor(name: string) {
    super(`${name} returned an unexpected reply.`);
    this.name = 'UnexpectedReplyError';
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRotation(reply: unknown): { keyVersion: number; committed: boolean } {
  if (!isRecord(reply) || typeof reply.keyVersion !== 'number' || !Number.isInteger(reply.keyVersion) || typeof reply.committed !== 'boolean') {
    throw new UnexpectedReplyError('rotateTeamKey');
  }
  return { keyVersion: reply.keyVersion, committed: reply.committed };
}

export function createTeamFunctions(invoke: CallableInvoker = call, retryDelayMs = 400): TeamFunctions {
  const run = async (name: string, data: Payload): Promise<void> => {
    await invoke(name, data);
  };
  return {
    // Idempotent on the server (same teamId and wrapped key: already created), so a lost reply or a
    // transaction lost to contention is tried once more (docs/teams.md).
    createTeam: (input) => retryOnce(() => run('createTeam', input), retryDelayMs),
    changeMemberRole: (input) => run('changeMemberRole', input),
    removeTeamMember: (input) => run('removeTeamMember', input),
    leaveTeam: (input) => run('leaveTeam', input),
    grantTeamKey: (input) => run('grantTeamKey', input),
    rotateTeamKey: async (input) => readRotation(await invoke('rotateTeamKey', input)),
    confirmTeamKeyRotation: (input) => run('confirmTeamKeyRotation', input),
    confirmTeamKey: (input) => run('confirmTeamKey', input),
    reportTeamKeyMismatch: (input) => run('reportTeamKeyMismatch', input),
    finishKeyRotation: (input) => run('finishKeyRotation', input),
    deleteTeam: (input) => run('deleteTeam', input),
  };
}
