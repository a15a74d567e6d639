import { rotateTeamKeyReply } from '@keyloft/contract/callables/teams';
import type { TeamFunctions } from '../teams/storedTeams';
import { retryOnce } from './callableError';
import { call, type Payload } from './callables';
import { readReply, type CallableInvoker } from './reply';

// The team callables of docs/teams.md over `call`. A refusal rejects with the server's
// HttpsError (its message is the §6 text); rotateTeamKey's reply is read with its schema
// (src/domain/callables/teams.ts). The others' acknowledgements carry nothing the app reads.

export { UnexpectedReplyError, type CallableInvoker } from './reply';

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
    rotateTeamKey: async (input) => readReply('rotateTeamKey', rotateTeamKeyReply, await invoke('rotateTeamKey', input)),
    confirmTeamKeyRotation: (input) => run('confirmTeamKeyRotation', input),
    confirmTeamKey: (input) => run('confirmTeamKey', input),
    reportTeamKeyMismatch: (input) => run('reportTeamKeyMismatch', input),
    finishKeyRotation: (input) => run('finishKeyRotation', input),
    deleteTeam: (input) => run('deleteTeam', input),
  };
}
