import { decryptText, encryptText, entryFieldContext, type VaultKey } from '../../crypto';
import type {
  GroupRepository,
  PasswordRepository,
  StoredGroup,
  StoredPasswordEntry,
  WithId,
} from '../../data/vault/storedEntries';
import type { ValidPasswordDraft } from './form/validatePasswordDraft';
import type { Group, GroupDraft, PasswordEntry } from './model';

// The personal vault between the screens and the repositories: it turns stored ciphertext into the
// entries the screens show and back, with the vault key, each field bound to its entry (ENGINEERING.md §2).

export interface PersonalVaultDeps {
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
  readonly vaultKey: VaultKey;
  readonly userId: string;
  now(): number;
}

export const DECRYPT_FAILED_MESSAGE = 'Failed to decrypt data. The encryption key may be invalid.';

/** Entries decrypted per slice; between slices the page gets the main thread back. */
const DECRYPT_SLICE = 250;

const yieldToPage = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

async function decryptEntry(key: VaultKey, { id, data }: WithId<StoredPasswordEntry>): Promise<PasswordEntry> {
  const base = {
    id,
    title: data.title,
    url: data.url ?? null,
    notes: data.notes ?? null,
    groupId: data.groupId,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
  };
  try {
    const [username, password] = await Promise.all([
      decryptText(key, data.username, entryFieldContext(id, 'username')),
      decryptText(key, data.password, entryFieldContext(id, 'password')),
    ]);
    return { ...base, username, password, undecryptable: false };
  } catch (error) {
    // SPEC.md §8: shown with its stored values, and logged. The crypto layer threw; nothing here
    // pretends the ciphertext is the secret.
    console.error(`${DECRYPT_FAILED_MESSAGE} (entry ${id})`, error);
    return { ...base, username: data.username, password: data.password, undecryptable: true };
  }
}

function groupOf({ id, data }: WithId<StoredGroup>): Group {
  return { id, name: data.name, description: data.description ?? null, createdAt: data.createdAt, updatedAt: data.updatedAt };
}

export async function loadGroups(deps: PersonalVaultDeps): Promise<Group[]> {
  return (await deps.groups.listPersonal(deps.userId)).map(groupOf);
}

/**
 * The user's entries, decrypted a slice at a time so a large vault never blocks the page;
 * `onProgress(done, total)` reports after each slice.
 */
export async function loadEntries(deps: PersonalVaultDeps, onProgress?: (done: number, total: number) => void): Promise<PasswordEntry[]> {
  const stored = await deps.passwords.listPersonal(deps.userId);
  const entries: PasswordEntry[] = [];
  for (let start = 0; start < stored.length; start += DECRYPT_SLICE) {
    const slice = stored.slice(start, start + DECRYPT_SLICE);
    entries.push(...(await Promise.all(slice.map((entry) => decryptEntry(deps.vaultKey, entry)))));
    onProgress?.(entries.length, stored.length);
    if (start + DECRYPT_SLICE < stored.length) await yieldToPage();
  }
  return entries;
}

/** Creates (no `existing`) or updates an entry; returns it as the list shows it. */
export async function savePassword(deps: PersonalVaultDeps, draft: ValidPasswordDraft, existing?: PasswordEntry): Promise<PasswordEntry> {
  const id = existing?.id ?? deps.passwords.newId();
  const now = deps.now();
  const [username, password] = await Promise.all([
    encryptText(deps.vaultKey, draft.username, entryFieldContext(id, 'username')),
    encryptText(deps.vaultKey, draft.password, entryFieldContext(id, 'password')),
  ]);
  const plain = {
    title: draft.title,
    ...(draft.url === null ? {} : { url: draft.url }),
    ...(draft.notes === null ? {} : { notes: draft.notes }),
  };
  if (existing === undefined) {
    await deps.passwords.create(id, {
      ...plain,
      username,
      password,
      teamId: null,
      userId: deps.userId,
      groupId: draft.groupId,
      encrypted: true,
      createdAt: now,
      updatedAt: now,
    });
  } else {
    const remove = [...(draft.url === null ? (['url'] as const) : []), ...(draft.notes === null ? (['notes'] as const) : [])];
    await deps.passwords.update(id, { ...plain, username, password, groupId: draft.groupId, remove }, now);
  }
  return {
    id,
    title: draft.title,
    url: draft.url,
    notes: draft.notes,
    username: draft.username,
    password: draft.password,
    groupId: draft.groupId,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    undecryptable: false,
  };
}

export async function deletePassword(deps: PersonalVaultDeps, id: string): Promise<void> {
  await deps.passwords.delete(id);
}

function groupFields(draft: GroupDraft): { name: string; description?: string } {
  const description = draft.description.trim();
  return { name: draft.name.trim(), ...(description === '' ? {} : { description }) };
}

export async function createGroup(deps: PersonalVaultDeps, draft: GroupDraft): Promise<Group> {
  const id = deps.groups.newId();
  const now = deps.now();
  const fields = groupFields(draft);
  await deps.groups.create(id, { ...fields, userId: deps.userId, teamId: null, createdAt: now, updatedAt: now });
  return { id, name: fields.name, description: fields.description ?? null, createdAt: now, updatedAt: now };
}

export async function updateGroup(deps: PersonalVaultDeps, group: Group, draft: GroupDraft): Promise<Group> {
  const now = deps.now();
  const fields = groupFields(draft);
  await deps.groups.update(group.id, fields, now);
  return { ...group, name: fields.name, description: fields.description ?? null, updatedAt: now };
}

/**
 * Deletes a group after moving its passwords to 'No Group' (SPEC.md §2). The move comes first:
 * if it stops halfway the group is still there, no password is lost, and deleting again finishes.
 */
export async function deleteGroup(deps: PersonalVaultDeps, groupId: string): Promise<void> {
  await deps.passwords.ungroupPersonal(deps.userId, groupId, deps.now());
  await deps.groups.delete(groupId);
}
