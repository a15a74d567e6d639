import { createHash, timingSafeEqual } from 'node:crypto';

// The accept proof check of docs/invitations.md: base64url(sha256(base64url-decode(proof))) must be
// the invitation's proofHash, compared in constant time. Pure.

/** Two strings, compared in constant time (their lengths are not secret: a digest's is fixed). */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** base64url(SHA-256(the proof's bytes)). */
export function hashOfProof(proof: string): string {
  return createHash('sha256').update(Buffer.from(proof, 'base64url')).digest('base64url');
}

/** Whether `proof` (43 base64url characters, checked by validate.ts) hashes to `proofHash`. */
export function proofMatches(proof: string, proofHash: string | null): boolean {
  return proofHash !== null && constantTimeEqual(hashOfProof(proof), proofHash);
}
