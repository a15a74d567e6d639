import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CryptoError,
  DecryptionError,
  generateTeamKey,
  knownKeyContext,
  memberKeyCheck,
  memberKeyLabel,
  memberKeyMatchesCheck,
  openKnownKey,
  sealKnownKey,
  type VaultKey,
} from '../../../src/crypto';
import { tagKey } from '../../../src/crypto/keys';
import { flipByte, nodeOpen, nodeSeal } from './node-oracle';

// The team's member-key checks and one remembered teammate fingerprint (docs/teams.md, "Member key
// records"). Known answers come from node:crypto, independently of WebCrypto.

const binding = { teamId: 'team-a', keyVersion: 3 } as const;
const FP = 'ab'.repeat(32);
const OTHER_FP = 'cd'.repeat(32);

async function rawOf(key: Awaited<ReturnType<typeof generateTeamKey>>): Promise<Buffer> {
  return Buffer.from(await globalThis.crypto.subtle.exportKey('raw', key.key));
}

/** A vault key from known bytes, so node:crypto can seal and open what the module does. */
async function vaultKeyOf(raw: Uint8Array): Promise<VaultKey> {
  const key = await globalThis.crypto.subtle.importKey('raw', new Uint8Array(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
  return tagKey('vault', key);
}

describe('memberKeyCheck', () => {
  it('is HMAC-SHA256 of the label under the raw team key (node:crypto agrees)', async () => {
    const key = await generateTeamKey();
    const label = `keyloft/member-key/v1/team-a/3/bob/${FP}`;
    expect(memberKeyLabel(binding, 'bob', FP)).toBe(label);
    const expected = createHmac('sha256', await rawOf(key)).update(label).digest('base64');
    expect(await memberKeyCheck(key, binding, 'bob', FP)).toBe(expected);
    expect(expected).toHaveLength(44);
  });

  it('matches only the same key, team, version, member and fingerprint', async () => {
    const key = await generateTeamKey();
    const other = await generateTeamKey();
    const check = await memberKeyCheck(key, binding, 'bob', FP);
    expect(await memberKeyMatchesCheck(key, binding, 'bob', FP, check)).toBe(true);
    expect(await memberKeyMatchesCheck(other, binding, 'bob', FP, check)).toBe(false);
    expect(await memberKeyMatchesCheck(key, { teamId: 'team-b', keyVersion: 3 }, 'bob', FP, check)).toBe(false);
    expect(await memberKeyMatchesCheck(key, { teamId: 'team-a', keyVersion: 4 }, 'bob', FP, check)).toBe(false);
    expect(await memberKeyMatchesCheck(key, binding, 'cid', FP, check)).toBe(false);
    expect(await memberKeyMatchesCheck(key, binding, 'bob', OTHER_FP, check)).toBe(false);
  });

  it('never matches a tampered, malformed or truncated check, nor a malformed fingerprint', async () => {
    const key = await generateTeamKey();
    const check = await memberKeyCheck(key, binding, 'bob', FP);
    expect(await memberKeyMatchesCheck(key, binding, 'bob', FP, flipByte(check, 0))).toBe(false);
    expect(await memberKeyMatchesCheck(key, binding, 'bob', FP, '')).toBe(false);
    expect(await memberKeyMatchesCheck(key, binding, 'bob', FP, 'not base64!')).toBe(false);
    expect(await memberKeyMatchesCheck(key, binding, 'bob', FP, check.slice(0, 40))).toBe(false);
    expect(await memberKeyMatchesCheck(key, binding, 'bob', FP.toUpperCase(), check)).toBe(false);
  });

  it('refuses ids that would make the label ambiguous', async () => {
    const key = await generateTeamKey();
    await expect(memberKeyCheck(key, binding, 'bob/x', FP)).rejects.toThrow(CryptoError);
    await expect(memberKeyCheck(key, { teamId: 'a/b', keyVersion: 1 }, 'bob', FP)).rejects.toThrow(CryptoError);
    await expect(memberKeyCheck(key, binding, 'bob', 'abc')).rejects.toThrow(CryptoError);
  });
});

describe('sealKnownKey / openKnownKey', () => {
  it('is AES-256-GCM with additional data naming owner and teammate (node:crypto opens and seals it)', async () => {
    const raw = randomBytes(32);
    const vault = await vaultKeyOf(raw);
    const context = 'keyloft/known-public-key/v1/ana/bob';
    expect(knownKeyContext('ana', 'bob')).toBe(context);
    const sealed = await sealKnownKey(vault, 'ana', 'bob', FP);
    expect(nodeOpen(raw, sealed, context).toString('utf8')).toBe(FP);
    expect(await openKnownKey(vault, 'ana', 'bob', nodeSeal(raw, OTHER_FP, context))).toBe(OTHER_FP);
  });

  it('refuses a record moved to another teammate or owner, tampered, or under another vault key', async () => {
    const raw = randomBytes(32);
    const vault = await vaultKeyOf(raw);
    const otherVault = await vaultKeyOf(randomBytes(32));
    const sealed = await sealKnownKey(vault, 'ana', 'bob', FP);
    await expect(openKnownKey(vault, 'ana', 'cid', sealed)).rejects.toThrow(DecryptionError);
    await expect(openKnownKey(vault, 'eve', 'bob', sealed)).rejects.toThrow(DecryptionError);
    await expect(openKnownKey(vault, 'ana', 'bob', flipByte(sealed, -1))).rejects.toThrow(DecryptionError);
    await expect(openKnownKey(vault, 'ana', 'bob', flipByte(sealed, 14))).rejects.toThrow(DecryptionError);
    await expect(openKnownKey(otherVault, 'ana', 'bob', sealed)).rejects.toThrow(DecryptionError);
  });

  it('refuses to seal or return what is not a fingerprint', async () => {
    const raw = randomBytes(32);
    const vault = await vaultKeyOf(raw);
    await expect(sealKnownKey(vault, 'ana', 'bob', 'not a fingerprint')).rejects.toThrow(CryptoError);
    const junk = nodeSeal(raw, '{"bob":"x"}', knownKeyContext('ana', 'bob'));
    await expect(openKnownKey(vault, 'ana', 'bob', junk)).rejects.toThrow(CryptoError);
  });
});
