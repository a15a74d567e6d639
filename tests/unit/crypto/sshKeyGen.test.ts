import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateSshKey, parseSshPublicKey, readSshPrivateKey, sshFingerprint, SshKeyError } from '../../../src/crypto';
import { encodeEd25519SshKey } from '../../../src/crypto/sshKeyGen';

// Issue #44: SSH keys made with WebCrypto's Ed25519 and written as OpenSSH writes them. The file
// layout is checked byte by byte here (OpenSSH PROTOCOL.key), the key pair with node:crypto, and
// the RFC 8032 file below was read by ssh-keygen (OpenSSH 9.2p1) by hand: `ssh-keygen -y -f`
// printed RFC8032_LINE and `ssh-keygen -lf` RFC8032_FINGERPRINT.

const RFC8032_SEED = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
const RFC8032_PUBLIC = Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex');
const RFC8032_LINE = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINdamAGCsQq31Uv+08lkBzoO4XLz2qYjJa8CGmj3B1Ea rfc8032-test-1';
const RFC8032_FINGERPRINT = 'SHA256:bbXpuKG6zhzdmnxq256TlqzFBzRl2f6OOg722cYNbU8';
const RFC8032_FILE = `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACDXWpgBgrEKt9VL/tPJZAc6DuFy89qmIyWvAhpo9wdRGgAAAJhLZXlsS2V5
bAAAAAtzc2gtZWQyNTUxOQAAACDXWpgBgrEKt9VL/tPJZAc6DuFy89qmIyWvAhpo9wdRGg
AAAECdYbGd7/1aYLqESvSS7CzEREnFaXsyaRlwO6wDHK5/YNdamAGCsQq31Uv+08lkBzoO
4XLz2qYjJa8CGmj3B1EaAAAADnJmYzgwMzItdGVzdC0xAQIDBAUGBw==
-----END OPENSSH PRIVATE KEY-----
`;

/** Reads a file's bytes field by field, as PROTOCOL.key lays them out. */
function fields(pem: string) {
  const bytes = Buffer.from(pem.split('\n').filter((line) => line !== '' && !line.startsWith('-----')).join(''), 'base64');
  let at = 0;
  const take = (length: number) => bytes.subarray(at, (at += length));
  const uint32 = () => take(4).readUInt32BE();
  const string = () => take(uint32());
  const magic = take(15).toString('latin1');
  const [cipher, kdf, kdfOptions] = [string().toString(), string().toString(), string()];
  const keys = uint32();
  const publicBlob = string();
  const list = string();
  return { magic, cipher, kdf, kdfOptions, keys, publicBlob, list, rest: bytes.length - at };
}

/** An Ed25519 seed as a PKCS#8 DER node:crypto imports (RFC 8410 §7). */
function nodePrivateKey(seed: Uint8Array) {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

function nodePublicKeyOfLine(line: string) {
  const blob = Buffer.from(line.split(' ')[1]!, 'base64');
  const raw = blob.subarray(blob.length - 32);
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** The seed an unencrypted Ed25519 file holds: the first half of its 64-byte secret. */
function seedOf(pem: string): Buffer {
  const { list } = fields(pem);
  // check ints (8), "ssh-ed25519" (4 + 11), the public key (4 + 32), the secret's length (4).
  return list.subarray(8 + 15 + 36 + 4, 8 + 15 + 36 + 4 + 32);
}

describe('encodeEd25519SshKey', () => {
  const encoded = encodeEd25519SshKey({ seed: RFC8032_SEED, publicKey: RFC8032_PUBLIC, comment: 'rfc8032-test-1', checkInt: 0x4b65796c });

  it('writes the RFC 8032 test key as the file and line ssh-keygen read', async () => {
    expect(encoded.privateKey).toBe(RFC8032_FILE);
    expect(encoded.publicKey).toBe(RFC8032_LINE);
    expect(await sshFingerprint(parseSshPublicKey(encoded.publicKey))).toBe(RFC8032_FINGERPRINT);
  });

  it('lays the file out as PROTOCOL.key says: magic, cipher and KDF none, one key, check ints, padding 1, 2, 3…', () => {
    const file = fields(encoded.privateKey);
    expect(file).toMatchObject({ magic: 'openssh-key-v1\0', cipher: 'none', kdf: 'none', keys: 1, rest: 0 });
    expect(file.kdfOptions.length).toBe(0);
    expect(file.publicBlob.toString('base64')).toBe(RFC8032_LINE.split(' ')[1]);
    expect(file.list.length % 8).toBe(0);
    expect(file.list.readUInt32BE(0)).toBe(0x4b65796c);
    expect(file.list.readUInt32BE(4)).toBe(0x4b65796c);
    expect([...file.list.subarray(file.list.length - 7)]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seedOf(encoded.privateKey).equals(RFC8032_SEED)).toBe(true);
    expect(encoded.privateKey.split('\n').every((line) => line.length <= 70)).toBe(true);
  });

  it('round-trips through the parser to the same public key, comment and fingerprint', async () => {
    const info = readSshPrivateKey(encoded.privateKey);
    expect(info).toMatchObject({ format: 'openssh', encrypted: false });
    expect(info.publicKey?.line).toBe(RFC8032_LINE);
    expect(await sshFingerprint(info.publicKey!)).toBe(RFC8032_FINGERPRINT);
  });

  it('refuses a seed or public key that is not 32 bytes', () => {
    expect(() => encodeEd25519SshKey({ seed: RFC8032_SEED.subarray(1), publicKey: RFC8032_PUBLIC, comment: '', checkInt: 1 })).toThrow(SshKeyError);
    expect(() => encodeEd25519SshKey({ seed: RFC8032_SEED, publicKey: Buffer.alloc(33), comment: '', checkInt: 1 })).toThrow(SshKeyError);
  });
});

describe('generateSshKey', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes an Ed25519 key whose file parses back to its public key and fingerprint', async () => {
    const key = (await generateSshKey('ana@keyloft.test'))!;
    const line = parseSshPublicKey(key.publicKey);
    expect(line.type).toBe('ssh-ed25519');
    expect(line.comment).toBe('ana@keyloft.test');
    expect(readSshPrivateKey(key.privateKey).publicKey?.line).toBe(key.publicKey);
    const blob = Buffer.from(key.publicKey.split(' ')[1]!, 'base64');
    expect(key.fingerprint).toBe(`SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`);
    expect(await sshFingerprint(line)).toBe(key.fingerprint);
  });

  it('writes the seed of the public key it gives: node:crypto signs with the file and verifies with the line', async () => {
    const key = (await generateSshKey())!;
    const message = Buffer.from('keyloft ssh key check');
    const signature = sign(null, message, nodePrivateKey(seedOf(key.privateKey)));
    expect(verify(null, message, nodePublicKeyOfLine(key.publicKey), signature)).toBe(true);
    expect(verify(null, message, nodePublicKeyOfLine(RFC8032_LINE), signature)).toBe(false);
  });

  it('makes a new key each time, with random check numbers', async () => {
    const [a, b] = [(await generateSshKey())!, (await generateSshKey())!];
    expect(a.publicKey).not.toBe(b.publicKey);
    expect(a.privateKey).not.toBe(b.privateKey);
    expect(fields(a.privateKey).list.readUInt32BE(0)).not.toBe(fields(b.privateKey).list.readUInt32BE(0));
  });

  it('puts a comment on one line', async () => {
    const key = (await generateSshKey('  Ana\non\tthe laptop '))!;
    expect(key.publicKey.endsWith(' Ana on the laptop')).toBe(true);
    expect(readSshPrivateKey(key.privateKey).publicKey?.comment).toBe('Ana on the laptop');
  });

  // Only generateKey's answer is replaced, as a browser without Ed25519 gives it: nothing
  // cryptographic is under test here.
  it('gives null where WebCrypto has no Ed25519, and lets any other failure through', async () => {
    const generateKey = vi.spyOn(globalThis.crypto.subtle, 'generateKey');
    generateKey.mockRejectedValueOnce(new DOMException('Unrecognized name.', 'NotSupportedError'));
    expect(await generateSshKey()).toBeNull();
    generateKey.mockRejectedValueOnce(new DOMException('The operation failed.', 'OperationError'));
    await expect(generateSshKey()).rejects.toThrow('The operation failed.');
  });

  const sshKeygen = (() => {
    try {
      return execFileSync('which', ['ssh-keygen'], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  })();

  it.skipIf(sshKeygen === '')('writes a file ssh-keygen reads to the same public key and fingerprint', async () => {
    const key = (await generateSshKey('made in a test'))!;
    const folder = mkdtempSync(join(tmpdir(), 'keyloft-ssh-'));
    try {
      const path = join(folder, 'id_ed25519');
      writeFileSync(path, key.privateKey, { mode: 0o600 });
      expect(execFileSync(sshKeygen, ['-y', '-f', path], { encoding: 'utf8' }).trim()).toBe(key.publicKey);
      expect(execFileSync(sshKeygen, ['-l', '-f', path], { encoding: 'utf8' })).toContain(` ${key.fingerprint} `);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
