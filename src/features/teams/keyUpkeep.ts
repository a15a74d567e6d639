import { teamKeyCheck } from '../../crypto';
import type { RotationDeps } from './rotationDeps';
import { TeamKeyMismatchError, openCheckedTeamKey } from './teamKeys';

// Each member's browser checks the key its own wrap opens against the team's published key check
// (docs/teams.md, "Key checks"), once per page for every team it holds a key of:
//   - it does not open, or opens another key → reportTeamKeyMismatch: the member is flagged as
//     needing the key, so a key holder grants it again (any holder, when it is the owner);
//   - it opens the checked key and the member still has a previous wrap → confirmTeamKey drops it;
//   - the team has no check yet (made before key checks) → the owner's browser publishes it.

export type KeyUpkeep = 'ok' | 'confirmed' | 'published' | 'reported' | 'no-key';

export async function checkOwnTeamKey(deps: RotationDeps, teamId: string): Promise<KeyUpkeep> {
  const team = await deps.teams.get(teamId);
  const me = team?.members[deps.userId];
  if (team === null || team.deleting || me === undefined || me.needsTeamKey || me.encryptedTeamKey === null || deps.keys === null) {
    return 'no-key';
  }
  const binding = { teamId, keyVersion: team.keyVersion };
  const check = team.keyCheck ?? null;
  let key;
  try {
    key = await openCheckedTeamKey(me.encryptedTeamKey, deps.keys.privateKey, binding, check);
  } catch (error) {
    if (!(error instanceof TeamKeyMismatchError)) throw error;
    await deps.functions.reportTeamKeyMismatch(binding);
    return 'reported';
  }
  if (check === null) {
    if (me.role !== 'owner') return 'ok';
    await deps.functions.confirmTeamKey({ ...binding, keyCheck: await teamKeyCheck(key, binding) });
    return 'published';
  }
  if ((me.previousTeamKey ?? null) === null) return 'ok';
  await deps.functions.confirmTeamKey({ ...binding, keyCheck: check });
  return 'confirmed';
}
