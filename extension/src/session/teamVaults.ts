import { openPreviousTeamKey, unlockPrivateKey, type TeamKey, type VaultKey } from '../../../src/crypto';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import type { StoredUserRecord } from '../../../src/data/users/userRecord';
import type { WithId } from '../../../src/data/vault/storedEntries';
import { openTeamKey, type UserKeys } from '../../../src/features/teams/teamKeys';
import type { TeamScope } from '../../../src/features/vault/service/vaultDeps';
import type { TeamLabel } from '../vaultItems';

// The team vaults the extension reads (docs/extension.md, "The popup"): the teams the user is a
// member of, each key opened as the web vault opens it (features/teams/teamKeys.ts: the member's
// wrap unwrapped with the user's private key, checked against the team's key check; during a
// rotation the previous key too, as useTeamAccess does). A team whose key this user cannot open
// (no wrap yet, a wrap that does not open, removed meanwhile) is left out, silently: it is not an
// error of the extension, and the web vault's team screen is where it is explained.

/** A team whose key opened: its name for the popup, its scope for the app's item service. */
export interface OpenedTeam {
  readonly label: TeamLabel;
  readonly scope: TeamScope;
}

/** The team's key and, during a rotation, its previous one; null when this user cannot open it. */
export async function openTeam(teamId: string, team: StoredTeam, userId: string, keys: UserKeys): Promise<OpenedTeam | null> {
  const me = team.members[userId];
  if (me === undefined || me.needsTeamKey || me.encryptedTeamKey === null) return null;
  let key: TeamKey;
  try {
    key = await openTeamKey(team, teamId, userId, keys);
  } catch {
    return null;
  }
  // Entries not yet re-encrypted after a rotation open with the previous key; if it does not open
  // they are listed as undecryptable, as in the web vault.
  const previousKey =
    team.previousKey === null ? null : await openPreviousTeamKey(team.previousKey.sealed, key, { teamId, keyVersion: team.previousKey.version }).catch(() => null);
  return { label: { id: teamId, name: team.name }, scope: { teamId, key, keyVersion: team.keyVersion, role: me.role, previousKey } };
}

/** What reading the user's teams needs (src/data/extension/extensionFirebase.ts gives it). */
export interface TeamSource {
  userRecord(uid: string): Promise<StoredUserRecord | null>;
  teams(uid: string): Promise<WithId<StoredTeam>[]>;
}

/**
 * Every team of `userId` whose key opens, in the team list's order. The user record (for the
 * private key) and the team list are read side by side; the keys are opened side by side.
 */
export async function openTeams(source: TeamSource, userId: string, vaultKey: VaultKey): Promise<OpenedTeam[]> {
  const [record, teams] = await Promise.all([source.userRecord(userId), source.teams(userId)]);
  if (record === null || teams.length === 0) return [];
  const keys: UserKeys = { vaultKey, privateKey: await unlockPrivateKey(vaultKey, record.encryptedPrivateKey) };
  const opened = await Promise.all(teams.map(({ id, data }) => openTeam(id, data, userId, keys)));
  return opened.filter((team): team is OpenedTeam => team !== null);
}
