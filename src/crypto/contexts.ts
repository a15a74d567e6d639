import { CryptoError } from './errors';
import { bindingAs, type Binding } from './sealed';

// AES-GCM additional data: each ciphertext is bound to the one place it may live, so a server
// that moves a ciphertext to another entry, field, invitation, team or key version is caught by the
// tag check (or, for RSA-OAEP, the label).
// Every string is versioned ("v1") so the scheme can change without ambiguity. See docs/crypto.md.

export const VAULT_KEY_CONTEXT = bindingAs<'vault-key'>('keyloft/vault-key/v1');
export const MASTER_PASSWORD_TEST_CONTEXT = bindingAs<'master-password-test'>('keyloft/master-password-test/v1');
export const PRIVATE_KEY_CONTEXT = bindingAs<'private-key'>('keyloft/private-key/v1');

/**
 * HKDF-SHA256 from a passkey's PRF output to the AES-256-GCM key that wraps the vault key
 * (passkeyUnlock.ts): a fixed salt and info naming passkey unlock, versioned.
 */
export const PASSKEY_HKDF_SALT = 'keyloft/passkey-unlock/hkdf-salt/v1';
export const PASSKEY_HKDF_INFO = 'keyloft/passkey-unlock/v1/vault-key-wrap';

/**
 * Additional data of the vault key wrapped under one passkey's PRF key (docs/crypto.md, "Unlock
 * with a passkey"): names the credential, so a wrap moved to another passkey's record fails.
 * Credential ids are base64url, which has no '/'.
 */
export function passkeyVaultKeyContext(credentialId: string): Binding<'passkey-vault-key'> {
  requireSegment(credentialId, 'credential id');
  return bindingAs(`keyloft/passkey-vault-key/v1/${credentialId}`);
}

export type EntryField = 'username' | 'password';
// Checked at runtime as well: a field name from untyped code must not create a new context.
const ENTRY_FIELDS: ReadonlySet<string> = new Set<EntryField>(['username', 'password']);

/**
 * The entry id must exist before the first encryption (create the document id client-side).
 * The field is the last segment and never contains '/', so the string maps back to one
 * (entryId, field) pair even if an id contained '/'.
 */
export function entryFieldContext(entryId: string, field: EntryField): Binding<'entry-field'> {
  requireId(entryId, 'entry id');
  if (!ENTRY_FIELDS.has(field)) {
    throw new CryptoError(`Unknown encrypted field: ${field}.`);
  }
  return bindingAs(`keyloft/entry/v1/${entryId}/${field}`);
}

/** Additional data for a team key carried by an invitation link. */
export function inviteTeamKeyContext(inviteId: string): Binding<'invite-team-key'> {
  requireId(inviteId, 'invitation id');
  return bindingAs(`keyloft/invite-team-key/v1/${inviteId}`);
}

/** Which team key a wrapped copy is: the team and the key's version (1, then +1 per rotation). */
export interface TeamKeyBinding {
  readonly teamId: string;
  readonly keyVersion: number;
}

/** RSA-OAEP label of a team key wrapped for a member. */
export function teamKeyLabel({ teamId, keyVersion }: TeamKeyBinding): string {
  requireId(teamId, 'team id');
  requireVersion(keyVersion);
  return `keyloft/team-key/v1/${teamId}/${keyVersion}`;
}

/**
 * Additional data of the previous team key sealed under the current one during a rotation: names
 * the team and the version of the key inside, so one step of the chain cannot stand for another.
 */
export function previousTeamKeyContext({ teamId, keyVersion }: TeamKeyBinding): Binding<'previous-team-key'> {
  requireId(teamId, 'team id');
  requireVersion(keyVersion);
  return bindingAs(`keyloft/previous-team-key/v1/${teamId}/${keyVersion}`);
}

/**
 * The message a team key's check value authenticates (teamKeyCheck): names the team and the key's
 * version, so a check published for one key cannot vouch for another team's or another version.
 */
export function teamKeyCheckLabel({ teamId, keyVersion }: TeamKeyBinding): string {
  requireId(teamId, 'team id');
  requireVersion(keyVersion);
  return `keyloft/team-key-check/v1/${teamId}/${keyVersion}`;
}

/** Additional data of the teammates' key fingerprints a user remembers, under their vault key (the first, single-document format). */
export const KNOWN_KEYS_CONTEXT = bindingAs<'known-keys'>('keyloft/known-public-keys/v1');

/**
 * Additional data of one remembered teammate fingerprint (knownKeys/{owner}/teammates/{teammate}),
 * under the owner's vault key: names both, so the server cannot move one teammate's record to
 * another, or one user's to another's.
 */
export function knownKeyContext(ownerUid: string, teammateUid: string): Binding<'known-key'> {
  requireSegment(ownerUid, 'owner id');
  requireSegment(teammateUid, 'teammate id');
  return bindingAs(`keyloft/known-public-key/v1/${ownerUid}/${teammateUid}`);
}

/**
 * The message a team member-key check authenticates (memberKeyCheck): the fingerprint some key
 * holder confirmed for `memberUid`, bound to the team and key version, so a check cannot be moved
 * to another member, team or version, nor vouch for another key.
 */
export function memberKeyLabel({ teamId, keyVersion }: TeamKeyBinding, memberUid: string, fingerprint: string): string {
  requireSegment(teamId, 'team id');
  requireVersion(keyVersion);
  requireSegment(memberUid, 'member id');
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) throw new CryptoError('Not a key fingerprint.');
  return `keyloft/member-key/v1/${teamId}/${keyVersion}/${memberUid}/${fingerprint}`;
}

/** An id inside a '/'-separated label: present and without '/', so the label maps back to one tuple. */
function requireSegment(id: string, what: string): void {
  requireId(id, what);
  if (id.includes('/')) throw new CryptoError(`An ${what} cannot contain '/'.`);
}

function requireVersion(version: number): void {
  if (!Number.isSafeInteger(version) || version < 1) {
    throw new CryptoError('A team key version is a whole number from 1.');
  }
}

function requireId(id: string, what: string): void {
  if (typeof id !== 'string' || id.length === 0) {
    throw new CryptoError(`An ${what} is required to bind the ciphertext.`);
  }
}
