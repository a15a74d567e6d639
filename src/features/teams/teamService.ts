import { fingerprintOf, generateTeamKey, importPublicKey, openPreviousTeamKey, teamKeyCheck, wrapTeamKey, type Fingerprint, type TeamKey } from '../../crypto';
import type { StoredMemberKey, StoredTeam } from '../../data/teams/storedTeams';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import type { KeyRecipient, TeamDraft, TeamSummary, TeamsApi } from './model';
import { rotateIfNeeded, rotationPending, type RotationDeps, type RotationProgress } from './rotation';
import {
  forgetDamagedLegacy,
  judgeKey,
  loadRemembered,
  loadRememberedOne,
  memberKeyRecord,
  remember,
  rememberedOf,
  vouchedFingerprint,
  type KeyStanding,
  type TeamKeyOf,
} from './knownKeys';
import { TEAM_KEY_MESSAGES, TeamKeyError, openTeamKey, wrapFor, type UserKeys } from './teamKeys';

// The teams feature between the screens and the data layer (docs/teams.md): team keys are made,
// opened and wrapped here, in the browser; the callables see only wrapped keys.

export interface TeamServiceDeps extends RotationDeps {
  /** The signed-in user's own public key (SPKI base64), to wrap the key of a team they create. */
  readonly ownPublicKey: string;
}

export function summaryOf(uid: string, id: string, team: StoredTeam): TeamSummary | null {
  const me = team.members[uid];
  if (me === undefined) return null;
  return {
    id,
    name: team.name,
    description: team.description ?? null,
    ownerId: team.ownerId,
    memberCount: Object.keys(team.members).length,
    createdAt: team.createdAt,
    myRole: me.role,
    needsKey: me.needsTeamKey,
    rotationPending: rotationPending(team),
  };
}

function detailsOf(draft: TeamDraft): { name: string; description?: string } {
  const description = draft.description?.trim() ?? '';
  return { name: draft.name.trim(), ...(description === '' ? {} : { description }) };
}

export function createTeamsApi(deps: TeamServiceDeps): TeamsApi {
  return {
    async list() {
      const { teams, malformed, fromDevice, left } = await deps.teams.listing(deps.userId);
      return {
        teams: teams.map(({ id, data }) => summaryOf(deps.userId, id, data)).filter((team): team is TeamSummary => team !== null),
        flagged: malformed.map(({ id, name, problem }) => ({ id, name, problem })),
        fromDevice,
        left: left.map(({ id, name }) => ({ id, name })),
      };
    },
    async create(draft) {
      if (deps.keys === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.noPrivateKey);
      const teamId = deps.teams.newId();
      const teamKey = await generateTeamKey();
      const binding = { teamId, keyVersion: 1 };
      const encryptedTeamKey = await wrapTeamKey(teamKey, await importPublicKey(deps.ownPublicKey), binding);
      const keyCheck = await teamKeyCheck(teamKey, binding);
      await deps.functions.createTeam({ teamId, ...detailsOf(draft), encryptedTeamKey, keyCheck });
    },
    async update(teamId, draft) {
      await deps.teams.updateDetails(teamId, detailsOf(draft), deps.now());
    },
    async remove(teamId) {
      await deps.functions.deleteTeam({ teamId });
    },
  };
}

export async function requireTeam(deps: TeamServiceDeps, teamId: string): Promise<StoredTeam> {
  const team = await deps.teams.get(teamId);
  if (team === null) throw new TeamKeyError('This team does not exist or has been deleted.');
  return team;
}

function requireKeys(deps: TeamServiceDeps): UserKeys {
  if (deps.keys === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.noPrivateKey);
  return deps.keys;
}

function recipientOf(userId: string, email: string | null, publicKey: string, fingerprint: Fingerprint, standing: KeyStanding): KeyRecipient {
  return { userId, email, publicKey, fingerprint, seenBefore: standing === 'same', vouched: standing === 'vouched', damaged: standing === 'damaged' };
}

/**
 * The team keys this browser holds, by version: the current one, and during re-encryption the
 * previous one (a member-key record may not have been carried over yet).
 */
async function teamKeysOf(team: StoredTeam, teamId: string, current: TeamKey): Promise<TeamKeyOf> {
  const previous =
    team.previousKey === null
      ? null
      : await openPreviousTeamKey(team.previousKey.sealed, current, { teamId, keyVersion: team.previousKey.version }).catch(() => null);
  return (version) => (version === team.keyVersion ? current : version === team.previousKey?.version ? previous : null);
}

/** The team key when this user holds it; null otherwise (they cannot check the team's records, and will not wrap). */
async function heldTeamKey(deps: TeamServiceDeps, team: StoredTeam, teamId: string): Promise<TeamKey | null> {
  const me = team.members[deps.userId];
  if (me === undefined || me.needsTeamKey || me.encryptedTeamKey === null) return null;
  return openTeamKey(team, teamId, deps.userId, deps.keys);
}

/** Step one of 'Grant Access': the member's published key and its fingerprint. */
export async function prepareGrant(deps: TeamServiceDeps, teamId: string, userId: string): Promise<KeyRecipient> {
  const [recipient] = await prepareGrants(deps, teamId, [userId]);
  if (recipient === undefined) throw new TeamKeyError(TEAM_KEY_MESSAGES.userNoPublicKey);
  return recipient;
}

/**
 * prepareGrant for several members: each fingerprint checked against this user's memory and the
 * team's records (a changed key throws PublicKeyChangedError before anything is shown as fine).
 */
export async function prepareGrants(deps: TeamServiceDeps, teamId: string, userIds: readonly string[]): Promise<KeyRecipient[]> {
  const team = await requireTeam(deps, teamId);
  const keys = requireKeys(deps);
  const teamKey = await heldTeamKey(deps, team, teamId);
  const [memory, records, keyOf] = await Promise.all([
    loadRemembered(deps.knownKeys, deps.userId, keys.vaultKey, deps.now()),
    teamKey === null ? new Map<string, StoredMemberKey>() : deps.teams.listMemberKeys(teamId),
    teamKey === null ? () => null : teamKeysOf(team, teamId, teamKey),
  ]);
  return Promise.all(
    userIds.map(async (userId) => {
      const publicKey = await deps.publicKeys.get(userId);
      if (publicKey === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.userNoPublicKey);
      const email = team.members[userId]?.email ?? null;
      const fingerprint = await fingerprintOf(publicKey);
      const vouched = await vouchedFingerprint(records.get(userId), teamId, userId, keyOf);
      return recipientOf(userId, email, publicKey, fingerprint, judgeKey(fingerprint.full, rememberedOf(memory, userId), vouched, email ?? 'this member'));
    }),
  );
}

export async function grantKey(deps: TeamServiceDeps, teamId: string, recipient: KeyRecipient): Promise<void> {
  await grantKeys(deps, teamId, [recipient]);
}

/** Whether this user may write the team's member-key records (firestore.rules: an owner or admin holding the key). */
function vouchesForTeam(team: StoredTeam, uid: string): boolean {
  const role = team.members[uid]?.role;
  return role === 'owner' || role === 'admin';
}

/**
 * The step before any wrap for a confirmed recipient: checked once more against this user's record
 * (read afresh: another tab may have remembered them meanwhile) and the team's, then remembered in
 * both. Throws PublicKeyChangedError when either names another key.
 */
async function confirmRecipient(
  deps: TeamServiceDeps,
  teamId: string,
  team: StoredTeam,
  teamKey: TeamKey,
  keyOf: TeamKeyOf,
  records: ReadonlyMap<string, StoredMemberKey>,
  recipient: KeyRecipient,
): Promise<void> {
  const keys = requireKeys(deps);
  const who = recipient.email ?? 'this member';
  const fingerprint = recipient.fingerprint.full;
  const record = records.get(recipient.userId);
  const [remembered, vouched] = await Promise.all([
    loadRememberedOne(deps.knownKeys, deps.userId, keys.vaultKey, recipient.userId),
    vouchedFingerprint(record, teamId, recipient.userId, keyOf),
  ]);
  // The user saw this fingerprint and confirmed it: a damaged record of theirs is rebuilt here.
  const standing = judgeKey(fingerprint, remembered, vouched, who);
  const current = vouched !== null && record?.keyVersion === team.keyVersion;
  // Both memories are written side by side (neither needs the other) and both before any wrap:
  // one after the other, each a sealing or signing and a write, was the grant's slowest step (#42).
  await Promise.all([
    standing === 'same' ? null : remember(deps.knownKeys, deps.userId, keys.vaultKey, recipient.userId, fingerprint, deps.now()),
    current || !vouchesForTeam(team, deps.userId)
      ? null
      : memberKeyRecord(teamKey, teamId, team.keyVersion, recipient.userId, fingerprint, deps.userId, deps.now()).then((vouching) =>
          deps.teams.putMemberKey(teamId, recipient.userId, vouching),
        ),
  ]);
}

/**
 * Grants the key to several confirmed members. Each is remembered (by this user and by the team)
 * before the wrap for them, and every member of the batch is confirmed, remembered and wrapped for
 * side by side (each their own documents: nothing one writes is another's), then granted one after
 * the other in the batch's order. A batch that stops halfway leaves every member it confirmed
 * remembered, the grants before the stop made and none after it; a retry carries on from there.
 * One after the other, the confirmations and wraps were most of a 100-member grant (issue #42).
 */
export async function grantKeys(deps: TeamServiceDeps, teamId: string, recipients: readonly KeyRecipient[]): Promise<void> {
  const team = await requireTeam(deps, teamId);
  const teamKey = await openTeamKey(team, teamId, deps.userId, deps.keys);
  const [records, keyOf] = await Promise.all([deps.teams.listMemberKeys(teamId), teamKeysOf(team, teamId, teamKey)]);
  const wrapped = await Promise.allSettled(
    recipients.map(async (recipient) => {
      await confirmRecipient(deps, teamId, team, teamKey, keyOf, records, recipient);
      return wrapFor(teamKey, recipient.publicKey, teamId, team.keyVersion);
    }),
  );
  for (const [index, recipient] of recipients.entries()) {
    const outcome = wrapped[index] as PromiseSettledResult<string>;
    // The first member whose key changed (or whose wrap failed) stops the batch there, as before.
    if (outcome.status === 'rejected') throw outcome.reason;
    await deps.functions.grantTeamKey({ teamId, userId: recipient.userId, keyVersion: team.keyVersion, encryptedTeamKey: outcome.value });
  }
  // A first-format memory that did not open has been answered by a confirmation: it goes.
  if (recipients.some((recipient) => recipient.damaged)) await forgetDamagedLegacy(deps.knownKeys, deps.userId);
}

/**
 * Step one of re-confirming a key holder whose remembered key no longer opens
 * (KnownKeyDamagedError): their fingerprint, to compare with them again.
 */
export async function prepareReconfirm(deps: TeamServiceDeps, teamId: string, userId: string): Promise<KeyRecipient> {
  return prepareGrant(deps, teamId, userId);
}

/** Step two: the confirmed fingerprint is remembered again (and vouched for on the team); nothing is wrapped. */
export async function reconfirm(deps: TeamServiceDeps, teamId: string, recipient: KeyRecipient): Promise<void> {
  const team = await requireTeam(deps, teamId);
  const teamKey = await openTeamKey(team, teamId, deps.userId, deps.keys);
  const [records, keyOf] = await Promise.all([deps.teams.listMemberKeys(teamId), teamKeysOf(team, teamId, teamKey)]);
  await confirmRecipient(deps, teamId, team, teamKey, keyOf, records, recipient);
  if (recipient.damaged) await forgetDamagedLegacy(deps.knownKeys, deps.userId);
}

export async function changeRole(deps: TeamServiceDeps, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await deps.functions.changeMemberRole({ teamId, userId, role });
}

/** Removes a member, then rotates the team key so what they held opens nothing new. */
export async function removeMember(
  deps: TeamServiceDeps,
  teamId: string,
  userId: string,
  onProgress?: (progress: RotationProgress) => void,
): Promise<void> {
  await deps.functions.removeTeamMember({ teamId, userId });
  await rotateIfNeeded(deps, teamId, onProgress);
}

export async function leaveTeam(deps: TeamServiceDeps, teamId: string): Promise<void> {
  // The rotation is left to the team's writers (docs/teams.md, "The removal window"): the leaver no longer may.
  await deps.functions.leaveTeam({ teamId });
}
