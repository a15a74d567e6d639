import { base64UrlToBytes, bytesToBase64Url, utf8Encode } from './encoding';
import { inviteSecretBytes } from './random';

// The accept proof of an invitation link (docs/invitations.md). Holding the link's secret shows
// the invitee received the link, which stands in for a verified address: the server stores only
// proofHash and compares sha256(proof) with it when the invitee accepts. HMAC makes the proof
// one-way from the secret, so the server that sees the proof still cannot open the team key.

export const INVITE_ACCEPT_PROOF_LABEL = 'keyloft/invite-accept-proof/v1';

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
