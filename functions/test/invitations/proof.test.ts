import { describe, expect, it } from 'vitest';
import { inviteAcceptProof, inviteProofHash } from '../../../src/crypto/invite';
import { constantTimeEqual, hashOfProof, proofMatches } from '../../src/invitations/proof';
import { generateSharedSecret } from './fixtures';

// The server's check (node:crypto) against the browser's proof and hash (WebCrypto, src/crypto).

describe('the accept proof check', () => {
  it('accepts the proof of the secret whose hash the invitation stores', async () => {
    const secret = generateSharedSecret();
    const proof = await inviteAcceptProof(secret);
    const proofHash = await inviteProofHash(secret);
    expect(hashOfProof(proof)).toBe(proofHash);
    expect(proofMatches(proof, proofHash)).toBe(true);
  });

  it('refuses another secret’s proof, the secret itself, and an invitation without a hash', async () => {
    const secret = generateSharedSecret();
    const proofHash = await inviteProofHash(secret);
    expect(proofMatches(await inviteAcceptProof(generateSharedSecret()), proofHash)).toBe(false);
    expect(proofMatches(secret, proofHash)).toBe(false);
    expect(proofMatches(await inviteAcceptProof(secret), null)).toBe(false);
  });

  it('compares strings of any length without throwing', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});
