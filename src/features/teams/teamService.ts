import { fingerprintOf, generateTeamKey, importPublicKey, teamKeyCheck, wrapTeamKey, type Fingerprint } from '../../crypto';
import type { StoredTeam } from '../../data/teams/storedTeams';
import type { TeamRole } from '../../domain/teamPermissions';
import type { TeamDraft, TeamSummary, TeamsApi } from './model';
import { rotateIfNeeded, rotationPending, type RotationDeps, type RotationProgress } from './rotation';
import {
  TEAM_KEY_MESSAGES,
  TeamKeyError,
  checkKnown,
  loadKnownKeys,
  openTeamKey,
  saveKnownKeys,
  wrapFor,
  type UserKeys,
} from './teamKeys';

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
      const teams = await deps.teams.listForMember(deps.userId);
      return teams.map(({ id, data }) => summaryOf(deps.userId, id, data)).filter((team): team is TeamSummary => team !== null);
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

/** A person about to receive the team key, with the fingerprint to show before anything is wrapped. */
export interface PreparedRecipient {
  readonly userId: string;
  readonly email: string | null;
  readonly publicKey: string;
  readonly fingerprint: Fingerprint;
  /** True when this user shared with them before and the key is the one remembered. */
  readonly seenBefore: boolean;
}

/** Someone about to receive the team key (an invitee with an account): their fingerprint, checked against the remembered ones. */
export async function prepare(deps: TeamServiceDeps, userId: string, email: string | null, publicKey: string): Promise<PreparedRecipient> {
  const known = await loadKnownKeys(deps.knownKeys, deps.userId, requireKeys(deps).vaultKey);
  return prepareWith(known, userId, email, publicKey);
}

async function prepareWith(known: ReadonlyMap<string, string>, userId: string, email: string | null, publicKey: string): Promise<PreparedRecipient> {
  const fingerprint = await fingerprintOf(publicKey);
  const seen = checkKnown(known, userId, fingerprint, email ?? 'this member');
  return { userId, email, publicKey, fingerprint, seenBefore: seen === 'same' };
}

/** Remembers the recipients' fingerprints (sealed under the vault key) once a key was wrapped for them. */
export async function remember(deps: TeamServiceDeps, recipients: readonly PreparedRecipient[]): Promise<void> {
  const keys = requireKeys(deps);
  const known = await loadKnownKeys(deps.knownKeys, deps.userId, keys.vaultKey);
  const before = known.size;
  for (const recipient of recipients) {
    checkKnown(known, recipient.userId, recipient.fingerprint, recipient.email ?? 'this member');
    known.set(recipient.userId, recipient.fingerprint.full);
  }
  if (known.size !== before) await saveKnownKeys(deps.knownKeys, deps.userId, keys.vaultKey, known, deps.now());
}

/** Step one of 'Grant Access': the member's published key and its fingerprint. */
export async function prepareGrant(deps: TeamServiceDeps, teamId: string, userId: string): Promise<PreparedRecipient> {
  const [recipient] = await prepareGrants(deps, teamId, [userId]);
  if (recipient === undefined) throw new TeamKeyError(TEAM_KEY_MESSAGES.userNoPublicKey);
  return recipient;
}

/** prepareGrant for several members, reading the remembered fingerprints once. */
export async function prepareGrants(deps: TeamServiceDeps, teamId: string, userIds: readonly string[]): Promise<PreparedRecipient[]> {
  const team = await requireTeam(deps, teamId);
  const known = await loadKnownKeys(deps.knownKeys, deps.userId, requireKeys(deps).vaultKey);
  return Promise.all(
    userIds.map(async (userId) => {
      const publicKey = await deps.publicKeys.get(userId);
      if (publicKey === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.userNoPublicKey);
      return prepareWith(known, userId, team.members[userId]?.email ?? null, publicKey);
    }),
  );
}

export async function grantKey(deps: TeamServiceDeps, teamId: string, recipient: PreparedRecipient): Promise<void> {
  await grantKeys(deps, teamId, [recipient]);
}

/** Grants the key to several members: the team key is opened once and the fingerprints saved once. */
export async function grantKeys(deps: TeamServiceDeps, teamId: string, recipients: readonly PreparedRecipient[]): Promise<void> {
  const team = await requireTeam(deps, teamId);
  const teamKey = await openTeamKey(team, teamId, deps.userId, deps.keys);
  const granted: PreparedRecipient[] = [];
  try {
    for (const recipient of recipients) {
      const encryptedTeamKey = await wrapFor(teamKey, recipient.publicKey, teamId, team.keyVersion);
      await deps.functions.grantTeamKey({ teamId, userId: recipient.userId, keyVersion: team.keyVersion, encryptedTeamKey });
      granted.push(recipient);
    }
  } finally {
    // Whatever was granted is remembered, even if a later grant failed.
    if (granted.length > 0) await remember(deps, granted);
  }
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
  // The rotation is left to the team's owners and admins: the leaver no longer may.
  await deps.functions.leaveTeam({ teamId });
}
