import { isTeamVault, type VaultDeps } from '../vaultService';

// A live read of a team's entries is refused once the user is no longer in the team: the owner
// deleted it (or their own account, with the team), an admin removed them. That refusal is how
// the news reaches an open screen, often just ahead of the team list that then drops the team
// (and the session with it); it is not a fault worth a console error.

/** Firestore's refusal, as the live reads hand it on. */
function isRefused(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'permission-denied';
}

/**
 * True when `error` ended a team's read because the team is gone for this user: refused, and the
 * team's document is now missing or refused too. False for anything else, or when it cannot be told.
 */
export async function refusedForGoneTeam(deps: VaultDeps, error: unknown): Promise<boolean> {
  if (!isTeamVault(deps) || !isRefused(error) || deps.team.storedKeyVersion === undefined) return false;
  try {
    return (await deps.team.storedKeyVersion()) === null;
  } catch (teamError) {
    return isRefused(teamError);
  }
}
