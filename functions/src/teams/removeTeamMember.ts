import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { decideRemoveTeamMember } from './decideMembers';
import { defaultTeamDeps } from './deps';
import { changeTeam, type TeamDeps } from './store';
import { parseRemoveTeamMember } from './validate';
import { onLiveCall } from '../lib/liveCall';

// removeTeamMember (docs/teams.md): owner or admin removes someone else (not the owner); the team
// then needs a key rotation.

export async function handleRemoveTeamMember(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseRemoveTeamMember(request.data);
  await changeTeam(deps, input.teamId, actorOf(caller), (team, now) => decideRemoveTeamMember(team, caller.uid, input.userId, now));
  return { ok: true };
}

export const removeTeamMember = onLiveCall((request) => handleRemoveTeamMember(request, defaultTeamDeps()));
