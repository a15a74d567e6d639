import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes as nodeRandomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CryptoError,
  DecryptionError,
  InvalidCiphertextError,
  InvalidKeyError,
  SHARED_SECRET_BYTES,
  base64UrlToBytes,
  bytesToBase64Url,
  decryptText,
  encryptText,
  exportPublicKey,
  generateKeyPair,
  generateSharedSecret,
  generateTeamKey,
  importInviteKey,
  importPrivateKey,
  importPublicKey,
  inviteTeamKeyContext,
  unwrapTeamKey,
  unwrapTeamKeyWithInvite,
  wrapTeamKey,
  wrapTeamKeyWithInvite,
  entryFieldContext,
} from '../../../src/crypto';
import { forgedBinding, forgedSealed } from '../../support/forgedCiphertext';
import type { GeneratedKeyPair, Sealed, TeamKey } from '../../../src/crypto';
import { flipByte, nodeOpen, nodeSeal } from './node-oracle';

const OAEP_SHA256 = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const;

let alice: GeneratedKeyPair;
let bob: GeneratedKeyPair;
let nodePair: { publicKey: KeyObject; privateKey: KeyObject };

beforeAll(async () => {
  [alice, bob] = await Promise.all([generateKeyPair(), generateKeyPair()]);
  nodePair = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65_537 });
});

async function rawTeamKey(team: TeamKey): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.exportKey('raw', team.key));
}

const TEAM = { teamId: 'team-a', keyVersion: 1 } as const;
const TEAM_LABEL = Buffer.from('keyloft/team-key/v1/team-a/1', 'utf8');

describe('generateKeyPair', () => {
  it('makes an RSA-OAEP-2048/SHA-256 pair with e = 65537 and a non-extractable private key', async () => {
    expect(alice.publicKey.kind).toBe('public');
    expect(alice.privateKey.kind).toBe('private');
    expect(alice.privateKey.key.algorithm).toMatchObject({ name: 'RSA-OAEP', modulusLength: 2048, hash: { name: 'SHA-256' } });
    expect(alice.privateKey.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', alice.privateKey.key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', alice.privateKey.key)).rejects.toThrow();
  });

  it('hands out the PKCS#8 once, and it belongs to the public key (checked by node)', async () => {
    const nodePrivate = createPrivateKey({ key: Buffer.from(alice.privateKeyPkcs8), format: 'der', type: 'pkcs8' });
    expect(nodePrivate.asymmetricKeyDetails).toMatchObject({ modulusLength: 2048, publicExponent: 65_537n });
    const fromPrivate = createPublicKey(nodePrivate).export({ format: 'der', type: 'spki' }).toString('base64');
    expect(fromPrivate).toBe(await exportPublicKey(alice.publicKey));
  });
});

describe('public key export / import', () => {
  it('round-trips through base64 SPKI', async () => {
    const spki = await exportPublicKey(alice.publicKey);
    const imported = await importPublicKey(spki);
    expect(imported.kind).toBe('public');
    expect(await exportPublicKey(imported)).toBe(spki);
  });

  it.each([
    ['garbage', 'not a key'],
    ['empty', ''],
    ['valid base64 that is not SPKI', Buffer.from('hello world, not DER').toString('base64')],
  ])('throws InvalidKeyError for %s', async (_label, input) => {
    await expect(importPublicKey(input)).rejects.toThrow(InvalidKeyError);
  });

  it('refuses a 1024-bit key and an unusual exponent', async () => {
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    await expect(importPublicKey(weak.export({ format: 'der', type: 'spki' }).toString('base64'))).rejects.toThrow(InvalidKeyError);
    const e3 = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 3 }).publicKey;
    await expect(importPublicKey(e3.export({ format: 'der', type: 'spki' }).toString('base64'))).rejects.toThrow(InvalidKeyError);
  });

  it('refuses a non-RSA key', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    await expect(importPublicKey(ec.export({ format: 'der', type: 'spki' }).toString('base64'))).rejects.toThrow(InvalidKeyError);
  });
});

describe('importPrivateKey', () => {
  it('throws InvalidKeyError for bytes that are not PKCS#8', async () => {
    await expect(importPrivateKey(new Uint8Array(64))).rejects.toThrow(InvalidKeyError);
  });
});

describe('team key wrapped for a member', () => {
  it('round-trips, and the unwrapped key decrypts the team’s data and can be re-wrapped', async () => {
    const team = await generateTeamKey();
    expect(team.key.extractable).toBe(true);
    const sealed = await encryptText(team, 'team secret', forgedBinding('ctx'));

    const forAlice = await wrapTeamKey(team, alice.publicKey, TEAM);
    const aliceCopy = await unwrapTeamKey(forAlice, alice.privateKey, TEAM);
    expect(aliceCopy.kind).toBe('team');
    expect(await decryptText(aliceCopy, sealed, forgedBinding('ctx'))).toBe('team secret');

    // An owner re-wraps the key she unwrapped for a new member.
    const forBob = await wrapTeamKey(aliceCopy, bob.publicKey, TEAM);
    expect(await decryptText(await unwrapTeamKey(forBob, bob.privateKey, TEAM), sealed, forgedBinding('ctx'))).toBe('team secret');
  });

  it('is randomised (OAEP): two wraps of one key differ', async () => {
    const team = await generateTeamKey();
    expect(await wrapTeamKey(team, alice.publicKey, TEAM)).not.toBe(await wrapTeamKey(team, alice.publicKey, TEAM));
  });

  it('throws DecryptionError for the wrong private key or a flipped byte', async () => {
    const wrapped = await wrapTeamKey(await generateTeamKey(), alice.publicKey, TEAM);
    await expect(unwrapTeamKey(wrapped, bob.privateKey, TEAM)).rejects.toThrow(DecryptionError);
    await expect(unwrapTeamKey(flipByte(wrapped, 100), alice.privateKey, TEAM)).rejects.toThrow(DecryptionError);
  });

  it('is bound to its team and key version (the OAEP label): moved or relabelled, it does not open', async () => {
    const wrapped = await wrapTeamKey(await generateTeamKey(), alice.publicKey, TEAM);
    await expect(unwrapTeamKey(wrapped, alice.privateKey, { teamId: 'team-b', keyVersion: 1 })).rejects.toThrow(DecryptionError);
    await expect(unwrapTeamKey(wrapped, alice.privateKey, { teamId: 'team-a', keyVersion: 2 })).rejects.toThrow(DecryptionError);
  });

  it('refuses a binding without a team id or with a version below 1', async () => {
    const team = await generateTeamKey();
    await expect(wrapTeamKey(team, alice.publicKey, { teamId: '', keyVersion: 1 })).rejects.toThrow(CryptoError);
    await expect(wrapTeamKey(team, alice.publicKey, { teamId: 't', keyVersion: 0 })).rejects.toThrow(CryptoError);
    await expect(wrapTeamKey(team, alice.publicKey, { teamId: 't', keyVersion: 1.5 })).rejects.toThrow(CryptoError);
  });

  it('throws InvalidCiphertextError for non-base64', async () => {
    await expect(unwrapTeamKey(forgedSealed('%%%'), alice.privateKey, TEAM)).rejects.toThrow(InvalidCiphertextError);
  });

  it('refuses an unwrapped key that is not AES-256 (a 16-byte payload)', async () => {
    const spki = await exportPublicKey(alice.publicKey);
    const short = publicEncrypt({ key: createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' }), ...OAEP_SHA256, oaepLabel: TEAM_LABEL }, nodeRandomBytes(16));
    await expect(unwrapTeamKey(forgedSealed(short.toString('base64')), alice.privateKey, TEAM)).rejects.toThrow(DecryptionError);
  });
});

describe('RSA-OAEP-SHA256 known answers with node:crypto', () => {
  it('node wraps 32 bytes for our exported public key; our unwrap yields a key that opens node’s ciphertext', async () => {
    const spki = Buffer.from(await exportPublicKey(alice.publicKey), 'base64');
    const nodePublic = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    const raw = nodeRandomBytes(32);
    const wrapped = publicEncrypt({ key: nodePublic, ...OAEP_SHA256, oaepLabel: TEAM_LABEL }, raw).toString('base64');
    const sealedByNode = nodeSeal(raw, 'encrypted by node', 'keyloft/entry/v1/x/password');

    const team = await unwrapTeamKey(forgedSealed(wrapped), alice.privateKey, TEAM);
    expect(Buffer.from(await rawTeamKey(team)).equals(raw)).toBe(true);
    expect(await decryptText(team, forgedSealed<'entry-field'>(sealedByNode), entryFieldContext('x', 'password'))).toBe('encrypted by node');
  });

  it('we wrap for a node-generated public key (SPKI import); node privateDecrypt recovers the key', async () => {
    const recipient = await importPublicKey(nodePair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
    const team = await generateTeamKey();
    const wrapped = await wrapTeamKey(team, recipient, TEAM);
    const raw = privateDecrypt({ key: nodePair.privateKey, ...OAEP_SHA256, oaepLabel: TEAM_LABEL }, Buffer.from(wrapped, 'base64'));
    expect(raw.length).toBe(32);
    expect(raw.equals(await rawTeamKey(team))).toBe(true);
    const sealed = await encryptText(team, 'for node', forgedBinding('ctx'));
    expect(nodeOpen(raw, sealed, 'ctx').toString('utf8')).toBe('for node');
  });

  it('imports a node-generated PKCS#8 private key that unwraps what node wrapped', async () => {
    const own = await importPrivateKey(new Uint8Array(nodePair.privateKey.export({ format: 'der', type: 'pkcs8' })));
    expect(own.key.extractable).toBe(false);
    const raw = nodeRandomBytes(32);
    const wrapped = publicEncrypt({ key: nodePair.publicKey, ...OAEP_SHA256, oaepLabel: TEAM_LABEL }, raw).toString('base64');
    expect(Buffer.from(await rawTeamKey(await unwrapTeamKey(forgedSealed(wrapped), own, TEAM))).equals(raw)).toBe(true);
  });
});

describe('invitation link secret', () => {
  it('is 32 random bytes as unpadded base64url, different each time', () => {
    const a = generateSharedSecret();
    const b = generateSharedSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64UrlToBytes(a).length).toBe(SHARED_SECRET_BYTES);
    expect(a).not.toBe(b);
  });

  it('imports as a non-extractable invite key', async () => {
    const invite = await importInviteKey(generateSharedSecret());
    expect(invite.kind).toBe('invite');
    expect(invite.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', invite.key)).rejects.toThrow();
  });

  it.each([
    ['31 bytes', bytesToBase64Url(new Uint8Array(31))],
    ['33 bytes', bytesToBase64Url(new Uint8Array(33))],
    ['garbage', 'not/a+secret=='],
    ['empty', ''],
  ])('refuses a secret of %s with InvalidKeyError', async (_label, secret) => {
    await expect(importInviteKey(secret)).rejects.toThrow(InvalidKeyError);
  });
});

describe('team key wrapped with the invitation secret', () => {
  let team: TeamKey;
  let secret: string;
  let wrapped: Sealed<'invite-team-key'>;
  const context = inviteTeamKeyContext('invite-123');

  beforeAll(async () => {
    team = await generateTeamKey();
    secret = generateSharedSecret();
    wrapped = await wrapTeamKeyWithInvite(team, await importInviteKey(secret), context);
  });

  it('round-trips to an extractable team key that decrypts the team’s data', async () => {
    const sealed = await encryptText(team, 'shared', forgedBinding('ctx'));
    const unwrapped = await unwrapTeamKeyWithInvite(wrapped, await importInviteKey(secret), context);
    expect(unwrapped.key.extractable).toBe(true);
    expect(await decryptText(unwrapped, sealed, forgedBinding('ctx'))).toBe('shared');
  });

  it('is stored as base64(IV ‖ wrapped key ‖ tag), readable by node with the secret and context', async () => {
    const raw = nodeOpen(base64UrlToBytes(secret), wrapped, context);
    expect(raw.equals(await rawTeamKey(team))).toBe(true);
  });

  it('unwraps a team key node wrapped with the secret', async () => {
    const raw = nodeRandomBytes(32);
    const byNode = nodeSeal(base64UrlToBytes(secret), raw, context);
    const unwrapped = await unwrapTeamKeyWithInvite(forgedSealed(byNode), await importInviteKey(secret), context);
    expect(Buffer.from(await rawTeamKey(unwrapped)).equals(raw)).toBe(true);
  });

  it('throws DecryptionError for another invitation’s context, the wrong secret, or tampering', async () => {
    const invite = await importInviteKey(secret);
    await expect(unwrapTeamKeyWithInvite(wrapped, invite, inviteTeamKeyContext('invite-456'))).rejects.toThrow(DecryptionError);
    await expect(unwrapTeamKeyWithInvite(wrapped, await importInviteKey(generateSharedSecret()), context)).rejects.toThrow(DecryptionError);
    await expect(unwrapTeamKeyWithInvite(forgedSealed(flipByte(wrapped, 0)), invite, context)).rejects.toThrow(DecryptionError);
    await expect(unwrapTeamKeyWithInvite(forgedSealed(flipByte(wrapped, -1)), invite, context)).rejects.toThrow(DecryptionError);
  });

  it('refuses an empty context', async () => {
    await expect(wrapTeamKeyWithInvite(team, await importInviteKey(secret), forgedBinding(''))).rejects.toThrow();
  });

  it('has a stable context per invitation id', () => {
    expect(inviteTeamKeyContext('abc')).toBe('keyloft/invite-team-key/v1/abc');
    expect(() => inviteTeamKeyContext('')).toThrow();
  });
});
