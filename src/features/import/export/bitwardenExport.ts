// The Bitwarden-compatible JSON export: the layout of Bitwarden's own unencrypted personal export
// (`encrypted: false`, `folders`, `items` of every kind with their custom fields, favourite mark
// and password history; issue #44), which
// Bitwarden and most managers that import "Bitwarden (json)" read. docs/import.md "Export" lists each field.

import { bitwardenKindMembers, type BitwardenItem } from './bitwardenKinds';
import type { ExportedEntry, ExportedVault } from './exportedVault';

export interface BitwardenFolder {
  readonly id: string;
  readonly name: string;
}

/** An earlier password as Bitwarden writes it: lastUsedDate (ISO 8601, UTC) is when it was replaced. */
export interface BitwardenPasswordHistory {
  readonly lastUsedDate: string;
  readonly password: string;
}

export type { BitwardenField, BitwardenItem } from './bitwardenKinds';

export interface BitwardenExport {
  readonly encrypted: false;
  readonly folders: readonly BitwardenFolder[];
  readonly items: readonly BitwardenItem[];
}

export interface BitwardenExportOptions {
  /** Bitwarden's ids are UUIDs; tests pass a counter. */
  readonly newId?: () => string;
}

/**
 * One folder per group name (a group no entry is in included; two groups of one name become one
 * folder, since entries name their group), then one login per entry. Bitwarden writes an empty
 * value as null, and so does this.
 */
export function bitwardenExport(vault: ExportedVault, options: BitwardenExportOptions = {}): BitwardenExport {
  const newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  const folderIds = new Map<string, string>();
  const folderOf = (name: string | null): string | null => {
    if (name === null || name === '') return null;
    let id = folderIds.get(name);
    if (id === undefined) {
      id = newId();
      folderIds.set(name, id);
    }
    return id;
  };
  vault.groups.forEach((group) => folderOf(group.name));
  const items = vault.entries.map(
    (entry): BitwardenItem => ({
      passwordHistory: historyOf(entry),
      id: newId(),
      organizationId: null,
      folderId: folderOf(entry.group),
      ...bitwardenKindMembers(entry),
      collectionIds: null,
    }),
  );
  const folders = [...folderIds].map(([name, id]) => ({ id, name }));
  return { encrypted: false, folders, items };
}

function historyOf(entry: ExportedEntry): BitwardenPasswordHistory[] | null {
  const history = entry.passwordHistory ?? [];
  if (history.length === 0) return null;
  // A time no Date holds (only a crafted file could have given one) has no ISO form to write.
  const dated = history.filter(({ replacedAt }) => !Number.isNaN(new Date(replacedAt).getTime()));
  return dated.map(({ password, replacedAt }) => ({ lastUsedDate: new Date(replacedAt).toISOString(), password }));
}

/** The file's text: indented like Bitwarden's own export. */
export function exportBitwardenJson(vault: ExportedVault, options: BitwardenExportOptions = {}): string {
  return `${JSON.stringify(bitwardenExport(vault, options), null, 2)}\n`;
}
