import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountKeys,
  decryptText,
  encryptText,
  entryFieldContext,
  generateTeamKey,
  importPublicKey,
  openPreviousTeamKey,
  sealPreviousTeamKey,
  teamKeyCheck,
  unwrapTeamKey,
  wrapTeamKey,
  type PrivateKey,
  type VaultKey,
} from '../../../src/crypto';
import type { StoredPasswordEntry } from '../../../src/data/vault/storedEntries';
import { checkOwnTeamKey } from '../../../src/features/teams/keyUpkeep';
import { rotateIfNeeded } from '../../../src/features/teams/rotation';
import { TeamKeyMismatchError, openTeamKey } from '../../../src/features/teams/teamKeys';
import { createTeamsApi, grantKey, prepareGrant, removeMember, type TeamServiceDeps } from '../../../src/features/teams/teamService';
import { teamWorld } from '../../doubles/teamWorld';
import { teamEvents } from '../../contract/vaultRepositories.contract';

// Hole 1 of the security issue (docs/teams.md, "Key checks"): an owner or admin must not be able to
// leave a member, the owner above all, without a working team key. Owner ana, admin bob, full cid,
// view dan; everything runs through the real teams service and the callables' real decisions.

type Name = 'ana' | 'bob' | 'cid' | 'dan';
const people = {} as Record<Name, { uid: string; email: string; vaultKey: VaultKey; privateKey: PrivateKey; publicKey: string }>;
beforeAll(async () => {
  for (const name of ['ana', 'bob', 'cid', 'dan'] as const) {
    const account = await createAccountKeys(`${name} master password`);
    people[name] = { uid: name, email: `${name}@example.com`, vaultKey: account.vaultKey, privateKey: account.privateKey, publicKey: account.stored.publicKey };
  }
});

async function team() {
  let clock = 1_000;
  const w = teamWorld(people, () => (clock += 1));
  const ana = w.deps('ana');
  await createTeamsApi(ana).create({ name: 'Ops' });
  const [created] = await w.teams.listForMember('ana');
  const id = created!.id;
  await w.join(id, 'ana', 'bob', 'admin');
  await w.join(id, 'ana', 'cid', 'full');
  await w.join(id, 'ana', 'dan', 'view');
  return { ...w, id, ana, bob: w.deps('bob'), cid: w.deps('cid'), dan: w.deps('dan') };
}

async function addEntries(deps: TeamServiceDeps, teamId: string, count: number): Promise<void> {
  const stored = await deps.teams.get(teamId);
  const key = await openTeamKey(stored!, teamId, deps.userId, deps.keys);
  for (let index = 0; index < count; index += 1) {
    const id = deps.passwords.newId();
    const entry: StoredPasswordEntry = {
      title: `Entry ${index}`,
      username: await encryptText(key, `user${index}`, entryFieldContext(id, 'username')),
      password: await encryptText(key, `secret${index}`, entryFieldContext(id, 'password')),
      teamId,
      userId: deps.userId,
      groupId: null,
      encrypted: true,
      keyVersion: stored!.keyVersion,
      revision: 1,
      createdAt: 1,
      updatedAt: 1,
    };
    await deps.passwords.create(id, entry, teamEvents.created(id));
  }
}

/** Every entry's password as this member's browser reads it (current key, or the previous one through the chain). */
async function readAll(deps: TeamServiceDeps, teamId: string): Promise<string[]> {
  const stored = await deps.teams.get(teamId);
  const current = await openTeamKey(stored!, teamId, deps.userId, deps.keys);
  const previous = stored!.previousKey ? await openPreviousTeamKey(stored!.previousKey.sealed, current, { teamId, keyVersion: stored!.previousKey.version }) : null;
  const entries = await deps.passwords.listTeam(teamId);
  const passwords = await Promise.all(
    entries.map(({ id, data }) => decryptText(data.keyVersion === stored!.keyVersion ? current : previous!, data.password!, entryFieldContext(id, 'password'))),
  );
  return passwords.sort();
}

/** An admin's browser gone bad: a rotation whose wraps for `victims` open some other key (or are junk). */
async function maliciousRotation(deps: TeamServiceDeps, teamId: string, victims: readonly string[], junk = false): Promise<{ keyVersion: number; committed: boolean }> {
  const stored = (await deps.teams.get(teamId))!;
  const current = await openTeamKey(stored, teamId, deps.userId, deps.keys);
  const next = await generateTeamKey();
  const decoy = await generateTeamKey();
  const nextVersion = stored.keyVersion + 1;
  const wraps: Record<string, string> = {};
  for (const [uid, member] of Object.entries(stored.members)) {
    if (member.needsTeamKey) continue;
    const publicKey = await importPublicKey((await deps.publicKeys.get(uid))!);
    if (victims.includes(uid) && junk) wraps[uid] = Buffer.alloc(256, 7).toString('base64');
    else wraps[uid] = await wrapTeamKey(victims.includes(uid) ? decoy : next, publicKey, { teamId, keyVersion: nextVersion });
  }
  return deps.functions.rotateTeamKey({
    teamId,
    fromVersion: stored.keyVersion,
    wraps,
    sealedPreviousKey: await sealPreviousTeamKey(current, next, { teamId, keyVersion: stored.keyVersion }),
    keyCheck: await teamKeyCheck(next, { teamId, keyVersion: nextVersion }),
  });
}

const SECRETS = ['secret0', 'secret1', 'secret2'];

/** The owner's own wrap of key `keyVersion`, opened as their browser would. */
async function unwrapOwn(wrap: Parameters<typeof unwrapTeamKey>[0], teamId: string, keyVersion: number) {
  return unwrapTeamKey(wrap, people.ana.privateKey, { teamId, keyVersion });
}

describe('key checks: nobody can be left without a working team key', () => {
  it('every team starts with a published key check that its members’ keys match', async () => {
    const { teams, id, ana, bob, dan } = await team();
    const stored = await teams.get(id);
    expect(stored?.keyCheck).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    for (const member of [ana, bob, dan]) expect(await checkOwnTeamKey(member, id)).toBe('ok');
  });

  it('an admin cannot rotate when nobody left', async () => {
    const { id, bob } = await team();
    await expect(maliciousRotation(bob, id, [])).rejects.toThrow('The team key is rotated only after a member leaves or is removed, or by the owner');
  });

  // Issue #41 item 2: the rotation takes effect at once; what waits for the owner is the old key.
  it("an admin's rotation after a removal takes effect at once; the old entries wait for the owner, whose browser confirms and re-encrypts", async () => {
    const { teams, id, ana, bob, cid } = await team();
    await addEntries(ana, id, 3);
    await removeMember(bob, id, 'dan');
    const rotated = await teams.get(id);
    expect(rotated).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: { version: 1 } });
    expect(rotated?.members.ana?.previousTeamKey?.keyVersion).toBe(1);
    expect(await rotateIfNeeded(bob, id)).toBe('awaiting-owner');
    expect((await bob.passwords.listTeam(id)).map(({ data }) => data.keyVersion)).toEqual([1, 1, 1]);
    await expect(bob.functions.finishKeyRotation({ teamId: id, keyVersion: 2 })).rejects.toThrow(
      'The previous team key is kept until the team owner confirms the new one',
    );
    for (const member of [ana, bob, cid]) expect(await readAll(member, id)).toEqual(SECRETS);

    expect(await rotateIfNeeded(ana, id)).toBe('done');
    expect(await teams.get(id)).toMatchObject({ keyVersion: 2, pendingRotation: null, previousKey: null, rotationNeeded: false });
    expect((await teams.get(id))?.members.ana?.previousTeamKey).toBeNull();
    for (const member of [ana, bob, cid]) expect(await readAll(member, id)).toEqual(SECRETS);
    // Members other than the owner keep their old wrap until their browser confirms the new one.
    expect((await teams.get(id))?.members.cid?.previousTeamKey?.keyVersion).toBe(1);
    expect(await checkOwnTeamKey(cid, id)).toBe('confirmed');
    expect((await teams.get(id))?.members.cid?.previousTeamKey).toBeNull();
  });

  it('an admin who wraps another key for the owner: the owner flags themselves, loses nothing, and any member holding the key grants it back', async () => {
    const { teams, id, ana, bob, cid } = await team();
    await addEntries(ana, id, 3);
    await ana.functions.removeTeamMember({ teamId: id, userId: 'dan' });
    expect(await maliciousRotation(bob, id, ['ana'])).toEqual({ keyVersion: 2, committed: true });

    expect(await rotateIfNeeded(ana, id)).toBe('awaiting-owner');
    const flagged = (await teams.get(id))!;
    expect(flagged.members.ana).toMatchObject({ needsTeamKey: true, encryptedTeamKey: null, previousTeamKey: { keyVersion: 1 } });
    // Nothing from before the removal was re-sealed, and the owner's old wrap opens all of it.
    expect(await rotateIfNeeded(bob, id)).toBe('awaiting-owner');
    const old = await unwrapOwn(flagged.members.ana!.previousTeamKey!.encryptedTeamKey, id, 1);
    const entries = await ana.passwords.listTeam(id);
    expect(entries.map(({ data }) => data.keyVersion)).toEqual([1, 1, 1]);
    expect((await Promise.all(entries.map(({ id: entryId, data }) => decryptText(old, data.password!, entryFieldContext(entryId, 'password'))))).sort()).toEqual(SECRETS);

    await grantKey(cid, id, await prepareGrant(cid, id, 'ana'));
    expect(await rotateIfNeeded(ana, id)).toBe('done');
    expect(await teams.get(id)).toMatchObject({ keyVersion: 2, previousKey: null });
    for (const member of [ana, bob, cid]) expect(await readAll(member, id)).toEqual(SECRETS);
  });

  it('junk wrapped for every member but the admin: nothing from before the removal is re-sealed or dropped while the owner holds only the old key', async () => {
    const { teams, id, ana, bob, cid } = await team();
    await addEntries(ana, id, 3);
    await ana.functions.removeTeamMember({ teamId: id, userId: 'dan' });
    await maliciousRotation(bob, id, ['ana', 'cid'], true);
    expect(await checkOwnTeamKey(cid, id)).toBe('reported');
    expect(await rotateIfNeeded(ana, id)).toBe('awaiting-owner');
    expect(await rotateIfNeeded(bob, id)).toBe('awaiting-owner');
    await expect(bob.functions.finishKeyRotation({ teamId: id, keyVersion: 2 })).rejects.toThrow(
      'The previous team key is kept until the team owner confirms the new one',
    );
    const stored = (await teams.get(id))!;
    expect(stored.previousKey?.version).toBe(1);
    const old = await unwrapOwn(stored.members.ana!.previousTeamKey!.encryptedTeamKey, id, 1);
    for (const { id: entryId, data } of await ana.passwords.listTeam(id)) {
      expect(data.keyVersion).toBe(1);
      await expect(decryptText(old, data.password!, entryFieldContext(entryId, 'password'))).resolves.toMatch(/^secret/);
    }
  });

  it('a member given another key flags themselves; the owner grants it again after the fingerprint', async () => {
    const { teams, functions, id, ana, bob, cid, actAs } = await team();
    await addEntries(ana, id, 3);
    await ana.functions.removeTeamMember({ teamId: id, userId: 'dan' });
    // The owner's own rotation, except that cid's wrap opens a decoy key.
    await maliciousRotation(ana, id, ['cid']);
    await expect(openTeamKey((await teams.get(id))!, id, 'cid', cid.keys)).rejects.toThrow(TeamKeyMismatchError);
    expect(await checkOwnTeamKey(cid, id)).toBe('reported');
    expect((await teams.get(id))?.members.cid).toMatchObject({ needsTeamKey: true, encryptedTeamKey: null, previousTeamKey: { keyVersion: 1 } });

    await grantKey(bob, id, await prepareGrant(bob, id, 'cid'));
    expect(await checkOwnTeamKey(cid, id)).toBe('confirmed');
    await rotateIfNeeded(ana, id);
    expect(await readAll(cid, id)).toEqual(SECRETS);
    actAs('ana');
    expect(functions.calls.filter((call) => call.name === 'reportTeamKeyMismatch')).toHaveLength(1);
  });

  it('an owner whose wrap stopped opening the key is given it back by any member who holds it, a View Only one too', async () => {
    const { teams, id, ana, dan } = await team();
    await addEntries(ana, id, 3);
    // The owner's wrap is replaced by one of another key (as a grant by a bad admin would).
    const stored = (await teams.get(id))!;
    const decoy = await wrapTeamKey(await generateTeamKey(), await importPublicKey(people.ana.publicKey), { teamId: id, keyVersion: 1 });
    teams.put(id, { ...stored, members: { ...stored.members, ana: { ...stored.members.ana!, encryptedTeamKey: decoy } } });
    expect(await checkOwnTeamKey(ana, id)).toBe('reported');
    expect((await teams.get(id))?.members.ana?.needsTeamKey).toBe(true);

    await grantKey(dan, id, await prepareGrant(dan, id, 'ana'));
    expect(await checkOwnTeamKey(ana, id)).toBe('ok');
    expect(await readAll(ana, id)).toEqual(SECRETS);
  });

  it('a team made before key checks: the owner publishes the check, and a member holding another key is flagged', async () => {
    const { teams, id, ana, cid } = await team();
    const stored = (await teams.get(id))!;
    const decoy = await wrapTeamKey(await generateTeamKey(), await importPublicKey(people.cid.publicKey), { teamId: id, keyVersion: 1 });
    teams.put(id, { ...stored, keyCheck: null, members: { ...stored.members, cid: { ...stored.members.cid!, encryptedTeamKey: decoy } } });
    expect(await checkOwnTeamKey(cid, id)).toBe('ok');
    expect(await checkOwnTeamKey(ana, id)).toBe('published');
    expect((await teams.get(id))?.keyCheck).toBe(stored.keyCheck);
    expect(await checkOwnTeamKey(cid, id)).toBe('reported');
  });
});
