import { canManageMembers } from '../../../src/domain/teamPermissions';
import { openTeam } from './decideMembers';
import { TEAM_MESSAGES } from './messages';
import { accept, keyHolders, refusal, roleOf, type Outcome, type StoredTeam, type StoredTeamMember, type TeamChange } from './model';
import type { RotateTeamKeyInput } from './validate';

// The pure decisions of the key rotation (docs/teams.md, "Rotation on removal").

export function decideRotateTeamKey(
  stored: StoredTeam | null,
  actorUid: string,
  input: Omit<RotateTeamKeyInput, 'teamId'>,
  now: number,
): Outcome<TeamChange & { readonly keyVersion: number }> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  if (!canManageMembers(roleOf(team, actorUid))) return refusal('permission-denied', TEAM_MESSAGES.onlyManagersRotate);
  if (input.fromVersion !== team.keyVersion) return refusal('failed-precondition', TEAM_MESSAGES.staleKeyVersion);
  if (team.previousKey !== null) return refusal('failed-precondition', TEAM_MESSAGES.rotationInProgress);
  const holders = keyHolders(team);
  const wrapped = Object.keys(input.wraps).sort();
  if (holders.length !== wrapped.length || holders.some((uid, index) => uid !== wrapped[index])) {
    return refusal('failed-precondition', TEAM_MESSAGES.wrapsMismatch);
  }
  const members: Record<string, StoredTeamMember> = {};
  for (const [uid, member] of Object.entries(team.members)) {
    members[uid] = Object.hasOwn(input.wraps, uid) ? { ...member, encryptedTeamKey: input.wraps[uid] ?? null } : member;
  }
  const keyVersion = team.keyVersion + 1;
  return accept({
    keyVersion,
    patch: {
      members,
      keyVersion,
      previousKey: { version: team.keyVersion, sealed: input.sealedPreviousKey },
      rotationNeeded: false,
      updatedAt: now,
    },
    addTeamIdFor: [],
    removeTeamIdFor: [],
  });
}

/** An entry still to re-encrypt: its keyVersion is missing or below the team's. */
export function isStaleEntry(entry: { readonly keyVersion?: unknown }, teamKeyVersion: number): boolean {
  const version = entry.keyVersion;
  return typeof version !== 'number' || !Number.isInteger(version) || version < teamKeyVersion;
}

export function decideFinishKeyRotation(
  stored: StoredTeam | null,
  actorUid: string,
  keyVersion: number,
  staleEntries: number,
  now: number,
): Outcome<TeamChange> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  if (!canManageMembers(roleOf(team, actorUid))) return refusal('permission-denied', TEAM_MESSAGES.onlyManagersRotate);
  if (keyVersion !== team.keyVersion) return refusal('failed-precondition', TEAM_MESSAGES.staleKeyVersion);
  if (staleEntries > 0) return refusal('failed-precondition', TEAM_MESSAGES.entriesLeft);
  return accept({ patch: { previousKey: null, updatedAt: now }, addTeamIdFor: [], removeTeamIdFor: [] });
}
