import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import type { TeamCandidate } from '../../../src/data/teams/storedTeams';
import { requireCaller } from '../lib/callable';
import { decideCandidate, decideLookupAccess } from './decideMembers';
import { defaultTeamDeps, type TeamCallableDeps } from './deps';
import { loadTeam, unwrap } from './store';
import { parseLookupTeamCandidate } from './validate';

// lookupTeamCandidate (docs/teams.md): the owner finds an account by email and gets its public key
// to wrap the team key for. The permission is checked before any account is looked up, so the
// call is no address oracle for anyone but a team owner.

export async function handleLookupTeamCandidate(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: TeamCallableDeps,
): Promise<TeamCandidate> {
  const caller = requireCaller(request);
  const input = parseLookupTeamCandidate(request.data);
  const db = deps.db();
  const stored = await db.runTransaction((tx) => loadTeam(tx, db, input.teamId), { readOnly: true });
  const team = unwrap(decideLookupAccess(stored, caller.uid));
  const account = await deps.accountByEmail(input.email);
  const publicKey = account === null ? null : await publicKeyOf(deps, account.uid);
  return unwrap(decideCandidate(team, account === null ? null : { uid: account.uid, email: account.email ?? input.email }, publicKey));
}

/** publicKeys/{uid}, or users/{uid}.publicKey for an account made before that collection. */
async function publicKeyOf(deps: TeamCallableDeps, uid: string): Promise<string | null> {
  const db = deps.db();
  const [published, user] = await db.getAll(db.collection('publicKeys').doc(uid), db.collection('users').doc(uid));
  for (const value of [published?.get('publicKey'), user?.get('publicKey')]) {
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

export const lookupTeamCandidate = onCall((request) => handleLookupTeamCandidate(request, defaultTeamDeps()));
