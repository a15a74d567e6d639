import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  INVITE_ACCEPT_PROOF_LABEL,
  InvalidKeyError,
  base64UrlToBytes,
  bytesToBase64Url,
  generateSharedSecret,
  inviteAcceptProof,
  inviteProofHash,
} from '../../../src/crypto';

// Known answers come from node:crypto, independently of WebCrypto.
function nodeProof(secret: string): Buffer {
  return createHmac('sha256', Buffer.from(base64UrlToBytes(secret))).update(INVITE_ACCEPT_PROOF_LABEL).digest();
}

describe('the invitation accept proof', () => {
  it('is HMAC-SHA256 of the fixed label under the secret, base64url', async () => {
    const secret = bytesToBase64Url(new Uint8Array(32).map((_, i) => i));
    expect(await inviteAcceptProof(secret)).toBe(nodeProof(secret).toString('base64url'));
    expect(await inviteAcceptProof(secret)).toHaveLength(43);
  });

  it('stores only SHA-256 of the proof, which differs from the proof and the secret', async () => {
    const secret = generateSharedSecret();
    const hash = await inviteProofHash(secret);
    expect(hash).toBe(createHash('sha256').update(nodeProof(secret)).digest('base64url'));
    expect(hash).not.toBe(secret);
    expect(hash).not.toBe(await inviteAcceptProof(secret));
  });

  it('differs for every secret', async () => {
    const proofs = new Set(await Promise.all([1, 2, 3].map(() => inviteAcceptProof(generateSharedSecret()))));
    expect(proofs.size).toBe(3);
  });

  it('refuses a malformed or short secret', async () => {
    await expect(inviteAcceptProof('not a secret!')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(inviteAcceptProof(bytesToBase64Url(new Uint8Array(16)))).rejects.toBeInstanceOf(InvalidKeyError);
  });
});
