// Issue #41 item 2's Bench (docs/teams.md, "The removal window"): how long a removed member's key
// can matter, for a team of 1,000 entries whose owner is signed out. Two figures, each beside the
// bare WebCrypto work it cannot do without, measured in the same run:
//   - removal → first entry saved under the new key: the admin's removal and rotation (which takes
//     effect at once) and a Full member's next save, opening the new key as their vault does.
//     Floor: a fresh AES key wrapped (RSA-OAEP) for the three holders, one wrap opened, one
//     entry's two parts sealed.
//   - owner's return → last old-key entry re-sealed: the owner's browser confirms the new key,
//     re-seals the 1,000 entries and finishes. Floor: one wrap opened, 2,000 parts decrypted and
//     sealed again. From the removal it is this plus however long the owner stays away: nothing
//     old is re-sealed before the owner confirms the key (what keeps the owner from being locked
//     out), and nothing new is sealed with the old key meanwhile.
// The real teams and vault services run over the in-memory repositories and the fake callables
// (the callables' own decisions): the figures are the browsers' work, no network or emulator in them.
import { createAccountKeys, SEALED_ENTRY_FORMAT, sealEntryParts, type PrivateKey, type VaultKey } from '../src/crypto';
import { openPreviousTeamKey } from '../src/crypto';
import { rotateIfNeeded } from '../src/features/teams/rotation';
import { openTeamKey } from '../src/features/teams/teamKeys';
import { createTeamsApi, removeMember } from '../src/features/teams/teamService';
import { savePassword, type TeamVaultDeps } from '../src/features/vault/vaultService';
import { teamWorld } from '../tests/doubles/teamWorld';
import { compareWithSetup, row } from './measure';

const subtle = globalThis.crypto.subtle;
const RUNS = 2;
type Name = 'ana' | 'bob' | 'cid' | 'dan';
type Account = { uid: string; email: string; vaultKey: VaultKey; privateKey: PrivateKey; publicKey: string };

async function accounts(): Promise<Record<Name, Account>> {
  const made = {} as Record<Name, Account>;
  for (const name of ['ana', 'bob', 'cid', 'dan'] as const) {
    const keys = await createAccountKeys(`${name} bench master password`);
    made[name] = { uid: name, email: `${name}@example.com`, vaultKey: keys.vaultKey, privateKey: keys.privateKey, publicKey: keys.stored.publicKey };
  }
  return made;
}

/** Owner ana, admin bob, Full cid, View dan (the one removed), and `entries` sealed entries at version 1. */
async function seededTeam(people: Record<Name, Account>, entries: number) {
  const w = teamWorld(people);
  await createTeamsApi(w.deps('ana')).create({ name: 'Window' });
  const id = (await w.teams.listForMember('ana'))[0]!.id;
  await w.join(id, 'ana', 'bob', 'admin');
  await w.join(id, 'ana', 'cid', 'full');
  await w.join(id, 'ana', 'dan', 'view');
  const key = await openTeamKey((await w.teams.get(id))!, id, 'ana', w.deps('ana').keys);
  for (let i = 0; i < entries; i += 1) {
    const entryId = `entry-${i}`;
    const parts = await sealEntryParts(key, { entryId, keyVersion: 1, format: SEALED_ENTRY_FORMAT }, {
      overview: { title: `Entry ${i}`, url: `https://e${i}.example.com`, username: `user${i}@example.com` },
      details: { password: `pw-${i}-${'x'.repeat(12)}`, notes: null, otp: null, history: [] },
    });
    await w.passwords.create(entryId, {
      format: 2,
      ...parts,
      teamId: id,
      userId: 'ana',
      groupId: null,
      encrypted: true,
      keyVersion: 1,
      revision: 1,
      createdAt: 1,
      updatedAt: 1,
    }, { kind: 'entry.created', entryId });
  }
  return { w, id };
}

/** cid's vault as the dashboard opens it after the key changed, and one new entry saved in it. */
async function firstSave(w: ReturnType<typeof teamWorld<Name>>, id: string): Promise<void> {
  const cid = w.deps('cid');
  const team = (await w.teams.get(id))!;
  const key = await openTeamKey(team, id, 'cid', cid.keys);
  const previousKey = team.previousKey ? await openPreviousTeamKey(team.previousKey.sealed, key, { teamId: id, keyVersion: team.previousKey.version }) : null;
  const deps: TeamVaultDeps = {
    passwords: w.passwords,
    groups: w.groups,
    userId: 'cid',
    team: { teamId: id, key, keyVersion: team.keyVersion, role: 'full', previousKey },
    now: () => Date.now(),
  };
  const saved = await savePassword(deps, { title: 'After the removal', url: null, notes: null, username: 'ops', password: 'new-secret', groupId: null });
  const stored = (await w.passwords.listTeam(id)).find((entry) => entry.id === saved.id);
  if (stored?.data.keyVersion !== 2) throw new Error('bench/removalWindow: the first save was not under the new key');
}

export async function removalWindowBench(entries: number): Promise<string[]> {
  const people = await accounts();
  let world: Awaited<ReturnType<typeof seededTeam>> | null = null;
  const rsa = await subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, false, ['wrapKey', 'unwrapKey']);
  const aes = () => subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const seal = (key: CryptoKey, data: BufferSource) => subtle.encrypt({ name: 'AES-GCM', iv: globalThis.crypto.getRandomValues(new Uint8Array(12)) }, key, data);
  const part = new TextEncoder().encode(JSON.stringify({ title: 'Entry 0', url: 'https://e0.example.com', username: 'user0@example.com' }));

  const toFirstSave = await compareWithSetup(
    RUNS,
    async () => {
      world = await seededTeam(people, entries);
    },
    async () => {
      const { w, id } = world!;
      await removeMember(w.deps('bob'), id, 'dan');
      await firstSave(w, id);
    },
    async () => {
      const next = await aes();
      const wraps = await Promise.all([0, 1, 2].map(() => subtle.wrapKey('raw', next, rsa.publicKey, { name: 'RSA-OAEP' })));
      const opened = await subtle.unwrapKey('raw', wraps[2]!, rsa.privateKey, { name: 'RSA-OAEP' }, { name: 'AES-GCM' }, false, ['encrypt']);
      await Promise.all([seal(opened, part), seal(opened, part)]);
    },
  );

  let sealedParts: { iv: Uint8Array<ArrayBuffer>; body: ArrayBuffer }[] = [];
  const [oldKey, newKey] = [await aes(), await aes()];
  const toLastReseal = await compareWithSetup(
    RUNS,
    async () => {
      world = await seededTeam(people, entries);
      await removeMember(world.w.deps('bob'), world.id, 'dan');
      if ((await world.w.teams.get(world.id))?.previousKey === null) throw new Error('bench/removalWindow: the rotation did not wait for the owner');
      sealedParts = await Promise.all(
        Array.from({ length: entries * 2 }, async () => {
          const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
          return { iv, body: await subtle.encrypt({ name: 'AES-GCM', iv }, oldKey, part) };
        }),
      );
    },
    async () => {
      const { w, id } = world!;
      if ((await rotateIfNeeded(w.deps('ana'), id)) !== 'done') throw new Error('bench/removalWindow: the owner did not finish the rotation');
    },
    async () => {
      const wrap = await subtle.wrapKey('raw', newKey, rsa.publicKey, { name: 'RSA-OAEP' });
      await subtle.unwrapKey('raw', wrap, rsa.privateKey, { name: 'RSA-OAEP' }, { name: 'AES-GCM' }, false, ['encrypt']);
      for (let start = 0; start < sealedParts.length; start += 200) {
        await Promise.all(sealedParts.slice(start, start + 200).map(async ({ iv, body }) => seal(newKey, await subtle.decrypt({ name: 'AES-GCM', iv }, oldKey, body))));
      }
    },
  );

  const n = entries.toLocaleString('en-US');
  return [
    row(`removal → first save under the new key (${n})`, toFirstSave),
    row(`owner back → last old entry re-sealed (${n})`, toLastReseal),
    `  (owner signed out; from the removal, the second is the owner's absence plus the figure: old entries wait for the owner, new saves never use the old key)`,
  ];
}
