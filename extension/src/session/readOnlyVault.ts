import type { VaultKey } from '../../../src/crypto';
import type { PageReader } from '../../../src/data/firestore/litePages';
import { entryLabel, quickStoredEntry, storedPasswordEntrySchema } from '../../../src/data/vault/entrySchemas';
import { readListing } from '../../../src/data/vault/listing';
import type { GroupRepository, Listing, PasswordRepository, StoredPasswordEntry } from '../../../src/data/vault/storedEntries';
import type { Item } from '../../../src/features/vault/items/kinds';
import { loadItems, openItem, type ListedItem } from '../../../src/features/vault/service/itemService';
import type { PersonalVaultDeps } from '../../../src/features/vault/service/vaultDeps';
import type { PasswordEntry } from '../../../src/features/vault/model';

// The personal vault as the extension reads it: the app's own vault service (loadItems, openItem:
// the same schemas, bindings and decryption as the web vault) over repositories that only read,
// through the lite SDK's pages. The extension writes nothing yet (saving a login is issue #45's
// Build 5), so every write, and the live reads it does not use, refuse rather than pretend.

/** As the app's repositories page a vault (firestoreVaultRepositories' ENTRY_PAGE_SIZE, which imports the full SDK). */
const ENTRY_PAGE_SIZE = 300;

function refused(what: string): () => never {
  return () => {
    throw new Error(`The browser extension does not ${what} (docs/extension.md).`);
  };
}

async function* listings(pages: AsyncIterable<readonly (readonly [string, unknown])[]>): AsyncGenerator<Listing<StoredPasswordEntry>> {
  for await (const page of pages) yield readListing('passwords', storedPasswordEntrySchema, entryLabel, page, quickStoredEntry);
}

function readOnlyPasswords(pages: PageReader): PasswordRepository {
  return {
    readPersonalPages: (userId) => listings(pages('passwords', [['userId', userId], ['teamId', null]], ENTRY_PAGE_SIZE)),
    readTeamPages: refused('read team vaults yet'),
    newId: refused('create items'),
    listPersonal: refused('list a vault whole'),
    listTeam: refused('list a vault whole'),
    scanPersonal: refused('list a vault whole'),
    scanTeam: refused('list a vault whole'),
    watchPersonal: refused('watch a vault'),
    watchTeam: refused('watch a vault'),
    create: refused('create items'),
    update: refused('change items'),
    delete: refused('delete items'),
    ungroupPersonal: refused('change groups'),
    ungroupTeam: refused('change groups'),
    markPersonalSealed: refused('migrate a vault'),
    markTeamSealed: refused('migrate a vault'),
  };
}

const noGroups: GroupRepository = {
  newId: refused('create groups'),
  listPersonal: refused('read groups'),
  listTeam: refused('read groups'),
  scanPersonal: refused('read groups'),
  scanTeam: refused('read groups'),
  watchPersonal: refused('read groups'),
  watchTeam: refused('read groups'),
  create: refused('create groups'),
  update: refused('change groups'),
  delete: refused('delete groups'),
};

export interface ReadOnlyVault {
  /** Every item of the personal vault, its overview opened (one decryption each), in list order. */
  items(): Promise<ListedItem[]>;
  /** One item whole (its details opened): what Fill and the copies use. */
  open(entry: PasswordEntry): Promise<Item>;
}

export function readOnlyVault(options: { readonly pages: PageReader; readonly userId: string; readonly vaultKey: VaultKey }): ReadOnlyVault {
  const deps: PersonalVaultDeps = {
    passwords: readOnlyPasswords(options.pages),
    groups: noGroups,
    vaultKey: options.vaultKey,
    userId: options.userId,
    now: () => Date.now(),
  };
  return {
    items: () => loadItems(deps),
    open: (entry) => openItem(deps, entry),
  };
}
