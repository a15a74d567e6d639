// Where an import writes (issue #20, item 4): the vault service of the personal vault or of one
// team, so imported entries and groups are sealed, permission-checked and stored exactly as the
// ones a person adds. It lives in the vault feature because a feature never imports another: the
// import feature's runImport takes any ImportWriter, and this object is one (the shapes below are
// the import plan's PlannedEntry and ImportWriter, by structure); src/app hands it over.
import type { ValidPasswordDraft } from './form/validatePasswordDraft';
import { importedItem, type ImportedEntry } from './importedItem';
import { fitsFormatTwo } from './items/sealedItem';
import { createGroup } from './service/groupService';
import { saveItem } from './service/itemService';
import { savePassword } from './service/passwordWrites';
import type { VaultDeps } from './service/vaultDeps';

export type { ImportedEntry } from './importedItem';

export interface VaultImportWriter {
  createGroup(name: string, description: string): Promise<string>;
  createEntry(entry: ImportedEntry, groupId: string | null): Promise<void>;
}

/**
 * The draft savePassword stores. The import plan has already trimmed every value and kept it within
 * the stored limits (an item too large is skipped there, with its reason), so this is not checked
 * again: the form's rules, whose "required" username and password apply when a person edits an
 * entry (SPEC.md §5), are not the import's. An imported item may lack either (docs/import.md), and
 * the stored format and rules accept it. savePassword takes the unbranded ValidPasswordDraft, so nothing
 * here pretends to have passed validatePasswordDraft.
 */
function importedDraft(entry: ImportedEntry, groupId: string | null): ValidPasswordDraft {
  return {
    title: entry.title,
    url: entry.url,
    notes: entry.notes,
    username: entry.username,
    password: entry.password,
    groupId,
    otp: entry.otp ?? null,
    ...(entry.passwordHistory === undefined ? {} : { history: entry.passwordHistory }),
  };
}

/**
 * Imported entries are saved without their health record (issue #42): estimating every password
 * (about 4 ms each) would add some 40 s to a 10,000-item import. The background upgrade gives a
 * personal vault's entries theirs at its next load, and the report estimates any entry without one.
 */
export function vaultImportWriter(vaultDeps: VaultDeps): VaultImportWriter {
  const { strength, ...deps } = vaultDeps;
  return {
    async createGroup(name, description) {
      return (await createGroup(deps, { name, description })).id;
    },
    async createEntry(entry, groupId) {
      // A login format 2 holds whole is saved as before (the import's bench measures this path);
      // any other item in format 3, as saveItem saves it (docs/items.md "Where items are stored").
      const item = await importedItem(entry);
      if (fitsFormatTwo(item)) await savePassword(deps, importedDraft(entry, groupId));
      else await saveItem(deps, item, { groupId });
    },
  };
}
