import type { PasskeyRepository, StoredPasskey } from '../../src/data/passkeys/storedPasskeys';

/** users/{uid}/passkeys in memory, with the Firestore repository's behaviour (the shared contract suite holds both to it). */
export class MemoryPasskeyRepository implements PasskeyRepository {
  private readonly byUser = new Map<string, Map<string, StoredPasskey>>();

  private of(uid: string): Map<string, StoredPasskey> {
    let passkeys = this.byUser.get(uid);
    if (passkeys === undefined) {
      passkeys = new Map();
      this.byUser.set(uid, passkeys);
    }
    return passkeys;
  }

  list(uid: string): Promise<readonly StoredPasskey[]> {
    return Promise.resolve([...this.of(uid).values()].sort((a, b) => a.createdAt - b.createdAt));
  }

  add(uid: string, passkey: StoredPasskey): Promise<void> {
    const passkeys = this.of(uid);
    if (passkeys.has(passkey.credentialId)) return Promise.reject(new Error(`The passkey ${passkey.credentialId} is already registered`));
    passkeys.set(passkey.credentialId, { ...passkey });
    return Promise.resolve();
  }

  markUsed(uid: string, credentialId: string, at: number): Promise<void> {
    const existing = this.of(uid).get(credentialId);
    if (existing === undefined) return Promise.reject(new Error(`No passkey ${credentialId}`));
    this.of(uid).set(credentialId, { ...existing, lastUsedAt: at });
    return Promise.resolve();
  }

  remove(uid: string, credentialId: string): Promise<void> {
    this.of(uid).delete(credentialId);
    return Promise.resolve();
  }
}
