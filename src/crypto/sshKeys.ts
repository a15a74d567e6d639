import { base64ToBytes, bytesToBase64, concatBytes } from './encoding';
import { SshKeyError, SshReader, sshString } from './sshWire';

// SSH public keys (issue #44's SSH key items): the one-line OpenSSH form people paste, and the
// fingerprint `ssh-keygen -lf` prints for it, which is what servers and GitHub show to compare.
// A fingerprint is of a public key, so SHA-256 is right here (never of a secret: hash.ts).

export type SshKeyType =
  | 'ssh-ed25519'
  | 'ssh-rsa'
  | 'ecdsa-sha2-nistp256'
  | 'ecdsa-sha2-nistp384'
  | 'ecdsa-sha2-nistp521'
  | 'sk-ssh-ed25519@openssh.com'
  | 'sk-ecdsa-sha2-nistp256@openssh.com';

export interface SshPublicKey {
  readonly type: SshKeyType;
  /** The key in the wire encoding: what the base64 of the line spells, and what is fingerprinted. */
  readonly blob: Uint8Array<ArrayBuffer>;
  readonly comment: string;
  /** `type base64 comment` (no comment: `type base64`), the line authorized_keys takes. */
  readonly line: string;
}

const ED25519_KEY_BYTES = 32;
// The uncompressed point 0x04 ‖ X ‖ Y of each curve: OpenSSH writes no other form.
const EC_POINT_BYTES: Readonly<Record<string, number>> = { nistp256: 65, nistp384: 97, nistp521: 133 };
// OpenSSH refuses RSA moduli under 1024 bits and over 16384 (SSH_RSA_MINIMUM_MODULUS_SIZE, …_MAXIMUM_…).
const RSA_MIN_BITS = 1024;
const RSA_MAX_BITS = 16_384;

function readEd25519Key(reader: SshReader): void {
  if (reader.string().length !== ED25519_KEY_BYTES) throw new SshKeyError('An Ed25519 key has 32 bytes.');
}

function ecPointReader(curve: string): (reader: SshReader) => void {
  return (reader) => {
    readEcPoint(reader, curve);
  };
}

function readEcPoint(reader: SshReader, curve: string): void {
  if (reader.text() !== curve) throw new SshKeyError('The key names another curve than its type.');
  const point = reader.string();
  if (point.length !== EC_POINT_BYTES[curve] || point[0] !== 0x04) throw new SshKeyError(`Not a ${curve} point.`);
}

/** An mpint (RFC 4251 §5) that is positive and minimally encoded; its length in bits. */
function readPositiveMpint(reader: SshReader): number {
  const bytes = reader.string();
  const [first = 0, second = 0] = bytes;
  if (bytes.length === 0 || first >= 0x80 || (first === 0 && (bytes.length === 1 || second < 0x80))) {
    throw new SshKeyError('An RSA key number is not a positive, minimally encoded integer.');
  }
  const lead = first === 0 ? second : first;
  return (bytes.length - (first === 0 ? 1 : 0) - 1) * 8 + (32 - Math.clz32(lead));
}

// What follows the type name in each type's blob (RFC 4253 §6.6, RFC 5656 §3.1, RFC 8709 §4,
// OpenSSH's PROTOCOL.u2f for the security-key types, whose blobs end with the application).
const BLOB_READERS: Readonly<Record<SshKeyType, (reader: SshReader) => void>> = {
  'ssh-ed25519': readEd25519Key,
  'ssh-rsa': (reader) => {
    readPositiveMpint(reader);
    const bits = readPositiveMpint(reader);
    if (bits < RSA_MIN_BITS || bits > RSA_MAX_BITS) throw new SshKeyError(`An RSA modulus has ${RSA_MIN_BITS} to ${RSA_MAX_BITS} bits.`);
  },
  'ecdsa-sha2-nistp256': ecPointReader('nistp256'),
  'ecdsa-sha2-nistp384': ecPointReader('nistp384'),
  'ecdsa-sha2-nistp521': ecPointReader('nistp521'),
  'sk-ssh-ed25519@openssh.com': (reader) => {
    readEd25519Key(reader);
    reader.text();
  },
  'sk-ecdsa-sha2-nistp256@openssh.com': (reader) => {
    readEcPoint(reader, 'nistp256');
    reader.text();
  },
};

export const SSH_KEY_TYPES = Object.keys(BLOB_READERS) as readonly SshKeyType[];

function isSshKeyType(name: string): name is SshKeyType {
  return Object.hasOwn(BLOB_READERS, name);
}

/**
 * The key a wire-encoded blob holds, checked to the last byte: the type it names must be one we
 * know (and `expectedType`, when the text around it named one) and its numbers well formed.
 */
export function parseSshPublicKeyBlob(blob: Uint8Array, comment = '', expectedType?: string): SshPublicKey {
  const reader = new SshReader(blob);
  const type = reader.text();
  if (!isSshKeyType(type)) throw new SshKeyError(`Unknown SSH key type: ${type.slice(0, 64)}.`);
  if (expectedType !== undefined && type !== expectedType) {
    throw new SshKeyError(`The key says ${expectedType} but holds a ${type} key.`);
  }
  BLOB_READERS[type](reader);
  reader.end();
  const owned = concatBytes(blob);
  // A comment read from a file could hold a line break, which would cut the line in two.
  const tidyComment = comment.replace(/[\r\n]+/g, ' ').trim();
  const line = `${type} ${bytesToBase64(owned)}${tidyComment === '' ? '' : ` ${tidyComment}`}`;
  return { type, blob: owned, comment: tidyComment, line };
}

// `type base64 [comment]` on one line; the comment may hold spaces.
const PUBLIC_KEY_LINE = /^(\S+)[ \t]+([A-Za-z0-9+/=]+)(?:[ \t]+([^\r\n]*))?$/;

/** One OpenSSH public key line, as `ssh-keygen` writes it to a .pub file. Throws SshKeyError. */
export function parseSshPublicKey(text: string): SshPublicKey {
  const match = PUBLIC_KEY_LINE.exec(text.trim());
  if (match === null) throw new SshKeyError('An SSH public key is one line: type, key and an optional comment.');
  const [, type = '', base64 = '', comment = ''] = match;
  if (!isSshKeyType(type)) throw new SshKeyError(`Unknown SSH key type: ${type.slice(0, 64)}.`);
  let blob: Uint8Array;
  try {
    blob = base64ToBytes(base64);
  } catch (cause) {
    throw new SshKeyError('The key is not valid base64.', { cause });
  }
  return parseSshPublicKeyBlob(blob, comment, type);
}

/** `SHA256:` and the unpadded base64 of SHA-256 of the key blob, as `ssh-keygen -lf` prints it. */
export async function sshFingerprint(key: SshPublicKey): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', key.blob));
  return `SHA256:${bytesToBase64(digest).replace(/=+$/, '')}`;
}

/** The wire blob of an Ed25519 public key. */
export function ed25519PublicKeyBlob(publicKey: Uint8Array): Uint8Array<ArrayBuffer> {
  return concatBytes(sshString('ssh-ed25519'), sshString(publicKey));
}
