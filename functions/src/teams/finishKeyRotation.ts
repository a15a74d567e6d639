import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { decideFinishKeyRotation, isStaleEntry, isStaleGroup } from './decideKeys';
import { defaultTeamDeps } from './deps';
import { applyTeamChange, loadTeam, unwrap, type TeamDeps } from './store';
import { parseFinishKeyRotation } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// finishKeyRotation (docs/teams.md, step 4): once no entry (nor sealed group) of the team is below keyVersion, the
// sealed previous key is deleted and the old key is stored nowhere.

export async function handleFinishKeyRotation(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseFinishKeyRotation(request.data);
  const db = deps.db();
  await runTransactionWithRetry(db, async (tx) => {
    const team = await loadTeam(tx, db, input.teamId);
    // Who may is settled before the team's entries are read (then the count is the only question).
    unwrap(decideFinishKeyRotation(team, caller.uid, input.keyVersion, 0, deps.now()));
    // Every entry of the team, not a range query: an entry without keyVersion counts as stale.
    const entries = await tx.get(db.collection('passwords').where('teamId', '==', input.teamId).select('keyVersion'));
    // Sealed groups are bound to a key version too (docs/crypto.md, "Sealed groups").
    const groups = await tx.get(db.collection('groups').where('teamId', '==', input.teamId).select('format', 'keyVersion'));
    const stale =
      entries.docs.filter((doc) => isStaleEntry({ keyVersion: doc.get('keyVersion') }, input.keyVersion)).length +
      groups.docs.filter((doc) => isStaleGroup({ format: doc.get('format'), keyVersion: doc.get('keyVersion') }, input.keyVersion)).length;
    const change = unwrap(decideFinishKeyRotation(team, caller.uid, input.keyVersion, stale, deps.now()));
    await applyTeamChange(tx, db, input.teamId, change, actorOf(caller));
  });
  return { ok: true };
}

export const finishKeyRotation = onLiveCall((request) => handleFinishKeyRotation(request, defaultTeamDeps()));
