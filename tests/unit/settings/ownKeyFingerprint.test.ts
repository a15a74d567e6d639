import { describe, expect, it } from 'vitest';
import { exportPublicKey, fingerprintOf, generateKeyPair } from '../../../src/crypto';
import { loadOwnKeyFingerprint, pairsWith } from '../../../src/features/settings/ownKeyFingerprint';

// Real RSA-OAEP key pairs on WebCrypto: the fingerprint is shown only for the published key that
// pairs with the tab's private key.

const published = (map: Record<string, string>) => ({ get: (uid: string) => Promise.resolve(map[uid] ?? null) });

describe('the own key fingerprint', () => {
  it("is the published key's fingerprint, as teammates see it, when that key pairs with the private key", async () => {
    const mine = await generateKeyPair();
    const spki = await exportPublicKey(mine.publicKey);
    const result = await loadOwnKeyFingerprint(published({ ana: spki }), 'ana', mine.privateKey);
    expect(result).toEqual({ kind: 'ok', fingerprint: await fingerprintOf(spki) });
    if (result.kind === 'ok') expect(result.fingerprint.shown).toMatch(/^([0-9a-f]{4} ){7}[0-9a-f]{4}$/);
  });

  it('is refused for a published key of another pair (a substituted key shows no fingerprint)', async () => {
    const [mine, theirs] = await Promise.all([generateKeyPair(), generateKeyPair()]);
    const substituted = await exportPublicKey(theirs.publicKey);
    expect(await pairsWith(substituted, mine.privateKey)).toBe(false);
    expect(await loadOwnKeyFingerprint(published({ ana: substituted }), 'ana', mine.privateKey)).toEqual({ kind: 'mismatch' });
  });

  it('says when nothing is published yet, and treats a malformed key as a mismatch', async () => {
    const mine = await generateKeyPair();
    expect(await loadOwnKeyFingerprint(published({}), 'ana', mine.privateKey)).toEqual({ kind: 'unpublished' });
    expect(await loadOwnKeyFingerprint(published({ ana: 'bm90IGEga2V5' }), 'ana', mine.privateKey)).toEqual({ kind: 'mismatch' });
  });
});
