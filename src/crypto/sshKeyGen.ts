import { base64UrlToBytes, bytesToBase64, concatBytes, utf8Encode } from './encoding';
import { randomBytes } from './random';
import { ed25519PublicKeyBlob, parseSshPublicKeyBlob, sshFingerprint } from './sshKeys';
import { SshKeyError, sshString, uint32Bytes } from './sshWire';

// A new SSH key made in the browser for an SSH key item (issue #44): Ed25519 from WebCrypto,
// written as OpenSSH writes it (`ssh-keygen -t ed25519 -N ''`), so ssh, ssh-add and ssh-keygen
// take the file as it is. The private key leaves WebCrypto once, as the file's text, because the
// item keeps the text (sealed) and the user copies it out: it is extractable by design.

export interface GeneratedSshKey {
  /** The public key line for authorized_keys or a server's settings. */
  readonly publicKey: string;
  /** An unencrypted "openssh-key-v1" PEM file: the item's seal is its protection. */
  readonly privateKey: string;
  /** 'SHA256:…', as `ssh-keygen -lf` prints it. */
  readonly fingerprint: string;
}

export interface Ed25519KeyParts {
  /** The 32-byte private seed (RFC 8032 §5.1.5's private key). */
  readonly seed: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly comment: string;
  /** The file's check number; random for a new key, fixed only to test a known file. */
  readonly checkInt: number;
}

const ED25519_BYTES = 32;
const AUTH_MAGIC = utf8Encode('openssh-key-v1\0');
const UNENCRYPTED_BLOCK = 8;
// ssh-keygen wraps the file's base64 at 70 columns.
const PEM_COLUMNS = 70;

/**
 * The OpenSSH public key line and private key file of an Ed25519 key pair (OpenSSH PROTOCOL.key):
 * the magic, cipher and KDF "none", one public key, then the private list (two equal check
 * numbers, the key, its comment) padded with 1, 2, 3, … to a multiple of 8 bytes.
 */
export function encodeEd25519SshKey({ seed, publicKey, comment, checkInt }: Ed25519KeyParts): { publicKey: string; privateKey: string } {
  if (seed.length !== ED25519_BYTES || publicKey.length !== ED25519_BYTES) throw new SshKeyError('An Ed25519 key has 32 bytes.');
  const blob = ed25519PublicKeyBlob(publicKey);
  const check = uint32Bytes(checkInt >>> 0);
  const unpadded = concatBytes(
    check,
    check,
    sshString('ssh-ed25519'),
    sshString(publicKey),
    sshString(concatBytes(seed, publicKey)),
    sshString(comment),
  );
  const padding = Uint8Array.from({ length: (UNENCRYPTED_BLOCK - (unpadded.length % UNENCRYPTED_BLOCK)) % UNENCRYPTED_BLOCK }, (_, index) => index + 1);
  const file = concatBytes(
    AUTH_MAGIC,
    sshString('none'),
    sshString('none'),
    sshString(new Uint8Array(0)),
    uint32Bytes(1),
    sshString(blob),
    sshString(concatBytes(unpadded, padding)),
  );
  const base64 = bytesToBase64(file);
  const lines: string[] = [];
  for (let at = 0; at < base64.length; at += PEM_COLUMNS) lines.push(base64.slice(at, at + PEM_COLUMNS));
  return {
    publicKey: parseSshPublicKeyBlob(blob, comment).line,
    privateKey: `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`,
  };
}

function isNotSupported(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'NotSupportedError';
}

/**
 * A new Ed25519 key, or null where this browser's WebCrypto has no Ed25519 (Chrome before 137,
 * Firefox before 129, Safari before 17): the form then asks the user to paste a key instead.
 */
export async function generateSshKey(comment = ''): Promise<GeneratedSshKey | null> {
  const oneLineComment = comment.replace(/\s+/g, ' ').trim();
  let pair: CryptoKeyPair;
  try {
    pair = await globalThis.crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  } catch (error) {
    if (isNotSupported(error)) return null;
    throw error;
  }
  // The JWK has both halves, so one export gives the seed (d) and the public key (x).
  const jwk = await globalThis.crypto.subtle.exportKey('jwk', pair.privateKey);
  if (jwk.d === undefined || jwk.x === undefined) throw new SshKeyError('WebCrypto gave an Ed25519 key without its parts.');
  const checkInt = new DataView(randomBytes(4).buffer).getUint32(0);
  const encoded = encodeEd25519SshKey({ seed: base64UrlToBytes(jwk.d), publicKey: base64UrlToBytes(jwk.x), comment: oneLineComment, checkInt });
  const blob = ed25519PublicKeyBlob(base64UrlToBytes(jwk.x));
  return { ...encoded, fingerprint: await sshFingerprint(parseSshPublicKeyBlob(blob)) };
}
