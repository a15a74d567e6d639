import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, generateTeamKey, importPublicKey, sealPreviousTeamKey, teamKeyCheck, wrapTeamKey, type PrivateKey, type TeamKey, type VaultKey } from '../../../src/crypto';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import type { StoredUserRecord } from '../../../src/data/users/userRecord';
import { openTeam, openTeams, type TeamSource } from '../../../extension/src/session/teamVaults';
import { forgedSealed } from '../../support/forgedCiphertext';

// The team keys the extension opens (docs/extension.md, "The popup"): as the web vault opens them,
// with the user's private key and the team's key check; a team this user cannot open is left out.

const UID = 'ana';
let user: { vaultKey: VaultKey; privateKey: PrivateKey; publicKey: string; record: StoredUserRecord };

beforeAll(async () => {
  const account = await createAccountKeys('ana master password');
  user = {
    vaultKey: account.vaultKey,
    privateKey: account.privateKey,
    publicKey: account.stored.publicKey,
    record: { encryptedPrivateKey: account.stored.encryptedPrivateKey } as StoredUserRecord,
  };
});

async function team(teamId: string, name: string, overrides: Partial<StoredTeam> = {}, member: Partial<StoredTeam['members'][string]> = {}): Promise<{ data: StoredTeam; key: TeamKey }> {
  const key = await generateTeamKey();
  const binding = { teamId, keyVersion: 2 };
  const wrapped = await wrapTeamKey(key, await importPublicKey(user.publicKey), binding);
  const data: StoredTeam = {
    name,
    ownerId: UID,
    createdAt: 1,
    updatedAt: 1,
    memberIds: [UID],
    members: { [UID]: { userId: UID, role: 'full', joinedAt: 1, email: 'ana@example.com', encryptedTeamKey: wrapped, needsTeamKey: false, ...member } },
    keyVersion: 2,
    keyCheck: await teamKeyCheck(key, binding),
    rotationNeeded: false,
    previousKey: null,
    deleting: false,
    ...overrides,
  };
  return { data, key };
}

const keys = () => ({ vaultKey: user.vaultKey, privateKey: user.privateKey });

describe('opening a team key in the extension', () => {
  it('opens the member’s wrap into the team’s scope: key, version, role, name', async () => {
    const { data } = await team('t1', 'Engineering');
    const opened = await openTeam('t1', data, UID, keys());
    expect(opened?.label).toEqual({ id: 't1', name: 'Engineering' });
    expect(opened?.scope).toMatchObject({ teamId: 't1', keyVersion: 2, role: 'full', previousKey: null });
  });

  it('during a rotation also opens the previous key', async () => {
    const { data, key } = await team('t1', 'Engineering');
    const previous = await generateTeamKey();
    const sealed = await sealPreviousTeamKey(previous, key, { teamId: 't1', keyVersion: 1 });
    const opened = await openTeam('t1', { ...data, previousKey: { version: 1, sealed } }, UID, keys());
    expect(opened?.scope.previousKey).toBeTruthy();
  });

  it('leaves out, without an error, a team whose key this user cannot open', async () => {
    const { data } = await team('t1', 'Engineering');
    // Not a member (removed), waiting for the key, a wrap that does not open, a wrap of another key than the check names.
    expect(await openTeam('t1', { ...data, members: {} }, UID, keys())).toBeNull();
    expect(await openTeam('t1', { ...data, members: { [UID]: { ...data.members[UID]!, needsTeamKey: true, encryptedTeamKey: null } } }, UID, keys())).toBeNull();
    expect(await openTeam('t1', { ...data, members: { [UID]: { ...data.members[UID]!, encryptedTeamKey: forgedSealed<'team-key-wrap'>('AAAA') } } }, UID, keys())).toBeNull();
    const other = await team('t1', 'Other');
    expect(await openTeam('t1', { ...data, keyCheck: other.data.keyCheck ?? null }, UID, keys())).toBeNull();
  });
});

describe('the teams of the signed-in user', () => {
  it('opens every team whose key opens, in the list’s order, and skips the others', async () => {
    const engineering = await team('t1', 'Engineering');
    const broken = await team('t2', 'Finance', {}, { encryptedTeamKey: forgedSealed<'team-key-wrap'>('AAAA') });
    const sales = await team('t3', 'Sales');
    const source: TeamSource = {
      userRecord: () => Promise.resolve(user.record),
      teams: () => Promise.resolve([{ id: 't1', data: engineering.data }, { id: 't2', data: broken.data }, { id: 't3', data: sales.data }]),
    };
    const opened = await openTeams(source, UID, user.vaultKey);
    expect(opened.map((one) => one.label.name)).toEqual(['Engineering', 'Sales']);
  });

  it('opens nothing for a user in no team, or without a record', async () => {
    const { data } = await team('t1', 'Engineering');
    expect(await openTeams({ userRecord: () => Promise.resolve(user.record), teams: () => Promise.resolve([]) }, UID, user.vaultKey)).toEqual([]);
    expect(await openTeams({ userRecord: () => Promise.resolve(null), teams: () => Promise.resolve([{ id: 't1', data }]) }, UID, user.vaultKey)).toEqual([]);
  });
});
