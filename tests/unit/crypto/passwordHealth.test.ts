import { createCipheriv, createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidCiphertextError,
  SEALED_ENTRY_FORMAT,
  entryPartContext,
  openEntryOverview,
  passwordFingerprint,
  sealEntryOverview,
  type EntryHealth,
  type EntryPartBinding,
  type TeamKey,
  type VaultKey,
} from '../../../src/crypto';
import { nodeOpen, nodeSeal } from './node-oracle';
import { partKeys } from './partKeys';

// Issue #42: the health record sealed in an entry's overview, and the password fingerprint the
// reuse check compares, checked against node:crypto so the known answers do not come from the
// module itself.

let team: TeamKey, otherTeam: TeamKey, teamRaw: Uint8Array, vault: VaultKey;
beforeAll(async () => {
  ({ team, otherTeam, teamRaw, vault } = await partKeys('master password for health'));
});

const binding: EntryPartBinding = { entryId: 'entry-1', keyVersion: 2, format: SEALED_ENTRY_FORMAT };
const overview = { title: 'Bank', url: 'https://bank.example', username: 'ana@example.com' };

/** What docs/crypto.md says: HMAC-SHA256 under AES_K(IV‖2) ‖ AES_K(IV‖3), IV = 'kl-pw-fp/v1.', cut to 16 bytes. */
function nodeFingerprint(raw: Uint8Array, password: string): string {
  const iv = Buffer.from('kl-pw-fp/v1.', 'utf8');
  const blocks = Buffer.concat([iv, Buffer.from([0, 0, 0, 2]), iv, Buffer.from([0, 0, 0, 3])]);
  const cipher = createCipheriv('aes-256-ecb', raw, null).setAutoPadding(false);
  const fingerprintKey = Buffer.concat([cipher.update(blocks), cipher.final()]);
  return createHmac('sha256', fingerprintKey).update(password, 'utf8').digest().subarray(0, 16).toString('base64');
}

describe('passwordFingerprint', () => {
  it('is HMAC-SHA256 under a key derived from the data key (node:crypto known answer)', async () => {
    for (const password of ['hunter2', 'пароль 🔐', '']) {
      expect(await passwordFingerprint(team, password)).toBe(nodeFingerprint(teamRaw, password));
    }
  });

  it('is the same for the same password under one key, and differs between passwords and between keys', async () => {
    const [a, again, other, otherKey, inVault] = await Promise.all([
      passwordFingerprint(team, 'correct horse'),
      passwordFingerprint(team, 'correct horse'),
      passwordFingerprint(team, 'correct horse!'),
      passwordFingerprint(otherTeam, 'correct horse'),
      passwordFingerprint(vault, 'correct horse'),
    ]);
    expect(again).toBe(a);
    expect(a).toHaveLength(24);
    expect(new Set([a, other, otherKey, inVault]).size).toBe(4);
  });

  it('works under the vault key, which is not extractable', async () => {
    expect(vault.key.extractable).toBe(false);
    expect(await passwordFingerprint(vault, 'x')).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('the health record in the overview', () => {
  it('is sealed inside the overview and opens with it', async () => {
    const health: EntryHealth = { strength: 1, fingerprint: await passwordFingerprint(team, 'hunter2'), passwordSetAt: 1_700_000_000_000 };
    const sealed = await sealEntryOverview(team, binding, { ...overview, health });
    expect(await openEntryOverview(team, binding, sealed)).toEqual({ ...overview, health });
    expect(JSON.parse(nodeOpen(teamRaw, sealed, entryPartContext(binding, 'overview')).toString('utf8'))).toEqual({ ...overview, health });
  });

  it('says "no password" with null strength and fingerprint', async () => {
    const health: EntryHealth = { strength: null, fingerprint: null, passwordSetAt: 5 };
    expect(await openEntryOverview(team, binding, await sealEntryOverview(team, binding, { ...overview, health }))).toEqual({ ...overview, health });
  });

  it('an overview sealed before it (or by a tab that does not write it) opens without one', async () => {
    const old = nodeSeal(teamRaw, JSON.stringify(overview), entryPartContext(binding, 'overview'));
    const opened = await openEntryOverview(team, binding, old);
    expect(opened).toEqual(overview);
    expect('health' in opened).toBe(false);
  });

  it('a record of the wrong shape refuses the part', async () => {
    const fingerprint = await passwordFingerprint(team, 'x');
    const wrong = [
      'yes',
      { strength: 5, fingerprint, passwordSetAt: 1 },
      { strength: 2.5, fingerprint, passwordSetAt: 1 },
      { strength: 2, fingerprint: 'AAAA', passwordSetAt: 1 },
      { strength: 2, fingerprint: null, passwordSetAt: 1 },
      { strength: null, fingerprint, passwordSetAt: 1 },
      { strength: 2, fingerprint, passwordSetAt: '1' },
      { strength: 2, fingerprint },
    ];
    for (const health of wrong) {
      const sealed = nodeSeal(teamRaw, JSON.stringify({ ...overview, health }), entryPartContext(binding, 'overview'));
      await expect(openEntryOverview(team, binding, sealed)).rejects.toBeInstanceOf(InvalidCiphertextError);
    }
  });
});
