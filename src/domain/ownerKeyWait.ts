// Whether a team's old key must wait for its owner (docs/teams.md, "The removal window"). Shared by
// finishKeyRotation (functions/), the rotation pass in the browser and, spelled out again, the rules.
//
// A rotation takes effect at once, whoever runs it, so that nothing saved after a departure is
// sealed with a key the departed member held. What an admin's rotation used to wait for (the owner
// checking their own wrap of the new key) now holds back only the old key: while the owner still
// holds the previous key's wrap unconfirmed, no entry is re-sealed and the old key is not dropped.
// Whatever the rotator wrapped for the owner, the owner therefore keeps a key to everything saved
// before the departure, and gets the new one by a grant from any member who holds it.

export interface OwnerKeyWaitTeam {
  readonly ownerId: string;
  readonly members: Readonly<Record<string, { readonly previousTeamKey?: { readonly keyVersion: number } | null }>>;
  readonly previousKey: { readonly version: number } | null;
}

/**
 * True while the team has a previous key (a rotation not finished) and the owner still holds their
 * wrap of exactly that key, kept because their browser has not confirmed the new one yet.
 */
export function oldKeyAwaitsOwner(team: OwnerKeyWaitTeam): boolean {
  if (team.previousKey === null) return false;
  const owner = Object.hasOwn(team.members, team.ownerId) ? team.members[team.ownerId] : undefined;
  const kept = owner?.previousTeamKey ?? null;
  return kept !== null && kept.keyVersion === team.previousKey.version;
}
