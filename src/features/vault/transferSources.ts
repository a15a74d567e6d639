// What the import and export dialogs read from and write to (issue #20), built from the vault the
// panel shows. The shapes are the import feature's ImportTarget and ExportedVault by structure: a
// feature never imports another, and src/app hands these over (app/dashboard/vaultTransfer.tsx).
import type { ReplacedPassword } from '../../crypto';
import { vaultImportWriter, type VaultImportWriter } from './importWriter';
import { oneTimeCodeIdentity, readOneTimeCode, type OneTimeCodeOwner } from './otp/oneTimeCode';
import type { Group, PasswordEntry } from './model';
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
      readonly details: () => Promise<{ readonly password: string; readonly notes: string | null; readonly otp: string | null }>;
    }[];
    readonly groups: readonly { readonly id: string; readonly name: string }[];
    /**
     * A one-time code as this vault stores it, or null when it is not one the vault takes (issue
     * #23); a bare setup key labelled with the entry's title and username (issue #44).
     */
    readonly oneTimeCode: (value: string, owner: OneTimeCodeOwner) => string | null;
    /** What makes two stored codes the same code, whatever their labels (issue #44). */
    readonly sameCode: (link: string) => string;
  };
  readonly writer: VaultImportWriter;
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
            const opened = await openDetails(deps, entry);
            return { password: opened.password, notes: opened.notes, otp: opened.otp ?? null };
          },
        })),
      groups: readableGroups(vault.groups).map(({ id, name }) => ({ id, name })),
      oneTimeCode: readOneTimeCode,
      sameCode: oneTimeCodeIdentity,
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
  }[];
  readonly groups: readonly { readonly name: string; readonly description: string | null }[];
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
  const opened: PasswordEntry[] = [];
  let failed = 0;
  onProgress({ done: 0, total: readable.length });
  for (let start = 0; start < readable.length; start += OPEN_BATCH) {
    const batch = await Promise.all(
      readable.slice(start, start + OPEN_BATCH).map((entry) => openDetails(deps, entry).catch(() => null)),
    );
    for (const entry of batch) {
      if (entry === null) failed += 1;
      else opened.push(entry);
    }
    onProgress({ done: Math.min(start + OPEN_BATCH, readable.length), total: readable.length });
  }
  return {
    entries: opened.map((entry) => ({
      title: entry.title,
      url: entry.url,
      username: entry.username,
      password: entry.password,
      notes: entry.notes,
      group: entry.groupId === null ? null : (names.get(entry.groupId) ?? null),
      otp: entry.otp ?? null,
      passwordHistory: entry.passwordHistory ?? [],
    })),
    groups: groups.map((group) => ({ name: group.name, description: group.description })),
    unreadable: vault.entries.length - readable.length + failed,
  };
}
