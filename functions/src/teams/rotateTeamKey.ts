import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { decideRotateTeamKey } from './decideKeys';
import { defaultTeamDeps } from './deps';
import { changeTeam, type TeamDeps } from './store';
import { parseRotateTeamKey } from './validate';
import { onLiveCall } from '../lib/liveCall';

// rotateTeamKey (docs/teams.md, step 2 of "Rotation on removal"): in one transaction the new key's
// wraps for every key holder, keyVersion + 1, its check, the old key sealed under the new,
// rotationNeeded off; or, started by an admin, the same held as a proposal for the owner to confirm.

export async function handleRotateTeamKey(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: TeamDeps,
): Promise<{ keyVersion: number; committed: boolean }> {
  const caller = requireCaller(request);
  const input = parseRotateTeamKey(request.data);
  const change = await changeTeam(deps, input.teamId, actorOf(caller), (team, now) => decideRotateTeamKey(team, caller.uid, input, now));
  return { keyVersion: change.keyVersion, committed: change.committed };
}

export const rotateTeamKey = onLiveCall((request) => handleRotateTeamKey(request, defaultTeamDeps()));
