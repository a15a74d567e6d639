import type { CallableRequest } from 'firebase-functions/v2/https';
import type { AuditActor } from '@keyloft/contract/auditEvents';
import { requireCaller } from '../lib/callable';
import { actorOf } from '../audit/eventData';
import { decideConfirmTeamKey, decideConfirmTeamKeyRotation, decideReportTeamKeyMismatch } from './decideKeys';
import { defaultTeamDeps } from './deps';
import type { Outcome, StoredTeam, TeamChange } from './model';
import { applyTeamChange, changeTeam, loadTeam, unwrap, type TeamDeps } from './store';
import { parseConfirmTeamKey, parseTeamKeyVersion } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// The key-check callables (docs/teams.md, "Key checks"): what a member's browser reports after
// checking the key its own wrap opens against the team's published check.

/** confirmTeamKeyRotation: the owner commits an admin's proposed key after checking their wrap in it. */
export async function handleConfirmTeamKeyRotation(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseTeamKeyVersion(request.data);
  await changeTeam(deps, input.teamId, actorOf(caller), (team, now) => decideConfirmTeamKeyRotation(team, caller.uid, input.keyVersion, now));
  return { ok: true };
}

async function changeIfNeeded(
  deps: TeamDeps,
  teamId: string,
  actor: AuditActor,
  decide: (team: StoredTeam | null, now: number) => Outcome<TeamChange | null>,
): Promise<void> {
  const db = deps.db();
  await runTransactionWithRetry(db, async (tx) => {
    const change = unwrap(decide(await loadTeam(tx, db, teamId), deps.now()));
    if (change !== null) await applyTeamChange(tx, db, teamId, change, actor);
  });
}

/** confirmTeamKey: the caller's wrap opens the checked key; their previous wrap goes (or the owner publishes the check). */
export async function handleConfirmTeamKey(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseConfirmTeamKey(request.data);
  await changeIfNeeded(deps, input.teamId, actorOf(caller), (team, now) => decideConfirmTeamKey(team, caller.uid, input, now));
  return { ok: true };
}

/** reportTeamKeyMismatch: the caller's wrap does not open the checked key; they now need the key granted. */
export async function handleReportTeamKeyMismatch(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TeamDeps): Promise<{ ok: true }> {
  const caller = requireCaller(request);
  const input = parseTeamKeyVersion(request.data);
  await changeIfNeeded(deps, input.teamId, actorOf(caller), (team, now) => decideReportTeamKeyMismatch(team, caller.uid, input.keyVersion, now));
  return { ok: true };
}

export const confirmTeamKeyRotation = onLiveCall((request) => handleConfirmTeamKeyRotation(request, defaultTeamDeps()));
export const confirmTeamKey = onLiveCall((request) => handleConfirmTeamKey(request, defaultTeamDeps()));
export const reportTeamKeyMismatch = onLiveCall((request) => handleReportTeamKeyMismatch(request, defaultTeamDeps()));
