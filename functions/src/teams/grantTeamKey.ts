import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { decideGrantTeamKey } from './decideMembers';
import { defaultTeamDeps } from './deps';
import { changeTeam, type TeamDeps } from './store';
import { parseGrantTeamKey } from './validate';
import { onLiveCall } from '../lib/liveCall';

// grantTeamKey (docs/teams.md): owner or admin gives the current team key to a member who needs it.

export async function handleGrantTeamKey(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseGrantTeamKey(request.data);
  await changeTeam(deps, input.teamId, actorOf(caller), (team, now) => decideGrantTeamKey(team, caller.uid, input, now));
  return { ok: true };
}

export const grantTeamKey = onLiveCall((request) => handleGrantTeamKey(request, defaultTeamDeps()));
