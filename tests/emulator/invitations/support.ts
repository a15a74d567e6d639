// Invitation helpers over the team callable tests' set-up (../teams/support.ts): invitations made
// through the callable, keys attached as the owner's browser would (here with firebase-admin: the
// rules are another tier's concern), and the documents read back.
import { generateSharedSecret, inviteAcceptProof, inviteProofHash } from '../../../src/crypto';
import type { StoredInvitation } from '../../../src/data/invitations/storedInvitations';
import { db, wrappedKey, type TestUser } from '../teams/support';

// The team tests' members join by invitation too, so `invite` lives with them.
export { invite } from '../teams/support';

export const invitationRef = (inviteId: string) => db().collection('invitations').doc(inviteId);

export async function invitationDoc(inviteId: string): Promise<StoredInvitation | undefined> {
  return (await invitationRef(inviteId).get()).data() as StoredInvitation | undefined;
}

/** An account's invitation: the team key wrapped for it (a random wrap: the server never opens it). */
export async function attachAccountKey(inviteId: string, keyVersion = 1): Promise<string> {
  const encryptedTeamKey = wrappedKey();
  await invitationRef(inviteId).update({ encryptedTeamKey, keyVersion });
  return encryptedTeamKey;
}

/** An invitation without an account: a fresh link secret, its proof, and the proof's hash stored. */
export async function attachSecretKey(inviteId: string, keyVersion = 1): Promise<{ secret: string; proof: string }> {
  const secret = generateSharedSecret();
  await invitationRef(inviteId).update({
    encryptedTeamKeyWithSecret: Buffer.from(crypto.getRandomValues(new Uint8Array(60))).toString('base64'),
    keyVersion,
    proofHash: await inviteProofHash(secret),
  });
  return { secret, proof: await inviteAcceptProof(secret) };
}

/** What the accept page stores after opening the link's key: the key wrapped for the user. */
export async function storePendingKey(user: TestUser, inviteId: string): Promise<string> {
  const key = wrappedKey();
  await db().collection('users').doc(user.uid).update({ [`pendingTeamKeys.${inviteId}`]: key, updatedAt: Date.now() });
  return key;
}

export async function expire(inviteId: string): Promise<void> {
  await invitationRef(inviteId).update({ expiresAt: Date.now() - 1000 });
}

/**
 * Every document in the Firestore emulator, subcollections included, as the text of one kindless
 * all-descendants query: for "is this value stored anywhere?".
 */
export async function everyDocumentText(): Promise<string> {
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const response = await fetch(`http://${host}/v1/projects/demo-keyloft/databases/(default)/documents:runQuery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ structuredQuery: { from: [{ allDescendants: true }] } }),
  });
  if (!response.ok) throw new Error(`runQuery: ${String(response.status)}`);
  return response.text();
}
