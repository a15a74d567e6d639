import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { decideChangeMemberRole } from './decideMembers';
import { defaultTeamDeps } from './deps';
import { changeTeam, type TeamDeps } from './store';
import { parseChangeMemberRole } from './validate';
import { onLiveCall } from '../lib/liveCall';

// changeMemberRole (docs/teams.md): owner or admin; never to or from the owner role.

export async function handleChangeMemberRole(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseChangeMemberRole(request.data);
  await changeTeam(deps, input.teamId, actorOf(caller), (team, now) => decideChangeMemberRole(team, caller.uid, input, now));
  return { ok: true };
}

export const changeMemberRole = onLiveCall((request) => handleChangeMemberRole(request, defaultTeamDeps()));
