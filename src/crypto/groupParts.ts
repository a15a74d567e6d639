import { base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from './encoding';
import { CryptoError, InvalidCiphertextError } from './errors';
import { gcmOpen, gcmSeal } from './gcm';
import { assertKeyKind, type SymmetricDataKey } from './keys';
import { bindingAs, sealedAs, type Binding, type Sealed } from './sealed';

// Sealed groups (issue #18, docs/crypto.md "Sealed groups"): a group's name and description are one
// AES-256-GCM part under the vault key or the team key of the group's key version. The list needs
// both, so there is one part, not two. Its additional data names the group, the format, the key
// version and the part, in the style of entryPartContext, so the server cannot move a sealed name
// to another group, pass it off as an entry's part (another prefix), replay one sealed under an
// older team key as current, or present it as another format.

/** The stored format of a sealed group (format 1: today's clear name and description). */
export const SEALED_GROUP_FORMAT = 2;

/** The one part of a sealed group. Named in the additional data so a later second part cannot be swapped with it. */
const GROUP_PART = 'overview';

export interface GroupPartBinding {
  readonly groupId: string;
  /** null for a personal group (the vault key); else the team key version it is sealed under. */
  readonly keyVersion: number | null;
  readonly format: number;
}

export interface GroupOverview {
  readonly name: string;
  readonly description: string | null;
}

/** Additional data of the part: `keyloft/group-part/v1/{groupId}/{format}/{vault | team-N}/overview`. */
export function groupPartContext({ groupId, keyVersion, format }: GroupPartBinding): Binding<'group-overview'> {
  if (typeof groupId !== 'string' || groupId.length === 0 || groupId.includes('/')) {
    throw new CryptoError('A group id without "/" is required to bind the ciphertext.');
  }
  if (!Number.isSafeInteger(format) || format < SEALED_GROUP_FORMAT) throw new CryptoError('Not a sealed group format.');
  if (keyVersion !== null && (!Number.isSafeInteger(keyVersion) || keyVersion < 1)) {
    throw new CryptoError('A team key version is a whole number from 1.');
  }
  const key = keyVersion === null ? 'vault' : `team-${keyVersion}`;
  return bindingAs(`keyloft/group-part/v1/${groupId}/${format}/${key}/${GROUP_PART}`);
}

export async function sealGroupOverview(key: SymmetricDataKey, binding: GroupPartBinding, overview: GroupOverview): Promise<Sealed<'group-overview'>> {
  assertKeyKind(key, 'vault', 'team');
  const plain = JSON.stringify({ name: overview.name, description: overview.description });
  return sealedAs(bytesToBase64(await gcmSeal(key.key, utf8Encode(plain), groupPartContext(binding))));
}

/** DecryptionError for a wrong key or binding; InvalidCiphertextError for a part of the wrong shape. */
export async function openGroupOverview(key: SymmetricDataKey, binding: GroupPartBinding, sealed: Sealed<'group-overview'>): Promise<GroupOverview> {
  assertKeyKind(key, 'vault', 'team');
  const context = groupPartContext(binding);
  const plain = utf8Decode(await gcmOpen(key.key, base64ToBytes(sealed), context));
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch (cause) {
    throw new InvalidCiphertextError('The sealed group is not well formed.', { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidCiphertextError('The sealed group is not well formed.');
  const { name, description } = value as Record<string, unknown>;
  if (typeof name !== 'string') throw new InvalidCiphertextError('The sealed group has no name.');
  if (description !== null && description !== undefined && typeof description !== 'string') {
    throw new InvalidCiphertextError('The sealed group has a description that is not text.');
  }
  return { name, description: description ?? null };
}
