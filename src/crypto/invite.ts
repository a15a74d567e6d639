import { base64UrlToBytes, bytesToBase64Url, utf8Encode } from './encoding';
import { InvalidCiphertextError, InvalidKeyError } from './errors';
import { SHARED_SECRET_BYTES } from './parameters';

// The accept proof of an invitation link (docs/invitations.md). Holding the link's secret shows
// the invitee received the link, which stands in for a verified address: the server stores only
// proofHash and compares sha256(proof) with it when the invitee accepts. HMAC makes the proof
// one-way from the secret, so the server that sees the proof still cannot open the team key.

export const INVITE_ACCEPT_PROOF_LABEL = 'keyloft/invite-accept-proof/v1';

/** The bytes of an invitation link's secret; InvalidKeyError for anything but base64url of SHARED_SECRET_BYTES. */
export function inviteSecretBytes(secret: string): Uint8Array<ArrayBuffer> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = base64UrlToBytes(secret);
  } catch (cause) {
    if (cause instanceof InvalidCiphertextError) throw new InvalidKeyError('The invitation secret is malformed.', { cause });
    throw cause;
  }
  if (raw.length !== SHARED_SECRET_BYTES) {
    raw.fill(0);
    throw new InvalidKeyError(`The invitation secret must be ${SHARED_SECRET_BYTES} bytes.`);
  }
  return raw;
}

/** base64url(HMAC-SHA256(key = secret, INVITE_ACCEPT_PROOF_LABEL)): 43 characters. */
export async function inviteAcceptProof(secret: string): Promise<string> {
  const raw = inviteSecretBytes(secret);
  try {
    const key = await globalThis.crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const proof = await globalThis.crypto.subtle.sign('HMAC', key, utf8Encode(INVITE_ACCEPT_PROOF_LABEL));
    return bytesToBase64Url(new Uint8Array(proof));
  } finally {
    raw.fill(0);
  }
}

/** base64url(SHA-256(proof bytes)): what the invitation stores. */
export async function inviteProofHash(secret: string): Promise<string> {
  const proof = base64UrlToBytes(await inviteAcceptProof(secret));
  return bytesToBase64Url(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', proof)));
}
