import { base64ToBytes, concatBytes, utf8Encode } from './encoding';
import { parseSshPublicKeyBlob, type SshKeyType, type SshPublicKey } from './sshKeys';
import { SshKeyError, SshReader, sshString } from './sshWire';

// Private key files as people paste them into an SSH key item (issue #44): recognised, said to be
// passphrase-protected or not, and, for OpenSSH's own format, read for the public key they carry,
// so the item fills in the public key and its fingerprint by itself. Nothing here decrypts a key
// or needs one: the key text stays what the user pasted, sealed in the item.

export type SshPrivateKeyFormat = 'openssh' | 'pkcs8' | 'pkcs1-rsa' | 'sec1-ec';

export interface SshPrivateKeyInfo {
  readonly format: SshPrivateKeyFormat;
  /** Protected by a passphrase: the key cannot be used without it. */
  readonly encrypted: boolean;
  /**
   * The public key the file holds, with its comment when the file is not encrypted. OpenSSH's
   * format keeps the public key outside the encrypted part, so an encrypted file has it too
   * (without the comment, which is inside). Null for the other formats: deriving it would mean
   * decoding ASN.1 and doing the curve arithmetic, which `ssh-keygen -y` does.
   */
  readonly publicKey: SshPublicKey | null;
}

/** The PEM labels of private key files, and the format each means. */
const PEM_LABELS: Readonly<Record<string, SshPrivateKeyFormat>> = {
  'OPENSSH PRIVATE KEY': 'openssh',
  'PRIVATE KEY': 'pkcs8',
  'ENCRYPTED PRIVATE KEY': 'pkcs8',
  'RSA PRIVATE KEY': 'pkcs1-rsa',
  'EC PRIVATE KEY': 'sec1-ec',
};

const PEM = /^-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)\r?\n-----END \1-----$/;
// RFC 1421 headers of OpenSSL's legacy encrypted PEM ("Proc-Type: 4,ENCRYPTED", "DEK-Info: …").
const PEM_HEADER = /^[A-Za-z-]+:/;
const AUTH_MAGIC = utf8Encode('openssh-key-v1\0');
// OpenSSH's cipher "none" pads the private list to 8 bytes (PROTOCOL.key §3).
const UNENCRYPTED_BLOCK = 8;

interface Pem {
  readonly label: string;
  readonly headers: readonly string[];
  readonly der: Uint8Array;
}

function readPem(text: string): Pem {
  const match = PEM.exec(text.trim());
  if (match === null) throw new SshKeyError('Not a private key file: it starts with "-----BEGIN … PRIVATE KEY-----".');
  const [, label = '', body = ''] = match;
  const lines = body.split(/\r?\n/).map((line) => line.trim());
  const headers = lines.filter((line) => PEM_HEADER.test(line));
  const base64 = lines.filter((line) => line !== '' && !PEM_HEADER.test(line)).join('');
  try {
    return { label, headers, der: base64ToBytes(base64) };
  } catch (cause) {
    throw new SshKeyError('The private key file is damaged: its body is not base64.', { cause });
  }
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && startsWith(a, b);
}

function readEcdsaKey(reader: SshReader): Uint8Array[] {
  const fields = [reader.string(), reader.string()]; // curve, point
  reader.string(); // the private scalar
  return fields;
}

/**
 * Reads one key of the private list and gives back the public blob its fields spell
 * (OpenSSH sshkey_private_serialize: each type's public fields, then its private ones).
 */
const PRIVATE_READERS: Readonly<Record<SshKeyType, (reader: SshReader) => Uint8Array[]>> = {
  'ssh-ed25519': (reader) => {
    const publicKey = reader.string();
    const secret = reader.string();
    // The 64-byte secret is seed ‖ public key: a file whose halves disagree is damaged.
    if (secret.length !== 64 || !sameBytes(secret.subarray(32), publicKey)) throw new SshKeyError('The Ed25519 private key is damaged.');
    return [publicKey];
  },
  'ssh-rsa': (reader) => {
    const [modulus, exponent] = [reader.string(), reader.string()];
    for (let field = 0; field < 4; field += 1) reader.string(); // d, iqmp, p, q
    return [exponent, modulus];
  },
  'ecdsa-sha2-nistp256': readEcdsaKey,
  'ecdsa-sha2-nistp384': readEcdsaKey,
  'ecdsa-sha2-nistp521': readEcdsaKey,
  'sk-ssh-ed25519@openssh.com': (reader) => {
    const fields = [reader.string(), reader.string()]; // public key, application
    readSecurityKeyHandle(reader);
    return fields;
  },
  'sk-ecdsa-sha2-nistp256@openssh.com': (reader) => {
    const fields = [reader.string(), reader.string(), reader.string()]; // curve, point, application
    readSecurityKeyHandle(reader);
    return fields;
  },
};

/** A security key's flags, key handle and reserved string: secrets of the token, not of the file. */
function readSecurityKeyHandle(reader: SshReader): void {
  reader.byte();
  reader.string();
  reader.string();
}

/** The unencrypted private list: check ints, one key, its comment, padding 1, 2, 3, … */
function readPrivateList(list: Uint8Array, publicKey: SshPublicKey): SshPublicKey {
  if (list.length % UNENCRYPTED_BLOCK !== 0) throw new SshKeyError('The private key file is damaged: its private part is not padded.');
  const reader = new SshReader(list);
  if (reader.uint32() !== reader.uint32()) throw new SshKeyError('The private key file is damaged: its check numbers differ.');
  const type = reader.text();
  if (type !== publicKey.type) throw new SshKeyError('The private key is of another type than the public key in its file.');
  const blob = concatBytes(sshString(type), ...PRIVATE_READERS[publicKey.type](reader).map((field) => sshString(field)));
  if (!sameBytes(blob, publicKey.blob)) throw new SshKeyError('The private key does not match the public key in its file.');
  const comment = reader.text();
  for (let pad = 1; !reader.done; pad += 1) {
    if (reader.byte() !== pad) throw new SshKeyError('The private key file is damaged: its padding is wrong.');
  }
  return parseSshPublicKeyBlob(publicKey.blob, comment);
}

/** OpenSSH's "openssh-key-v1" file (OpenSSH PROTOCOL.key). */
function readOpenSshKey(der: Uint8Array): SshPrivateKeyInfo {
  if (!startsWith(der, AUTH_MAGIC)) throw new SshKeyError('Not an OpenSSH private key: it lacks "openssh-key-v1".');
  const reader = new SshReader(der.subarray(AUTH_MAGIC.length));
  const cipher = reader.text();
  const kdf = reader.text();
  const kdfOptions = reader.string();
  // OpenSSH writes, and reads, exactly one key per file.
  if (reader.uint32() !== 1) throw new SshKeyError('The private key file holds more than one key.');
  const publicKey = parseSshPublicKeyBlob(reader.string());
  const list = reader.string();
  reader.end();
  if (cipher !== 'none') return { format: 'openssh', encrypted: true, publicKey };
  if (kdf !== 'none' || kdfOptions.length !== 0) throw new SshKeyError('The private key file is damaged: no cipher, yet a key derivation.');
  return { format: 'openssh', encrypted: false, publicKey: readPrivateList(list, publicKey) };
}

/**
 * What a pasted private key file is. Throws SshKeyError for text that is not one, or an OpenSSH
 * file that does not hold together.
 */
export function readSshPrivateKey(text: string): SshPrivateKeyInfo {
  const pem = readPem(text);
  const format = PEM_LABELS[pem.label];
  if (format === undefined) throw new SshKeyError(`Not a private key file: "${pem.label.slice(0, 40)}".`);
  if (format === 'openssh') return readOpenSshKey(pem.der);
  const encrypted = pem.label === 'ENCRYPTED PRIVATE KEY' || pem.headers.some((header) => /^Proc-Type:\s*4,\s*ENCRYPTED$/i.test(header));
  // Each of these is a DER SEQUENCE; encrypted legacy PEM is ciphertext and has no shape to check.
  if (!(encrypted && pem.headers.length > 0) && pem.der[0] !== 0x30) throw new SshKeyError('The private key file is damaged.');
  return { format, encrypted, publicKey: null };
}

/** True for text that reads as a private key file (of any format above). */
export function isSshPrivateKey(text: string): boolean {
  try {
    readSshPrivateKey(text);
    return true;
  } catch (error) {
    if (error instanceof SshKeyError) return false;
    throw error;
  }
}
