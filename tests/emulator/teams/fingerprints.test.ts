// Fingerprints that survive faults and races (issue #17, docs/teams.md "Remembered fingerprints",
// "Member key records"), through the real teams service, the Firestore repositories (through the
// rules) and the deployed callables on the emulators.
import { beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_KEYS_CONTEXT, encryptText, fingerprintOf, memberKeyMatchesCheck, unwrapTeamKey } from '../../../src/crypto';
import type { KnownKeysRepository, StoredTeam } from '../../../src/data/teams/storedTeams';
import { KnownKeyDamagedError, loadRemembered } from '../../../src/features/teams/knownKeys';
import { rotateIfNeeded } from '../../../src/features/teams/rotation';
import { PublicKeyChangedError, openTeamKey } from '../../../src/features/teams/teamKeys';
import type { TeamInvitationDeps } from '../../../src/features/teams/teamInvitations';
import { createTeamsApi, grantKey, grantKeys, prepareGrant, prepareGrants, reconfirm, removeMember } from '../../../src/features/teams/teamService';
import { browserMember, joinNeedingKey, teammate, type BrowserMember, type Teammate } from './browserMember';
import { db } from './support';

async function newTeam(owner: BrowserMember, name: string): Promise<string> {
  await createTeamsApi(owner.deps).create({ name });
  const created = (await owner.deps.teams.listForMember(owner.uid)).find((team) => team.data.name === name);
  if (!created) throw new Error('team not created');
  return created.id;
}

async function teamOf(deps: TeamInvitationDeps, teamId: string): Promise<StoredTeam> {
  const team = await deps.teams.get(teamId);
  if (!team) throw new Error('no team');
  return team;
}

/** uid → fingerprint of what `deps`'s user remembers, every record opened. */
async function remembered(deps: TeamInvitationDeps): Promise<Map<string, string>> {
  const memory = await loadRemembered(deps.knownKeys, deps.userId, deps.keys!.vaultKey, Date.now());
  const known = new Map<string, string>();
  for (const [uid, record] of memory.records) if (record.kind === 'known') known.set(uid, record.fingerprint);
  return known;
}

let owner: BrowserMember;
let admin: BrowserMember;
beforeAll(async () => {
  [owner, admin] = await Promise.all([browserMember('fp-owner'), browserMember('fp-admin')]);
}, 60_000);

describe('fingerprints on the emulators', () => {
  it('a grant to 30 members stopped after 12, then retried: every fingerprint is remembered, by the user and by the team', async () => {
    const teamId = await newTeam(owner, `Thirty ${Date.now()}`);
    const people: Teammate[] = [];
    for (let index = 0; index < 30; index += 1) people.push(await teammate(`fp-m${index}`));
    await joinNeedingKey(teamId, people);

    let grants = 0;
    const stopping: TeamInvitationDeps = {
      ...owner.deps,
      functions: {
        ...owner.deps.functions,
        grantTeamKey: (input) => ((grants += 1) > 12 ? Promise.reject(new Error('tab closed')) : owner.deps.functions.grantTeamKey(input)),
      },
    };
    const recipients = await prepareGrants(owner.deps, teamId, people.map((person) => person.uid));
    await expect(grantKeys(stopping, teamId, recipients)).rejects.toThrow('tab closed');
    const halfway = await teamOf(owner.deps, teamId);
    expect(people.filter((person) => !halfway.members[person.uid]!.needsTeamKey)).toHaveLength(12);
    // Everyone wrapped for is remembered, and the 13th too: remembered in the step before its wrap.
    expect((await remembered(owner.deps)).size).toBeGreaterThanOrEqual(13);

    const left = people.filter((person) => halfway.members[person.uid]!.needsTeamKey).map((person) => person.uid);
    await grantKeys(owner.deps, teamId, await prepareGrants(owner.deps, teamId, left));

    const known = await remembered(owner.deps);
    const records = await owner.deps.teams.listMemberKeys(teamId);
    const team = await teamOf(owner.deps, teamId);
    const key = await openTeamKey(team, teamId, owner.uid, owner.deps.keys);
    for (const person of people) {
      const fingerprint = (await fingerprintOf(person.publicKey)).full;
      expect(known.get(person.uid)).toBe(fingerprint);
      const record = records.get(person.uid)!;
      expect(record).toMatchObject({ fingerprint, keyVersion: 1, confirmedBy: owner.uid });
      expect(await memberKeyMatchesCheck(key, { teamId, keyVersion: 1 }, person.uid, fingerprint, record.check)).toBe(true);
      expect(team.members[person.uid]!.needsTeamKey).toBe(false);
      // The wrap each received opens with their own private key.
      expect((await unwrapTeamKey(team.members[person.uid]!.encryptedTeamKey!, person.privateKey, { teamId, keyVersion: 1 })).kind).toBe('team');
    }
  }, 240_000);

  it('two tabs granting at once, one with a slow fingerprint write: both are remembered', async () => {
    const teamId = await newTeam(owner, `Two tabs ${Date.now()}`);
    const [bob, cid] = await Promise.all([teammate('fp-bob'), teammate('fp-cid')]);
    await joinNeedingKey(teamId, [bob, cid]);
    const [tab1, tab2] = await Promise.all([owner.tab(), owner.tab()]);
    const slow: KnownKeysRepository = {
      ...tab1.knownKeys,
      put: async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await tab1.knownKeys.put(...args);
      },
    };
    const [forBob, forCid] = await Promise.all([prepareGrant(tab1, teamId, bob.uid), prepareGrant(tab2, teamId, cid.uid)]);
    await Promise.all([grantKey({ ...tab1, knownKeys: slow }, teamId, forBob), grantKey(tab2, teamId, forCid)]);
    const known = await remembered(owner.deps);
    expect(known.get(bob.uid)).toBe((await fingerprintOf(bob.publicKey)).full);
    expect(known.get(cid.uid)).toBe((await fingerprintOf(cid.publicKey)).full);
  }, 120_000);

  it('a swapped public key for a member the rotating admin never confirmed is refused: nothing is wrapped for the attacker', async () => {
    const teamId = await newTeam(owner, `Swap ${Date.now()}`);
    const [cid, dan, attacker] = await Promise.all([teammate('fp-cid'), teammate('fp-dan'), teammate('fp-attacker')]);
    await joinNeedingKey(teamId, [{ uid: admin.uid, email: admin.email }], 'admin');
    await joinNeedingKey(teamId, [cid, dan], 'full');
    await grantKeys(owner.deps, teamId, await prepareGrants(owner.deps, teamId, [admin.uid, cid.uid, dan.uid]));
    expect((await remembered(admin.deps)).has(cid.uid)).toBe(false);

    await owner.deps.functions.removeTeamMember({ teamId, userId: dan.uid });
    // The server now hands out the attacker's key for cid.
    await db().collection('publicKeys').doc(cid.uid).set({ publicKey: attacker.publicKey, createdAt: Date.now() });
    const before = await teamOf(admin.deps, teamId);

    const refused = await rotateIfNeeded(admin.deps, teamId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublicKeyChangedError);
    expect((refused as Error).message).toMatch(/differs from the one your team confirmed/);
    const after = await teamOf(admin.deps, teamId);
    expect(after).toMatchObject({ keyVersion: 1, rotationNeeded: true });
    expect(after.pendingRotation ?? null).toBeNull();
    expect(after.members).toEqual(before.members);
    // Nothing anywhere opens with the attacker's private key.
    for (const member of Object.values(after.members)) {
      if (member.encryptedTeamKey === null) continue;
      await expect(unwrapTeamKey(member.encryptedTeamKey, attacker.privateKey, { teamId, keyVersion: 1 })).rejects.toThrow();
    }
    // The key is put back: the admin's rotation goes through at once (its old key then waits for the owner).
    await db().collection('publicKeys').doc(cid.uid).set({ publicKey: cid.publicKey, createdAt: Date.now() });
    expect(await rotateIfNeeded(admin.deps, teamId)).toBe('awaiting-owner');
    expect(await teamOf(admin.deps, teamId)).toMatchObject({ keyVersion: 2, rotationNeeded: false });
  }, 120_000);

  it('a damaged remembered key stops the rotation with a clear error; re-confirming rebuilds it and the rotation runs', async () => {
    const teamId = await newTeam(owner, `Damaged ${Date.now()}`);
    const [bob, cid] = await Promise.all([teammate('fp-bob'), teammate('fp-cid')]);
    await joinNeedingKey(teamId, [bob, cid], 'full');
    await grantKeys(owner.deps, teamId, await prepareGrants(owner.deps, teamId, [bob.uid, cid.uid]));
    // The owner's record of bob no longer opens, and the team's record of bob was altered.
    const junk = Buffer.from(crypto.getRandomValues(new Uint8Array(92))).toString('base64');
    await db().collection('knownKeys').doc(owner.uid).collection('teammates').doc(bob.uid).set({ sealed: junk, updatedAt: Date.now() });
    await db().collection('teams').doc(teamId).collection('memberKeys').doc(bob.uid).update({ check: Buffer.alloc(32, 7).toString('base64') });

    const refused = await removeMember(owner.deps, teamId, cid.uid).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KnownKeyDamagedError);
    expect((refused as Error).message).toBe(
      `The security key you remembered for ${bob.email} cannot be read: the saved record is damaged. Nothing was shared. ` +
        `Compare their fingerprint with them again and confirm it (Confirm key of ${bob.email} in Manage Team Members) to rebuild it.`,
    );
    expect(await teamOf(owner.deps, teamId)).toMatchObject({ keyVersion: 1, rotationNeeded: true });

    const recipient = await prepareGrant(owner.deps, teamId, bob.uid);
    expect(recipient).toMatchObject({ damaged: true, seenBefore: false, vouched: false });
    await reconfirm(owner.deps, teamId, recipient);
    expect((await remembered(owner.deps)).get(bob.uid)).toBe((await fingerprintOf(bob.publicKey)).full);

    expect(await rotateIfNeeded(owner.deps, teamId)).toBe('done');
    const team = await teamOf(owner.deps, teamId);
    expect(team).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: null });
    expect((await unwrapTeamKey(team.members[bob.uid]!.encryptedTeamKey!, bob.privateKey, { teamId, keyVersion: 2 })).kind).toBe('team');
    expect((await owner.deps.teams.listMemberKeys(teamId)).get(bob.uid)).toMatchObject({ keyVersion: 2 });
  }, 120_000);

  it('the first format is migrated; one that no longer opens is reported and dropped once a key is confirmed', async () => {
    const other = await browserMember('fp-legacy');
    const teamId = await newTeam(other, `Legacy ${Date.now()}`);
    const [bob, cid] = await Promise.all([teammate('fp-bob'), teammate('fp-cid')]);
    await joinNeedingKey(teamId, [bob, cid]);
    const legacy = db().collection('knownKeys').doc(other.uid);
    await legacy.set({
      sealed: await encryptText(other.deps.keys!.vaultKey, JSON.stringify({ [bob.uid]: (await fingerprintOf(bob.publicKey)).full }), KNOWN_KEYS_CONTEXT),
      updatedAt: Date.now(),
    });
    expect(await prepareGrant(other.deps, teamId, bob.uid)).toMatchObject({ seenBefore: true });
    expect((await legacy.get()).exists).toBe(false);

    await legacy.set({ sealed: Buffer.from(crypto.getRandomValues(new Uint8Array(200))).toString('base64'), updatedAt: Date.now() });
    const forCid = await prepareGrant(other.deps, teamId, cid.uid);
    expect(forCid).toMatchObject({ damaged: true });
    await grantKey(other.deps, teamId, forCid);
    expect((await legacy.get()).exists).toBe(false);
    expect((await remembered(other.deps)).get(cid.uid)).toBe((await fingerprintOf(cid.publicKey)).full);
  }, 120_000);
});
