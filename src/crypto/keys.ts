import { KeyTypeError } from './errors';

// Tagged wrappers make the key hierarchy a type error to violate: a TeamKey cannot be handed to a
// function that wants a VaultKey. The runtime checks catch what the types cannot (plain JS
// callers, values that went through `unknown`).

export type KeyKind = 'master' | 'vault' | 'team' | 'invite' | 'public' | 'private';

type TypedKey<K extends KeyKind> = { readonly kind: K; readonly key: CryptoKey };

/** Derived from the master password. Only wraps the vault key and encrypts the check value. */
export type MasterKey = TypedKey<'master'>;
/** Random per user. Encrypts personal entries and the private key. */
export type VaultKey = TypedKey<'vault'>;
/** Random per team. Encrypts the team's entries. */
export type TeamKey = TypedKey<'team'>;
/** Made from the invitation link's shared secret. Only carries a team key to an invitee. */
export type InviteKey = TypedKey<'invite'>;
export type PublicKey = TypedKey<'public'>;
export type PrivateKey = TypedKey<'private'>;

/** Keys that encrypt entries. */
export type SymmetricDataKey = VaultKey | TeamKey;

// Distributes over a union of kinds, so ('vault' | 'team') gives VaultKey | TeamKey.
type KeyOfKind<K extends KeyKind> = K extends KeyKind ? TypedKey<K> : never;

const EXPECTED: Record<KeyKind, { algorithm: string; type: KeyType }> = {
  master: { algorithm: 'AES-GCM', type: 'secret' },
  vault: { algorithm: 'AES-GCM', type: 'secret' },
  team: { algorithm: 'AES-GCM', type: 'secret' },
  invite: { algorithm: 'AES-GCM', type: 'secret' },
  public: { algorithm: 'RSA-OAEP', type: 'public' },
  private: { algorithm: 'RSA-OAEP', type: 'private' },
};

/** Internal: the only place a typed key is made. Frozen so a holder cannot relabel it. */
export function tagKey<K extends KeyKind>(kind: K, key: CryptoKey): TypedKey<K> {
  return Object.freeze({ kind, key });
}

export function assertKeyKind<K extends KeyKind>(value: unknown, ...kinds: K[]): asserts value is KeyOfKind<K> {
  const wanted = kinds.join(' or ');
  if (typeof value !== 'object' || value === null || !('kind' in value) || !('key' in value)) {
    throw new KeyTypeError(`Expected a ${wanted} key.`);
  }
  const { kind, key } = value;
  const matched = kinds.find((k) => k === kind);
  if (matched === undefined) {
    throw new KeyTypeError(`Expected a ${wanted} key, got ${String(kind)}.`);
  }
  const expected = EXPECTED[matched];
  if (!isCryptoKey(key) || key.algorithm.name !== expected.algorithm || key.type !== expected.type) {
    throw new KeyTypeError(`The ${matched} key does not hold a ${expected.type} ${expected.algorithm} key.`);
  }
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return (
    typeof value === 'object' &&
    value !== null &&
    'algorithm' in value &&
    'type' in value &&
    typeof value.algorithm === 'object' &&
    value.algorithm !== null &&
    'name' in value.algorithm
  );
}
