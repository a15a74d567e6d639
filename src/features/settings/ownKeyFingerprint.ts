import { fingerprintOf, generateTeamKey, importPublicKey, unwrapTeamKey, wrapTeamKey, type Fingerprint, type PrivateKey } from '../../crypto';
import type { PublicKeyRepository } from '../../data/teams/storedTeams';

// The user's own key fingerprint, for Account Settings: what a teammate sees in 'Confirm New
// Member' before wrapping a team key for this user, and is asked to compare "over another
// channel". It is the fingerprint of the key teammates read (publicKeys/{uid}), shown only once
// this tab has proven that key belongs to the private key it holds: otherwise a substituted key on
// the server would show its own fingerprint here too, and the comparison would prove nothing.

export type OwnKeyFingerprint =
  | { readonly kind: 'ok'; readonly fingerprint: Fingerprint }
  /** Not published yet (it is published at the next unlock). */
  | { readonly kind: 'unpublished' }
  /** The published key does not open what is wrapped for it with this tab's private key. */
  | { readonly kind: 'mismatch' };

const SELF_CHECK = { teamId: 'keyloft-own-key-check', keyVersion: 1 } as const;

/** Whether `publicKey` pairs with `privateKey`: a fresh key wrapped for the one opens with the other. */
export async function pairsWith(publicKey: string, privateKey: PrivateKey): Promise<boolean> {
  try {
    const wrapped = await wrapTeamKey(await generateTeamKey(), await importPublicKey(publicKey), SELF_CHECK);
    await unwrapTeamKey(wrapped, privateKey, SELF_CHECK);
    return true;
  } catch {
    return false;
  }
}

export async function loadOwnKeyFingerprint(publicKeys: Pick<PublicKeyRepository, 'get'>, uid: string, privateKey: PrivateKey): Promise<OwnKeyFingerprint> {
  const published = await publicKeys.get(uid);
  if (published === null) return { kind: 'unpublished' };
  if (!(await pairsWith(published, privateKey))) return { kind: 'mismatch' };
  return { kind: 'ok', fingerprint: await fingerprintOf(published) };
}
