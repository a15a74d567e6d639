import { canOnPasswords, isOwner } from '@keyloft/contract/teamPermissions';
import { oldKeyAwaitsOwner } from '@keyloft/contract/ownerKeyWait';
import type { PendingRotation } from '../../../src/data/teams/storedTeams';
import { openTeam } from './decideMembers';
import { TEAM_MESSAGES } from './messages';
import { accept, keyHolders, memberOf, refusal, roleOf, type Outcome, type StoredTeam, type StoredTeamMember, type TeamChange } from './model';
import type { RotateTeamKeyInput } from './validate';

// The pure decisions of the team key's life (docs/teams.md, "Rotation on removal" and "Key checks").
// The server never sees a key, so it cannot tell a good wrap from junk; what it enforces is who may
// change which wraps, and when:
//   - a rotation happens only when someone left or was removed (rotationNeeded), or when the owner
//     starts it; any member who may write entries and holds the key may run it, and it takes
//     effect at once, so nothing is saved under a key a departed member held (the rules refuse
//     team saves while rotationNeeded: docs/teams.md, "The removal window");
//   - the old key waits for the owner instead: while the owner has not confirmed the new key, the
//     rotation is not finished (and the rules refuse re-seals), so no rotator can leave the owner
//     without a key to what was saved before the departure;
//   - each member's old wrap is kept until their own browser confirms the new one, and a member
//     whose wrap does not open flags themselves, so any key holder can grant it again.

const NO_KEY = refusal('failed-precondition', TEAM_MESSAGES.needsOwnKey);

function holdsKey(team: StoredTeam, uid: string): boolean {
  const member = memberOf(team, uid);
  return member !== null && !member.needsTeamKey && member.encryptedTeamKey !== null;
}

function sameHolders(team: StoredTeam, wraps: Readonly<Record<string, string>>): boolean {
  const holders = keyHolders(team);
  const wrapped = Object.keys(wraps).sort();
  return holders.length === wrapped.length && holders.every((uid, index) => uid === wrapped[index]);
}

/**
 * The new key takes effect: every holder gets its new wrap; everyone but the committing owner keeps
 * the wrap they had as previousTeamKey until their browser confirms the new one. The log records
 * the rotation as started here, when the key version moves up, not when an admin proposes it.
 */
export function commitRotation(team: StoredTeam, rotation: Omit<PendingRotation, 'proposedBy' | 'proposedAt'>, committerUid: string, now: number): TeamChange {
  const members: Record<string, StoredTeamMember> = {};
  for (const [uid, member] of Object.entries(team.members)) {
    const wrap = Object.hasOwn(rotation.wraps, uid) ? rotation.wraps[uid] : undefined;
    if (wrap === undefined) {
      members[uid] = member;
      continue;
    }
    const kept = member.encryptedTeamKey === null ? (member.previousTeamKey ?? null) : { keyVersion: team.keyVersion, encryptedTeamKey: member.encryptedTeamKey };
    members[uid] = { ...member, encryptedTeamKey: wrap, previousTeamKey: uid === committerUid ? null : kept };
  }
  return {
    patch: {
      members,
      keyVersion: rotation.keyVersion,
      keyCheck: rotation.keyCheck,
      previousKey: { version: team.keyVersion, sealed: rotation.sealedPreviousKey },
      pendingRotation: null,
      rotationNeeded: false,
      updatedAt: now,
    },
    addTeamIdFor: [],
    removeTeamIdFor: [],
    events: [{ kind: 'rotation.started', keyVersion: rotation.keyVersion }],
  };
}

export type RotateChange = TeamChange & { readonly keyVersion: number; readonly committed: boolean };

export function decideRotateTeamKey(
  stored: StoredTeam | null,
  actorUid: string,
  input: Omit<RotateTeamKeyInput, 'teamId'>,
  now: number,
): Outcome<RotateChange> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  const role = roleOf(team, actorUid);
  if (!canOnPasswords(role, 'edit')) return refusal('permission-denied', TEAM_MESSAGES.onlyWritersRotate);
  if (input.fromVersion !== team.keyVersion) return refusal('failed-precondition', TEAM_MESSAGES.staleKeyVersion);
  if (team.previousKey !== null) return refusal('failed-precondition', TEAM_MESSAGES.rotationInProgress);
  if (!holdsKey(team, actorUid)) return NO_KEY;
  // Anyone else may rotate only when a departure requires it; the owner may always rotate. Either
  // way the rotation replaces a proposal stored before rotations took effect at once.
  if (!isOwner(role) && !team.rotationNeeded) return refusal('failed-precondition', TEAM_MESSAGES.rotationNotNeeded);
  if (!sameHolders(team, input.wraps)) return refusal('failed-precondition', TEAM_MESSAGES.wrapsMismatch);
  const rotation = { keyVersion: team.keyVersion + 1, keyCheck: input.keyCheck, sealedPreviousKey: input.sealedPreviousKey, wraps: input.wraps };
  // It takes effect at once, whoever runs it: the owner's protection is that the old key waits for
  // them (oldKeyAwaitsOwner), not the new one.
  return accept({ ...commitRotation(team, rotation, actorUid, now), keyVersion: rotation.keyVersion, committed: true });
}

/** The owner commits an admin's proposal once their browser found that its own wrap in it opens the checked key. */
export function decideConfirmTeamKeyRotation(stored: StoredTeam | null, actorUid: string, keyVersion: number, now: number): Outcome<TeamChange> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  if (!isOwner(roleOf(team, actorUid))) return refusal('permission-denied', TEAM_MESSAGES.onlyOwnerConfirms);
  const pending = team.pendingRotation ?? null;
  if (pending === null) return refusal('failed-precondition', TEAM_MESSAGES.noPendingRotation);
  if (pending.keyVersion !== keyVersion || pending.keyVersion !== team.keyVersion + 1) {
    return refusal('failed-precondition', TEAM_MESSAGES.staleKeyVersion);
  }
  if (team.previousKey !== null) return refusal('failed-precondition', TEAM_MESSAGES.rotationInProgress);
  // Someone joined or got the key since the proposal: it no longer covers every holder.
  if (!sameHolders(team, pending.wraps)) return refusal('failed-precondition', TEAM_MESSAGES.wrapsMismatch);
  return accept(commitRotation(team, pending, actorUid, now));
}

/**
 * A member's browser found that its wrap opens the key the team's check names: its previous wrap
 * goes. On a team made before key checks, the owner's browser publishes the check instead.
 * Null: nothing to change.
 */
export function decideConfirmTeamKey(
  stored: StoredTeam | null,
  actorUid: string,
  input: { readonly keyVersion: number; readonly keyCheck: string },
  now: number,
): Outcome<TeamChange | null> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  if (input.keyVersion !== team.keyVersion) return refusal('failed-precondition', TEAM_MESSAGES.staleKeyVersion);
  const member = memberOf(team, actorUid);
  if (member === null || !holdsKey(team, actorUid)) return NO_KEY;
  const published = team.keyCheck ?? null;
  if (published === null && !isOwner(member.role)) return refusal('permission-denied', TEAM_MESSAGES.onlyOwnerPublishesCheck);
  if (published !== null && published !== input.keyCheck) return refusal('failed-precondition', TEAM_MESSAGES.keyCheckMismatch);
  if (published !== null && (member.previousTeamKey ?? null) === null) return accept(null);
  return accept({
    patch: {
      ...(published === null ? { keyCheck: input.keyCheck } : {}),
      members: { ...team.members, [actorUid]: { ...member, previousTeamKey: null } },
      updatedAt: now,
    },
    addTeamIdFor: [],
    removeTeamIdFor: [],
    // A member's own browser tidying its wraps: no change of who holds which key, nothing logged.
    events: [],
  });
}

/**
 * A member's browser found that its wrap does not open the team's key: they are marked as needing
 * it (so a key holder can grant it again), keeping their previous wrap. Only the caller's own entry
 * changes, so a false report hurts nobody else. Null: already marked.
 */
export function decideReportTeamKeyMismatch(stored: StoredTeam | null, actorUid: string, keyVersion: number, now: number): Outcome<TeamChange | null> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  if (keyVersion !== team.keyVersion) return refusal('failed-precondition', TEAM_MESSAGES.staleKeyVersion);
  const member = memberOf(team, actorUid);
  if (member === null) return refusal('permission-denied', TEAM_MESSAGES.needsOwnKey);
  if (member.needsTeamKey && member.encryptedTeamKey === null) return accept(null);
  return accept({
    patch: { members: { ...team.members, [actorUid]: { ...member, encryptedTeamKey: null, needsTeamKey: true } }, updatedAt: now },
    addTeamIdFor: [],
    removeTeamIdFor: [],
    // The log has no kind for a member flagging their own unreadable wrap; the grant that follows is logged.
    events: [],
  });
}

/** An entry still to re-encrypt: its keyVersion is missing or below the team's. */
export function isStaleEntry(entry: { readonly keyVersion?: unknown }, teamKeyVersion: number): boolean {
  const version = entry.keyVersion;
  return typeof version !== 'number' || !Number.isInteger(version) || version < teamKeyVersion;
}

/**
 * A group still to re-seal: a sealed one (format 2) whose keyVersion is missing or below the
 * team's. A format-1 group (name in clear) holds nothing under a team key.
 */
export function isStaleGroup(group: { readonly format?: unknown; readonly keyVersion?: unknown }, teamKeyVersion: number): boolean {
  return group.format === 2 && isStaleEntry(group, teamKeyVersion);
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
  if (!canOnPasswords(roleOf(team, actorUid), 'edit')) return refusal('permission-denied', TEAM_MESSAGES.onlyWritersRotate);
  if (keyVersion !== team.keyVersion) return refusal('failed-precondition', TEAM_MESSAGES.staleKeyVersion);
  if (oldKeyAwaitsOwner(team)) return refusal('failed-precondition', TEAM_MESSAGES.oldKeyAwaitsOwner);
  if (staleEntries > 0) return refusal('failed-precondition', TEAM_MESSAGES.entriesLeft);
  return accept({
    patch: { previousKey: null, updatedAt: now },
    addTeamIdFor: [],
    removeTeamIdFor: [],
    events: [{ kind: 'rotation.finished', keyVersion: team.keyVersion }],
  });
}
