// What the import and export dialogs read from and write to (issue #20), built from the vault the
// panel shows. The shapes are the import feature's ImportTarget and ExportedVault by structure: a
// feature never imports another, and src/app hands these over (app/dashboard/vaultTransfer.tsx).
import type { ReplacedPassword } from '../../crypto';
import { vaultImportWriter, type VaultImportWriter } from './importWriter';
import { oneTimeCodeIdentity, readOneTimeCode, type OneTimeCodeOwner } from './otp/oneTimeCode';
import type { Group, PasswordEntry } from './model';
import { sizedImportedItem, type ImportedEntry, type ImportedItemParts } from './importedItem';
import { tooLargeReason } from './items/itemLimits';
import type { Item } from './items/kinds';
import { openItem } from './service/itemService';
import { openDetails } from './service/openEntries';
import type { VaultTransferContext } from './transfer';

/** What both read of the vault: its entries and groups as loaded (the panel's, or a test's). */
export interface LoadedVault {
  readonly deps: VaultTransferContext['deps'];
  readonly vault: { readonly entries: readonly PasswordEntry[]; readonly groups: readonly Group[] };
}

/** Groups whose name is known: an undecryptable or damaged one is neither matched nor exported. */
function readableGroups(groups: readonly Group[]): Group[] {
  return groups.filter((group) => group.undecryptable !== true && group.damaged === undefined);
}

/** Entries opened at once while an export collects details: enough to keep WebCrypto busy, few enough to report progress often. */
const OPEN_BATCH = 200;

export interface ImportTargetSource {
  /** The entries and groups as the panel holds them now, for the duplicate check and the group match. */
  contents(): {
    readonly entries: readonly {
      readonly id: string;
      readonly title: string;
      readonly url: string | null;
      readonly username: string;
      readonly groupId: string | null;
      /** Its sealed values, opened on demand (the duplicate check opens only entries an item may be the same as). */
      readonly details: () => Promise<{ readonly password: string; readonly notes: string | null; readonly otp: string | null; readonly item?: ImportedItemParts }>;
    }[];
    readonly groups: readonly { readonly id: string; readonly name: string }[];
    /**
     * A one-time code as this vault stores it, or null when it is not one the vault takes (issue
     * #23); a bare setup key labelled with the entry's title and username (issue #44).
     */
    readonly oneTimeCode: (value: string, owner: OneTimeCodeOwner) => string | null;
    /** What makes two stored codes the same code, whatever their labels (issue #44). */
    readonly sameCode: (link: string) => string;
    /** Why an entry is too large to store as the item it becomes (items/itemLimits.ts); null when it fits (issue #44). */
    readonly tooLarge: (entry: ImportedEntry) => string | null;
  };
  readonly writer: VaultImportWriter;
}


/** The fields of an item's kind as text by name, as the import plans them (the fingerprint is computed, the expiry apart). */
function kindFields(item: Item): Readonly<Record<string, string>> {
  switch (item.kind) {
    case 'card':
      return { cardholder: item.fields.cardholder, number: item.fields.number, code: item.fields.code };
    case 'identity':
      return { ...item.fields };
    case 'ssh':
      return { privateKey: item.fields.privateKey, publicKey: item.fields.publicKey };
    default:
      return {};
  }
}

/** A format-3 item as the duplicate check compares it (the import plan's ExistingDetails). */
export function itemDetails(item: Item): { password: string; notes: string | null; otp: string | null; item: ImportedItemParts } {
  const login = item.kind === 'login' ? item.fields : null;
  return {
    password: login?.password ?? '',
    notes: item.notes === '' ? null : item.notes,
    otp: login?.otp ?? null,
    item: {
      kind: item.kind,
      favourite: item.favourite,
      urls: login?.urls ?? [],
      customFields: item.customFields,
      fields: kindFields(item),
      expiry: item.kind === 'card' ? item.fields.expiry : null,
    },
  };
}

/**
 * The import's target. An undecryptable or damaged entry or group takes no part: its values are not
 * known, so nothing can be a duplicate of it, and no group is matched to a name nobody can read.
 */
export function importTargetOf({ deps, vault }: LoadedVault): ImportTargetSource {
  return {
    contents: () => ({
      entries: vault.entries
        .filter((entry) => !entry.undecryptable)
        .map((entry) => ({
          id: entry.id,
          title: entry.title,
          url: entry.url,
          username: entry.username,
          groupId: entry.groupId,
          // The service, not the panel's withDetails: a duplicate check may open thousands, and the
          // list need not re-render for each.
          details: async () => {
            if (entry.item !== undefined) return itemDetails(await openItem(deps, entry));
            const opened = await openDetails(deps, entry);
            return { password: opened.password, notes: opened.notes, otp: opened.otp ?? null };
          },
        })),
      groups: readableGroups(vault.groups).map(({ id, name }) => ({ id, name })),
      oneTimeCode: readOneTimeCode,
      sameCode: oneTimeCodeIdentity,
      tooLarge: (entry) => tooLargeReason(sizedImportedItem(entry)),
    }),
    writer: vaultImportWriter(deps),
  };
}

export interface CollectedVault {
  readonly entries: readonly {
    readonly title: string;
    readonly url: string | null;
    readonly username: string;
    readonly password: string;
    readonly notes: string | null;
    readonly group: string | null;
    readonly otp: string | null;
    readonly passwordHistory: readonly ReplacedPassword[];
    /** An item's (format 3) kind and fields; absent for a format-1 or -2 login. */
    readonly item?: ImportedItemParts;
  }[];
  readonly groups: readonly { readonly name: string; readonly description: string | null }[];
}

/** An entry opened as an export holds it: a format-3 item with its kind and fields (issue #44), an SSH key's fingerprint too. */
async function collectedEntry(deps: LoadedVault['deps'], entry: PasswordEntry, group: string | null): Promise<CollectedVault['entries'][number]> {
  if (entry.item === undefined) {
    const open = await openDetails(deps, entry);
    return { title: open.title, url: open.url, username: open.username, password: open.password, notes: open.notes, group, otp: open.otp ?? null, passwordHistory: open.passwordHistory ?? [] };
  }
  const item = await openItem(deps, entry);
  const { password, notes, otp, item: parts } = itemDetails(item);
  const login = item.kind === 'login' ? item.fields : null;
  const fields = item.kind === 'ssh' ? { ...parts.fields, fingerprint: item.fields.fingerprint } : parts.fields;
  return {
    title: item.title,
    url: login?.urls[0]?.url ?? null,
    username: login?.username ?? '',
    password,
    notes,
    group,
    otp,
    passwordHistory: login?.history ?? [],
    item: { ...parts, fields },
  };
}

/**
 * Every entry with its details opened, and every group, as an export holds them. An entry that does
 * not decrypt cannot be exported (nobody can read it); it is left out and counted in `unreadable`.
 */
export async function collectVault(
  { deps, vault }: LoadedVault,
  onProgress: (progress: { readonly done: number; readonly total: number }) => void,
): Promise<CollectedVault & { readonly unreadable: number }> {
  const readable = vault.entries.filter((entry) => !entry.undecryptable);
  const groups = readableGroups(vault.groups);
  const names = new Map(groups.map((group) => [group.id, group.name]));
  type Collected = CollectedVault['entries'][number];
  const opened: Collected[] = [];
  let failed = 0;
  const groupOf = (entry: PasswordEntry) => (entry.groupId === null ? null : (names.get(entry.groupId) ?? null));
  onProgress({ done: 0, total: readable.length });
  for (let start = 0; start < readable.length; start += OPEN_BATCH) {
    const batch = await Promise.all(
      readable.slice(start, start + OPEN_BATCH).map((entry) => collectedEntry(deps, entry, groupOf(entry)).catch(() => null)),
    );
    for (const entry of batch) {
      if (entry === null) failed += 1;
      else opened.push(entry);
    }
    onProgress({ done: Math.min(start + OPEN_BATCH, readable.length), total: readable.length });
  }
  return {
    entries: opened,
    groups: groups.map((group) => ({ name: group.name, description: group.description })),
    unreadable: vault.entries.length - readable.length + failed,
  };
}
