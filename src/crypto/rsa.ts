import { teamKeyLabel, type TeamKeyBinding } from './contexts';
import { base64ToBytes, bytesToBase64, toBufferSource, utf8Encode } from './encoding';
import { CryptoError, DecryptionError, InvalidKeyError } from './errors';
import { gcmUnwrapAesKey, gcmWrapKey, requireAes256 } from './gcm';
import { assertKeyKind, tagKey } from './keys';
import type { InviteKey, PrivateKey, PublicKey, TeamKey } from './keys';
import { AES_KEY_BITS, RSA_HASH, RSA_MODULUS_BITS, RSA_PUBLIC_EXPONENT } from './parameters';
import { sealedAs, type Binding, type Sealed } from './sealed';

// User key pairs (RSA-OAEP-2048/SHA-256) and the ways a team key travels to a member: wrapped
// with the member's public key, or with an invitation link's secret.

const RSA_IMPORT: RsaHashedImportParams = { name: 'RSA-OAEP', hash: RSA_HASH };
const PUBLIC_EXPONENT = new Uint8Array([(RSA_PUBLIC_EXPONENT >> 16) & 0xff, (RSA_PUBLIC_EXPONENT >> 8) & 0xff, RSA_PUBLIC_EXPONENT & 0xff]);
// Team keys stay extractable: owners and admins must re-wrap them for each new member.
const TEAM_KEY_USAGES: KeyUsage[] = ['encrypt', 'decrypt'];

export type GeneratedKeyPair = {
  publicKey: PublicKey;
  /** Non-extractable. */
  privateKey: PrivateKey;
  /** The only copy of the private key in the clear, for encryption under the vault key. Zero it once stored. */
  privateKeyPkcs8: Uint8Array<ArrayBuffer>;
};

export async function generateKeyPair(): Promise<GeneratedKeyPair> {
  const subtle = globalThis.crypto.subtle;
  // Generated extractable only so the PKCS#8 can be exported once; the key handed out is re-imported
  // non-extractable, so a script in the page cannot export it later.
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: RSA_MODULUS_BITS, publicExponent: PUBLIC_EXPONENT, hash: RSA_HASH },
    true,
    ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
  );
  const privateKeyPkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', pair.privateKey));
  return {
    publicKey: tagKey('public', pair.publicKey),
    privateKey: await importPrivateKey(privateKeyPkcs8),
    privateKeyPkcs8,
  };
}

/** Base64 of the SPKI DER encoding. */
export async function exportPublicKey(publicKey: PublicKey): Promise<string> {
  assertKeyKind(publicKey, 'public');
  return bytesToBase64(new Uint8Array(await globalThis.crypto.subtle.exportKey('spki', publicKey.key)));
}

/** A public key comes from the server; refuse anything but RSA of at least our modulus size with e = 65537. */
export async function importPublicKey(spkiBase64: string): Promise<PublicKey> {
  let key: CryptoKey;
  try {
    key = await globalThis.crypto.subtle.importKey('spki', base64ToBytes(spkiBase64), RSA_IMPORT, true, ['encrypt', 'wrapKey']);
  } catch (cause) {
    throw new InvalidKeyError('The public key is malformed.', { cause });
  }
  requireStrongRsa(key);
  return tagKey('public', key);
}

/** Non-extractable, usable only to unwrap team keys and decrypt. */
export async function importPrivateKey(pkcs8: Uint8Array): Promise<PrivateKey> {
  let key: CryptoKey;
  try {
    key = await globalThis.crypto.subtle.importKey('pkcs8', toBufferSource(pkcs8), RSA_IMPORT, false, ['decrypt', 'unwrapKey']);
  } catch (cause) {
    throw new InvalidKeyError('The private key is malformed.', { cause });
  }
  requireStrongRsa(key);
  return tagKey('private', key);
}

export async function generateTeamKey(): Promise<TeamKey> {
  const key = await globalThis.crypto.subtle.generateKey({ name: 'AES-GCM', length: AES_KEY_BITS }, true, TEAM_KEY_USAGES);
  return tagKey('team', key);
}

/**
 * RSA-OAEP wrap of the raw team key, base64: what Team.members[uid].encryptedTeamKey holds. The
 * OAEP label names the team and key version, so a wrap moved to another team (or passed off as
 * another version) fails to open.
 */
export async function wrapTeamKey(team: TeamKey, recipient: PublicKey, binding: TeamKeyBinding): Promise<Sealed<'team-key-wrap'>> {
  assertKeyKind(team, 'team');
  assertKeyKind(recipient, 'public');
  const params: RsaOaepParams = { name: 'RSA-OAEP', label: utf8Encode(teamKeyLabel(binding)) };
  const wrapped = await globalThis.crypto.subtle.wrapKey('raw', team.key, recipient.key, params);
  return sealedAs(bytesToBase64(new Uint8Array(wrapped)));
}

export async function unwrapTeamKey(wrapped: Sealed<'team-key-wrap'>, own: PrivateKey, binding: TeamKeyBinding): Promise<TeamKey> {
  assertKeyKind(own, 'private');
  const params: RsaOaepParams = { name: 'RSA-OAEP', label: utf8Encode(teamKeyLabel(binding)) };
  const bytes = base64ToBytes(wrapped);
  let key: CryptoKey;
  try {
    key = await globalThis.crypto.subtle.unwrapKey(
      'raw',
      bytes,
      own.key,
      params,
      { name: 'AES-GCM', length: AES_KEY_BITS },
      true,
      TEAM_KEY_USAGES,
    );
  } catch (cause) {
    throw new DecryptionError({ cause });
  }
  return tagKey('team', requireAes256(key));
}

/**
 * AES-GCM wrap of the team key under the invitation secret, base64(IV ‖ wrapped ‖ tag). `context`
 * (use inviteTeamKeyContext(inviteId)) binds it to its invitation.
 */
export async function wrapTeamKeyWithInvite(team: TeamKey, invite: InviteKey, context: Binding<'invite-team-key'>): Promise<Sealed<'invite-team-key'>> {
  assertKeyKind(team, 'team');
  assertKeyKind(invite, 'invite');
  requireContext(context);
  return sealedAs(bytesToBase64(await gcmWrapKey(team.key, invite.key, context)));
}

export async function unwrapTeamKeyWithInvite(wrapped: Sealed<'invite-team-key'>, invite: InviteKey, context: Binding<'invite-team-key'>): Promise<TeamKey> {
  assertKeyKind(invite, 'invite');
  requireContext(context);
  return tagKey('team', await gcmUnwrapAesKey(base64ToBytes(wrapped), invite.key, context, true));
}

function requireContext(context: string): void {
  if (typeof context !== 'string' || context.length === 0) {
    throw new CryptoError('An invitation context is required.');
  }
}

function requireStrongRsa(key: CryptoKey): void {
  const { algorithm } = key;
  if (!('modulusLength' in algorithm) || !('publicExponent' in algorithm)) {
    throw new InvalidKeyError('The key is not an RSA key.');
  }
  const { modulusLength, publicExponent } = algorithm;
  if (typeof modulusLength !== 'number' || modulusLength < RSA_MODULUS_BITS) {
    throw new InvalidKeyError(`RSA keys must have at least ${RSA_MODULUS_BITS} bits.`);
  }
  if (!isUint8Array(publicExponent) || exponentValue(publicExponent) !== RSA_PUBLIC_EXPONENT) {
    throw new InvalidKeyError('Unsupported RSA public exponent.');
  }
}

// Realm-independent: WebCrypto may hand back a Uint8Array of another realm (a worker, or Node's
// under a jsdom test environment), which `instanceof` would reject.
function isUint8Array(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]';
}

function exponentValue(bytes: Uint8Array): number {
  return bytes.reduce((value, byte) => value * 256 + byte, 0);
}
