import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { decideLeaveTeam } from './decideMembers';
import { defaultTeamDeps } from './deps';
import { changeTeam, type TeamDeps } from './store';
import { parseTeamOnly } from './validate';
import { onLiveCall } from '../lib/liveCall';

// leaveTeam (docs/teams.md): any member but the owner; the team then needs a key rotation.

export async function handleLeaveTeam(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseTeamOnly(request.data);
  await changeTeam(deps, input.teamId, actorOf(caller), (team, now) => decideLeaveTeam(team, caller.uid, now));
  return { ok: true };
}

export const leaveTeam = onLiveCall((request) => handleLeaveTeam(request, defaultTeamDeps()));
