import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  InvalidKeyError,
  SshKeyError,
  isSshPrivateKey,
  parseSshPublicKey,
  readSshPrivateKey,
  sshFingerprint,
  type SshPublicKey,
} from '../../../src/crypto';
import * as fixtures from './sshKeyFixtures';

// Issue #44's SSH key items: public key lines and private key files as ssh-keygen writes them
// (sshKeyFixtures.ts), fingerprints checked against what ssh-keygen printed and against
// node:crypto's SHA-256 of the blob decoded here, independently of the module.

/** The wire encoding, written here without the module: uint32 lengths before each string. */
function wire(...parts: (string | Uint8Array)[]): Buffer {
  return Buffer.concat(
    parts.map((part) => {
      const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return Buffer.concat([length, bytes]);
    }),
  );
}

function blobOf(line: string): Buffer {
  return Buffer.from(line.split(' ')[1]!, 'base64');
}

function nodeFingerprint(blob: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

const ED25519_KEY = Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex');

const PUBLIC_KEYS: readonly (readonly [string, string, string, string])[] = [
  ['ssh-ed25519', fixtures.ED25519_PUBLIC, fixtures.ED25519_FINGERPRINT, 'ana@keyloft.test'],
  ['ecdsa-sha2-nistp256', fixtures.ECDSA_P256_PUBLIC, fixtures.ECDSA_P256_FINGERPRINT, 'ec@keyloft.test'],
  ['ecdsa-sha2-nistp384', fixtures.ECDSA_P384_PUBLIC, fixtures.ECDSA_P384_FINGERPRINT, ''],
  ['ecdsa-sha2-nistp521', fixtures.ECDSA_P521_PUBLIC, fixtures.ECDSA_P521_FINGERPRINT, 'ec521'],
  ['ssh-rsa', fixtures.RSA_PUBLIC, fixtures.RSA_FINGERPRINT, 'rsa@keyloft.test'],
  ['sk-ssh-ed25519@openssh.com', fixtures.SK_ED25519_PUBLIC, fixtures.SK_ED25519_FINGERPRINT, 'token@keyloft.test'],
];

describe('parseSshPublicKey', () => {
  it.each(PUBLIC_KEYS)('reads a %s line as ssh-keygen wrote it, and fingerprints it as ssh-keygen -lf does', async (type, line, fingerprint, comment) => {
    const key = parseSshPublicKey(`  ${line}\n`);
    expect(key.type).toBe(type);
    expect(key.comment).toBe(comment);
    expect(key.line).toBe(line);
    expect(Buffer.from(key.blob).equals(blobOf(line))).toBe(true);
    expect(await sshFingerprint(key)).toBe(fingerprint);
    expect(nodeFingerprint(blobOf(line))).toBe(fingerprint);
  });

  it('keeps a comment with spaces and writes a line without a comment without a trailing space', () => {
    const base64 = fixtures.ED25519_PUBLIC.split(' ')[1]!;
    expect(parseSshPublicKey(`ssh-ed25519 ${base64}  Ana's  laptop `).comment).toBe("Ana's  laptop");
    expect(parseSshPublicKey(`ssh-ed25519\t${base64}`).line).toBe(`ssh-ed25519 ${base64}`);
  });

  it('reads a key built here from the RFC 8032 test key, and fingerprints it as node:crypto does', async () => {
    const blob = wire('ssh-ed25519', ED25519_KEY);
    const key = parseSshPublicKey(`ssh-ed25519 ${blob.toString('base64')} test`);
    expect(await sshFingerprint(key)).toBe(nodeFingerprint(blob));
    // The same key as ssh-keygen -lf printed it for the file sshKeyGen.test.ts writes.
    expect(await sshFingerprint(key)).toBe('SHA256:bbXpuKG6zhzdmnxq256TlqzFBzRl2f6OOg722cYNbU8');
  });

  const refusals: readonly (readonly [string, string])[] = [
    ['a line naming another type than its blob', `ssh-rsa ${wire('ssh-ed25519', ED25519_KEY).toString('base64')}`],
    ['an unknown type', `ssh-dss ${wire('ssh-dss', ED25519_KEY).toString('base64')}`],
    ['a certificate', `ssh-ed25519-cert-v01@openssh.com ${wire('ssh-ed25519-cert-v01@openssh.com', ED25519_KEY).toString('base64')}`],
    ['bytes after the key', `ssh-ed25519 ${Buffer.concat([wire('ssh-ed25519', ED25519_KEY), Buffer.from([0])]).toString('base64')}`],
    ['a blob that ends early', `ssh-ed25519 ${wire('ssh-ed25519', ED25519_KEY).subarray(0, 40).toString('base64')}`],
    ['an Ed25519 key of 31 bytes', `ssh-ed25519 ${wire('ssh-ed25519', ED25519_KEY.subarray(1)).toString('base64')}`],
    ['an ECDSA key naming another curve', `ecdsa-sha2-nistp256 ${wire('ecdsa-sha2-nistp256', 'nistp384', Buffer.alloc(65, 4)).toString('base64')}`],
    ['an ECDSA point that is not uncompressed', `ecdsa-sha2-nistp256 ${wire('ecdsa-sha2-nistp256', 'nistp256', Buffer.alloc(65, 2)).toString('base64')}`],
    ['a 512-bit RSA modulus', `ssh-rsa ${wire('ssh-rsa', Buffer.from([1, 0, 1]), Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 0xff)])).toString('base64')}`],
    ['a negative RSA number', `ssh-rsa ${wire('ssh-rsa', Buffer.from([0x81]), Buffer.concat([Buffer.from([0]), Buffer.alloc(128, 0xff)])).toString('base64')}`],
    ['base64 that is not', 'ssh-ed25519 AAAA$AAA'],
    ['base64 without its padding', `ssh-ed25519 ${fixtures.ECDSA_P256_PUBLIC.split(' ')[1]!.replace(/=+$/, '')}`],
    ['two lines', `${fixtures.ED25519_PUBLIC}\n${fixtures.RSA_PUBLIC}`],
    ['a type alone', 'ssh-ed25519'],
    ['nothing', ''],
    ['a private key', fixtures.ED25519_PRIVATE],
  ];

  it.each(refusals)('refuses %s with an SshKeyError', (_, text) => {
    expect(() => parseSshPublicKey(text)).toThrow(SshKeyError);
  });

  it('makes SshKeyError an InvalidKeyError, so callers that catch key errors catch it', () => {
    expect(new SshKeyError('x')).toBeInstanceOf(InvalidKeyError);
  });
});

/** An OpenSSH private key file's bytes, and the file written back from changed bytes. */
function fileBytes(pem: string): Buffer {
  return Buffer.from(pem.split('\n').filter((line) => line !== '' && !line.startsWith('-----')).join(''), 'base64');
}

function asFile(bytes: Buffer): string {
  const lines = bytes.toString('base64').match(/.{1,70}/g)!;
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

describe('readSshPrivateKey', () => {
  it.each([
    ['Ed25519', fixtures.ED25519_PRIVATE, fixtures.ED25519_PUBLIC],
    ['ECDSA P-256', fixtures.ECDSA_P256_PRIVATE, fixtures.ECDSA_P256_PUBLIC],
    ['RSA', fixtures.RSA_PRIVATE, fixtures.RSA_PUBLIC],
  ])('reads the public key and comment an unencrypted OpenSSH %s file holds', (_, pem, line) => {
    const info = readSshPrivateKey(pem);
    expect(info).toMatchObject({ format: 'openssh', encrypted: false });
    expect(info.publicKey?.line).toBe(line);
  });

  it('reads a file pasted with Windows line ends and spaces around it', () => {
    expect(readSshPrivateKey(`\n  ${fixtures.ED25519_PRIVATE.replace(/\n/g, '\r\n')}  `).publicKey?.line).toBe(fixtures.ED25519_PUBLIC);
  });

  it('says a passphrase-protected OpenSSH file is encrypted, and still reads its public key (without the comment)', async () => {
    const info = readSshPrivateKey(fixtures.ED25519_ENCRYPTED_PRIVATE);
    expect(info.format).toBe('openssh');
    expect(info.encrypted).toBe(true);
    const [type, base64] = fixtures.ED25519_ENCRYPTED_PUBLIC.split(' ');
    expect(info.publicKey?.line).toBe(`${type} ${base64}`);
    expect(await sshFingerprint(info.publicKey!)).toBe(await sshFingerprint(parseSshPublicKey(fixtures.ED25519_ENCRYPTED_PUBLIC)));
  });

  it.each([
    ['PKCS#1 RSA', fixtures.RSA_PKCS1_PRIVATE, 'pkcs1-rsa', false],
    ['PKCS#8', fixtures.RSA_PKCS8_PRIVATE, 'pkcs8', false],
    ['encrypted PKCS#8', fixtures.RSA_PKCS8_ENCRYPTED_PRIVATE, 'pkcs8', true],
    ['SEC1 EC', fixtures.EC_SEC1_PRIVATE, 'sec1-ec', false],
    ['encrypted SEC1 EC (legacy PEM headers)', fixtures.EC_SEC1_ENCRYPTED_PRIVATE, 'sec1-ec', true],
  ])('recognises a %s file and whether it is encrypted', (_, pem, format, encrypted) => {
    expect(readSshPrivateKey(pem)).toEqual({ format, encrypted, publicKey: null });
    expect(isSshPrivateKey(pem)).toBe(true);
  });

  const ed25519 = fileBytes(fixtures.ED25519_PRIVATE);
  const magicAndHeader = 15 + 8 + 8 + 4 + 4; // magic, "none", "none", empty options, key count
  const publicEnd = magicAndHeader + 4 + ed25519.readUInt32BE(magicAndHeader);
  const privateStart = publicEnd + 4;
  function changed(at: number, value: number): string {
    const copy = Buffer.from(ed25519);
    copy[at] = value;
    return asFile(copy);
  }

  it('reads the test file written back unchanged, so the tampering below is all that differs', () => {
    expect(readSshPrivateKey(asFile(ed25519)).publicKey?.line).toBe(fixtures.ED25519_PUBLIC);
  });

  it.each([
    ['check numbers that differ', () => changed(privateStart, (ed25519[privateStart]! + 1) % 256)],
    ['padding that is not 1, 2, 3, …', () => changed(ed25519.length - 1, 9)],
    ['a public key that is not the private key’s', () => changed(publicEnd - 1, ed25519[publicEnd - 1]! ^ 1)],
    ['a second key', () => asFile(Buffer.concat([ed25519.subarray(0, magicAndHeader - 4), Buffer.from([0, 0, 0, 2]), ed25519.subarray(magicAndHeader)]))],
    ['a wrong magic', () => changed(0, 0x4f)],
    ['bytes after the private part', () => asFile(Buffer.concat([ed25519, Buffer.from([0])]))],
  ])('refuses an OpenSSH file with %s', (_, file) => {
    expect(() => readSshPrivateKey(file())).toThrow(SshKeyError);
  });

  it.each([
    ['a public key', fixtures.ED25519_PUBLIC],
    ['a certificate', '-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----'],
    ['mismatched BEGIN and END', '-----BEGIN PRIVATE KEY-----\nMAA=\n-----END RSA PRIVATE KEY-----'],
    ['a body that is not base64', '-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----'],
    ['DER that is not a SEQUENCE', '-----BEGIN PRIVATE KEY-----\nAQA=\n-----END PRIVATE KEY-----'],
    ['words', 'my ssh key'],
  ])('refuses %s', (_, text) => {
    expect(() => readSshPrivateKey(text)).toThrow(SshKeyError);
    expect(isSshPrivateKey(text)).toBe(false);
  });
});

describe('sshFingerprint', () => {
  it('differs for keys one bit apart', async () => {
    const key = parseSshPublicKey(fixtures.ED25519_PUBLIC);
    const flipped = Buffer.from(key.blob);
    flipped[flipped.length - 1]! ^= 1;
    const other: SshPublicKey = parseSshPublicKey(`ssh-ed25519 ${flipped.toString('base64')}`);
    expect(await sshFingerprint(other)).not.toBe(await sshFingerprint(key));
    expect(await sshFingerprint(other)).toBe(nodeFingerprint(flipped));
  });
});
