import { SEALED_GROUP_FORMAT, openGroupOverview, sealGroupOverview } from '../../../crypto';
import {
  FIRST_REVISION,
  GoneError,
  PLAIN_GROUP_FIELDS,
  RevisionConflictError,
  WriteRefusedError,
  isSealedGroup,
  type GroupChanges,
  type Listing,
  type MalformedDocument,
  type StoredGroup,
  type WithId,
} from '../../../data/vault/storedEntries';
import type { Group, GroupDraft } from '../model';
import { CONFLICT_MESSAGES, DECRYPT_FAILED_MESSAGE, GroupConflictError, VaultGoneError } from '../vaultErrors';
import { groupBinding, isTeamVault, keyFor, writeKey, type VaultDeps } from './vaultDeps';
import { guarded, translated } from './writeGuard';

// The scope's groups (SPEC.md §2): read in both formats, written sealed like entries (unless a
// test asks for format 1); a sealed group always stays sealed. Team groups follow the password
// permissions: whoever may create, edit or delete passwords may do the same to groups (the rules
// agree), and a refusal uses the same §6 words.

/**
 * A stored group as the screens show it: a format-1 group as stored, a sealed one opened (one
 * decryption). One that does not open is listed by its id and flagged, like an undecryptable
 * entry (SPEC.md §8): its entries still filter under it and it can still be deleted.
 */
async function groupOf(deps: VaultDeps, { id, data }: WithId<StoredGroup>): Promise<Group> {
  const base = { id, createdAt: data.createdAt, updatedAt: data.updatedAt, revision: data.revision };
  if (!isSealedGroup(data)) return { ...base, name: data.name, description: data.description ?? null };
  const undecryptable = (error: unknown): Group => {
    console.error(`${DECRYPT_FAILED_MESSAGE} (group ${id})`, error);
    return { ...base, name: `Undecryptable group ${id}`, description: null, sealed: true, undecryptable: true };
  };
  const key = keyFor(deps, data.keyVersion);
  if (typeof key === 'string') return undecryptable(key);
  try {
    const opened = await openGroupOverview(key, groupBinding(deps, id, data.keyVersion ?? null), data.sealed);
    return { ...base, name: opened.name, description: opened.description, sealed: true };
  } catch (error) {
    return undecryptable(error);
  }
}

/** A group document of the wrong shape: listed under what name it has, so its entries still filter. */
function damagedGroup({ id, problem, label }: MalformedDocument): Group {
  // revision 0: a damaged document has none to trust, and is deleted as it is (data/firestore/vaultWrites.ts).
  return { id, name: label ?? `Damaged group ${id}`, description: null, createdAt: Number.NaN, updatedAt: Number.NaN, revision: 0, damaged: problem };
}

/** The order groups are listed in: by name as opened, then id (the server cannot order sealed names). */
export function compareGroups(a: Group, b: Group): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Stored groups as the screens show them, in list order: one decryption per sealed group, all at once (a vault has few). */
export async function openGroupListing(deps: VaultDeps, stored: Listing<StoredGroup>): Promise<Group[]> {
  const opened = await Promise.all(stored.items.map((group) => groupOf(deps, group)));
  return [...opened, ...stored.malformed.map(damagedGroup)].sort(compareGroups);
}

export async function loadGroups(deps: VaultDeps): Promise<Group[]> {
  const stored = isTeamVault(deps) ? await deps.groups.scanTeam(deps.team.teamId) : await deps.groups.scanPersonal(deps.userId);
  return openGroupListing(deps, stored);
}

function groupFields(draft: GroupDraft): { name: string; description: string | null } {
  const description = draft.description.trim();
  return { name: draft.name.trim(), description: description === '' ? null : description };
}

/**
 * What a group write stores: format 1's clear name (and description, when there is one), or format
 * 2's sealed part, bound to the group and (team groups) the team's current key version, which the
 * rules insist on.
 */
async function storedGroupFields(deps: VaultDeps, id: string, sealed: boolean, fields: { name: string; description: string | null }) {
  if (!sealed) return { name: fields.name, ...(fields.description === null ? {} : { description: fields.description }) };
  const { key, keyVersion } = writeKey(deps);
  const part = await sealGroupOverview(key, { groupId: id, keyVersion, format: SEALED_GROUP_FORMAT }, fields);
  return { format: SEALED_GROUP_FORMAT, sealed: part, ...(keyVersion === null ? {} : { keyVersion }) } as const;
}

export async function createGroup(deps: VaultDeps, draft: GroupDraft): Promise<Group> {
  return guarded(deps, 'create', async () => {
    const id = deps.groups.newId();
    const now = deps.now();
    const fields = groupFields(draft);
    const sealed = deps.sealedFormat !== false;
    const owner = isTeamVault(deps) ? { userId: null, teamId: deps.team.teamId } : { userId: deps.userId, teamId: null };
    const stored = await storedGroupFields(deps, id, sealed, fields);
    const event = isTeamVault(deps) ? ({ kind: 'group.created', groupId: id } as const) : undefined;
    await deps.groups.create(id, { ...stored, ...owner, revision: FIRST_REVISION, createdAt: now, updatedAt: now }, event);
    return { id, ...fields, createdAt: now, updatedAt: now, revision: FIRST_REVISION, ...(sealed ? { sealed: true } : {}) };
  });
}

/** Renames on `group.revision`: a rename made meanwhile is GroupConflictError (with it), never overwritten. */
export async function updateGroup(deps: VaultDeps, group: Group, draft: GroupDraft): Promise<Group> {
  return guarded(deps, 'edit', async () => {
    const now = deps.now();
    const fields = groupFields(draft);
    // Sealed unless a test asks for format 1, and always for a group already sealed: its name never goes back in clear.
    const sealed = deps.sealedFormat !== false || group.sealed === true;
    const stored = await storedGroupFields(deps, group.id, sealed, fields);
    // Sealing removes the clear fields (whether or not they are there); a format-1 edit removes an emptied description.
    const remove = sealed ? [...PLAIN_GROUP_FIELDS] : fields.description === null ? (['description'] as const) : [];
    const changes: GroupChanges = { ...stored, remove };
    const event = isTeamVault(deps) ? ({ kind: 'group.edited', groupId: group.id } as const) : undefined;
    await translated(
      () => deps.groups.update(group.id, changes, now, group.revision, event),
      (error) => groupWriteFailure(deps, error),
    );
    const { undecryptable: _undecryptable, ...rest } = group;
    return { ...rest, ...fields, updatedAt: now, revision: group.revision + 1, ...(sealed ? { sealed: true } : {}) };
  });
}

/**
 * Deletes a group after moving its passwords to 'No Group' (SPEC.md §2). The move comes first:
 * if it stops halfway the group is still there, no password is lost, and deleting again finishes.
 */
export async function deleteGroup(deps: VaultDeps, group: Pick<Group, 'id' | 'revision'>): Promise<void> {
  const groupId = group.id;
  await guarded(deps, 'delete', async () => {
    if (isTeamVault(deps)) {
      // The role was checked above: a refused move is most likely an entry still at the previous
      // key version during a rotation (the rules take team writes only at the current one), not a
      // permission, so it fails as a plain 'Failed to delete group' and a later retry finishes.
      const { teamId } = deps.team;
      await deps.passwords.ungroupTeam(teamId, groupId, deps.now()).catch((error: unknown) => {
        throw error instanceof WriteRefusedError ? new Error(`Could not move the passwords of group ${groupId} out of it`, { cause: error }) : error;
      });
    } else {
      await deps.passwords.ungroupPersonal(deps.userId, groupId, deps.now());
    }
    try {
      await deps.groups.delete(groupId, group.revision, isTeamVault(deps) ? { kind: 'group.deleted', groupId } : undefined);
    } catch (error) {
      // Gone is done: a retry of a delete that had in fact completed (its reply lost) must not
      // report 'Failed to delete group' (issue #17). A rename meanwhile still asks again.
      if (error instanceof GoneError) return;
      throw await groupWriteFailure(deps, error);
    }
  });
}

async function groupWriteFailure(deps: VaultDeps, error: unknown): Promise<unknown> {
  if (error instanceof GoneError) return new VaultGoneError(CONFLICT_MESSAGES.groupGone, { cause: error });
  if (error instanceof RevisionConflictError) {
    // The form shows the newer name beside the user's: a sealed one is opened first.
    return new GroupConflictError(await groupOf(deps, error.current as WithId<StoredGroup>), { cause: error });
  }
  return error;
}
