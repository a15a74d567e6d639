import { beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_KEYS_CONTEXT, createAccountKeys, encryptText, fingerprintOf, type PrivateKey, type VaultKey } from '../../../src/crypto';
import { KnownKeyDamagedError, judgeKey, loadRemembered } from '../../../src/features/teams/knownKeys';
import { rotateIfNeeded } from '../../../src/features/teams/rotation';
import { PublicKeyChangedError, openTeamKey } from '../../../src/features/teams/teamKeys';
import { createTeamsApi, grantKey, grantKeys, prepareGrant, prepareGrants, reconfirm, removeMember } from '../../../src/features/teams/teamService';
import { teamWorld } from '../../doubles/teamWorld';

// Fingerprints that survive (docs/teams.md, "Remembered fingerprints", "Member key records"):
// one record per teammate, written before the wrap; the team's records, so an owner or admin who
// never shared with someone still refuses a swapped key; damaged records rebuilt by re-confirming.

type Name = 'ana' | 'bob' | 'cid' | 'dan' | 'eve';
const people = {} as Record<Name, { uid: string; email: string; vaultKey: VaultKey; privateKey: PrivateKey; publicKey: string }>;
beforeAll(async () => {
  for (const name of ['ana', 'bob', 'cid', 'dan', 'eve'] as const) {
    const account = await createAccountKeys(`${name} master password`);
    people[name] = { uid: name, email: `${name}@example.com`, vaultKey: account.vaultKey, privateKey: account.privateKey, publicKey: account.stored.publicKey };
  }
});

const FP_A = 'aa'.repeat(32);
const FP_B = 'bb'.repeat(32);

describe('judgeKey', () => {
  it('decides from this user’s memory and the team’s record', () => {
    expect(judgeKey(FP_A, null, null, 'x')).toBe('new');
    expect(judgeKey(FP_A, { kind: 'known', fingerprint: FP_A }, null, 'x')).toBe('same');
    expect(judgeKey(FP_A, { kind: 'known', fingerprint: FP_A }, FP_A, 'x')).toBe('same');
    expect(judgeKey(FP_A, null, FP_A, 'x')).toBe('vouched');
    expect(judgeKey(FP_A, { kind: 'damaged' }, FP_A, 'x')).toBe('vouched');
    expect(judgeKey(FP_A, { kind: 'damaged' }, null, 'x')).toBe('damaged');
  });

  it('refuses a key that differs from either memory, naming which', () => {
    expect(() => judgeKey(FP_A, { kind: 'known', fingerprint: FP_B }, null, 'bob@example.com')).toThrow(/has changed since you last shared/);
    expect(() => judgeKey(FP_A, null, FP_B, 'bob@example.com')).toThrow(/differs from the one your team confirmed/);
    expect(() => judgeKey(FP_A, { kind: 'known', fingerprint: FP_A }, FP_B, 'x')).toThrow(PublicKeyChangedError);
    expect(() => judgeKey(FP_A, { kind: 'damaged' }, FP_B, 'x')).toThrow(PublicKeyChangedError);
  });
});

function world() {
  let clock = 1_000;
  const w = teamWorld(people, () => (clock += 1));
  return { ...w, memoryOf: w.knownKeysOf };
}

async function teamOf(w: ReturnType<typeof world>) {
  await createTeamsApi(w.deps('ana')).create({ name: 'Ops' });
  const [team] = await w.teams.listForMember('ana');
  return team!.id;
}

describe('remembering in the step that wraps', () => {
  it('remembers every confirmed member of a batch stopped halfway; the retry grants the rest', async () => {
    const w = world();
    const id = await teamOf(w);
    const names = ['bob', 'cid', 'dan', 'eve'] as const;
    for (const name of names) await w.joinNeedingKey(id, name, 'view');
    const ana = w.deps('ana');
    const grant = w.functions.grantTeamKey.bind(w.functions);
    let calls = 0;
    w.functions.grantTeamKey = (input) => ((calls += 1) === 3 ? Promise.reject(new Error('connection lost')) : grant(input));
    await expect(grantKeys(ana, id, await prepareGrants(ana, id, names.map((name) => name)))).rejects.toThrow('connection lost');
    // bob, cid granted; every member of the batch was confirmed and remembered before any grant,
    // dan (whose grant failed) and eve (not granted after it) included.
    const memory = await loadRemembered(ana.knownKeys, 'ana', ana.keys!.vaultKey, 0);
    expect([...memory.records.keys()].sort()).toEqual(['bob', 'cid', 'dan', 'eve']);
    expect(calls).toBe(3);

    w.functions.grantTeamKey = grant;
    const team = await w.teams.get(id);
    const left = names.filter((name) => team!.members[name]!.needsTeamKey);
    expect(left).toEqual(['dan', 'eve']);
    await grantKeys(ana, id, await prepareGrants(ana, id, left));
    const after = await loadRemembered(ana.knownKeys, 'ana', ana.keys!.vaultKey, 0);
    expect([...after.records.keys()].sort()).toEqual(['bob', 'cid', 'dan', 'eve']);
    expect([...(await w.teams.listMemberKeys(id)).keys()].sort()).toEqual(['bob', 'cid', 'dan', 'eve']);
  });

  it('two tabs granting at once both remember (one record per teammate)', async () => {
    const w = world();
    const id = await teamOf(w);
    await w.joinNeedingKey(id, 'bob', 'view');
    await w.joinNeedingKey(id, 'cid', 'view');
    const tab1 = w.deps('ana');
    const tab2 = w.deps('ana');
    const [bob, cid] = await Promise.all([prepareGrant(tab1, id, 'bob'), prepareGrant(tab2, id, 'cid')]);
    await Promise.all([grantKey(tab1, id, bob), grantKey(tab2, id, cid)]);
    expect((await prepareGrant(tab1, id, 'bob')).seenBefore).toBe(true);
    expect((await prepareGrant(tab1, id, 'cid')).seenBefore).toBe(true);
  });
});

describe('the first format', () => {
  it('is migrated to one record per teammate and removed', async () => {
    const w = world();
    const id = await teamOf(w);
    await w.joinNeedingKey(id, 'bob', 'view');
    const bobFingerprint = (await fingerprintOf(people.bob.publicKey)).full;
    w.memoryOf('ana').putLegacy(await encryptText(people.ana.vaultKey, JSON.stringify({ bob: bobFingerprint }), KNOWN_KEYS_CONTEXT));
    expect((await prepareGrant(w.deps('ana'), id, 'bob')).seenBefore).toBe(true);
    expect(await w.memoryOf('ana').getLegacy()).toBeNull();
    expect((await w.memoryOf('ana').list()).has('bob')).toBe(true);
    // A key that differs from the migrated memory is still refused.
    w.publicKeys.replace('bob', people.eve.publicKey);
    await expect(prepareGrant(w.deps('ana'), id, 'bob')).rejects.toThrow(PublicKeyChangedError);
  });

  it('that no longer opens: each teammate shows as damaged, and confirming one rebuilds it and drops the document', async () => {
    const w = world();
    const id = await teamOf(w);
    await w.joinNeedingKey(id, 'bob', 'view');
    w.memoryOf('ana').putLegacy('AAAA');
    const recipient = await prepareGrant(w.deps('ana'), id, 'bob');
    expect(recipient).toMatchObject({ damaged: true, seenBefore: false });
    await grantKey(w.deps('ana'), id, recipient);
    expect(await w.memoryOf('ana').getLegacy()).toBeNull();
    expect((await prepareGrant(w.deps('ana'), id, 'bob')).seenBefore).toBe(true);
  });
});

describe('the team’s member-key records', () => {
  async function teamWithAdmin() {
    const w = world();
    const id = await teamOf(w);
    await w.join(id, 'ana', 'bob', 'admin');
    await w.join(id, 'ana', 'cid', 'full');
    return { w, id };
  }

  it('an admin who never shared with a member refuses a swapped key for them: prepareGrant and the rotation', async () => {
    const { w, id } = await teamWithAdmin();
    const bob = w.deps('bob');
    // Bob never shared with cid; the team's record (from ana's grant) vouches for cid's key.
    expect(await prepareGrant(bob, id, 'cid')).toMatchObject({ seenBefore: false, vouched: true });

    await w.joinNeedingKey(id, 'dan', 'view');
    w.actAs('ana');
    await w.functions.removeTeamMember({ teamId: id, userId: 'dan' });
    w.publicKeys.replace('cid', people.eve.publicKey);
    await expect(prepareGrant(bob, id, 'cid')).rejects.toThrow(/differs from the one your team confirmed/);
    w.actAs('bob');
    const before = await w.teams.get(id);
    await expect(rotateIfNeeded(bob, id)).rejects.toThrow(PublicKeyChangedError);
    // Nothing was wrapped for eve's key: the team is where it was.
    expect(await w.teams.get(id)).toEqual(before);
  });

  it('a record the server forged (it lacks the team key) vouches for nothing and blocks nothing', async () => {
    const { w, id } = await teamWithAdmin();
    await w.joinNeedingKey(id, 'dan', 'view');
    const eveFingerprint = (await fingerprintOf(people.eve.publicKey)).full;
    w.teams.forgeMemberKey(id, 'dan', { fingerprint: eveFingerprint, keyVersion: 1, check: `${'A'.repeat(43)}=`, confirmedBy: 'ana', updatedAt: 1 });
    expect(await prepareGrant(w.deps('bob'), id, 'dan')).toMatchObject({ vouched: false, seenBefore: false, damaged: false });
  });

  it('are vouched for under the new key after a rotation, so they keep protecting the next one', async () => {
    const { w, id } = await teamWithAdmin();
    await w.join(id, 'ana', 'dan', 'view');
    await removeMember(w.deps('ana'), id, 'dan');
    const team = await w.teams.get(id);
    expect(team?.keyVersion).toBe(2);
    const records = await w.teams.listMemberKeys(id);
    expect(records.get('bob')?.keyVersion).toBe(2);
    expect(records.get('cid')?.keyVersion).toBe(2);
    // Bob never shared with cid, and the records are now at version 2: a swap is still refused.
    w.publicKeys.replace('cid', people.eve.publicKey);
    await expect(prepareGrant(w.deps('bob'), id, 'cid')).rejects.toThrow(PublicKeyChangedError);
  });

  it('an admin’s rotation: the records are carried over by the re-encryption once the owner confirmed the key', async () => {
    const { w, id } = await teamWithAdmin();
    await w.join(id, 'ana', 'dan', 'view');
    w.actAs('bob');
    await w.functions.removeTeamMember({ teamId: id, userId: 'dan' });
    // Bob's rotation takes effect at once; the old key waits for ana, whose browser confirms the new
    // one, and the re-encryption carries the records.
    expect(await rotateIfNeeded(w.deps('bob'), id)).toBe('awaiting-owner');
    await rotateIfNeeded(w.deps('ana'), id);
    const team = await w.teams.get(id);
    expect(team?.keyVersion).toBe(2);
    const records = await w.teams.listMemberKeys(id);
    expect(records.get('cid')?.keyVersion).toBe(2);
    expect((await openTeamKey(team!, id, 'cid', w.deps('cid').keys)).kind).toBe('team');
  });
});

describe('a damaged remembered key', () => {
  it('is shown as damaged in Grant Access, and confirming rebuilds it', async () => {
    const w = world();
    const id = await teamOf(w);
    await w.joinNeedingKey(id, 'bob', 'view');
    await grantKey(w.deps('ana'), id, await prepareGrant(w.deps('ana'), id, 'bob'));
    w.memoryOf('ana').damage('bob');
    // As owner ana's own grant also wrote the team's record, which vouches for bob.
    expect(await prepareGrant(w.deps('ana'), id, 'bob')).toMatchObject({ damaged: false, vouched: true });
  });

  it('with no team record, stops the rotation with a clear error until the user re-confirms; then it runs', async () => {
    const w = world();
    const id = await teamOf(w);
    await w.join(id, 'ana', 'bob', 'full');
    await w.join(id, 'ana', 'cid', 'full');
    // The team's record of bob was altered (it vouches for nothing) and ana's own memory of bob is damaged.
    w.teams.forgeMemberKey(id, 'bob', { fingerprint: 'cc'.repeat(32), keyVersion: 1, check: `${'A'.repeat(43)}=`, confirmedBy: 'x', updatedAt: 1 });
    w.memoryOf('ana').damage('bob');
    const refused = await removeMember(w.deps('ana'), id, 'cid').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KnownKeyDamagedError);
    expect((refused as Error).message).toMatch(/security key you remembered for bob@example.com cannot be read/);
    expect((await w.teams.get(id))?.keyVersion).toBe(1);

    const recipient = await prepareGrant(w.deps('ana'), id, 'bob');
    expect(recipient).toMatchObject({ damaged: true });
    await reconfirm(w.deps('ana'), id, recipient);
    expect(await rotateIfNeeded(w.deps('ana'), id)).toBe('done');
    expect((await w.teams.get(id))?.keyVersion).toBe(2);
  });
});
