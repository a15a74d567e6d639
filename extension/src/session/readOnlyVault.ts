import type { VaultKey } from '../../../src/crypto';
import type { PageReader } from '../../../src/data/firestore/litePages';
import { entryLabel, quickStoredEntry, storedPasswordEntrySchema } from '../../../src/data/vault/entrySchemas';
import { readListing } from '../../../src/data/vault/listing';
import type { GroupRepository, Listing, PasswordRepository, StoredPasswordEntry } from '../../../src/data/vault/storedEntries';
import type { Item } from '../../../src/features/vault/items/kinds';
import { loadItems, openItem } from '../../../src/features/vault/service/itemService';
import type { PersonalVaultDeps, TeamVaultDeps } from '../../../src/features/vault/service/vaultDeps';
import { mergeVaults, type TeamItems, type VaultItem } from '../vaultItems';
import type { OpenedTeam } from './teamVaults';

// The vault as the extension reads it, personal and team: the app's own vault service (loadItems,
// openItem: the same schemas, bindings and decryption as the web vault) over repositories that
// only read, through the lite SDK's pages. The extension writes nothing yet (saving a login is issue #45's
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
    readTeamPages: (teamId) => listings(pages('passwords', [['teamId', teamId]], ENTRY_PAGE_SIZE)),
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
  /**
   * Every item of the personal vault, then of each team vault whose key opened (./vaultItems.ts),
   * overviews opened (one decryption each). A team that cannot be read is left out.
   */
  items(): Promise<VaultItem[]>;
  /** One item of those whole (its details opened, with its own vault's key): what Fill and the copies use. */
  open(item: VaultItem): Promise<Item>;
}

export interface ReadOnlyVaultOptions {
  readonly pages: PageReader;
  readonly userId: string;
  readonly vaultKey: VaultKey;
  /** The team vaults to read beside the personal one (./teamVaults.ts); none when absent. */
  readonly teams?: () => Promise<readonly OpenedTeam[]>;
}

export function readOnlyVault(options: ReadOnlyVaultOptions): ReadOnlyVault {
  const passwords = readOnlyPasswords(options.pages);
  const now = () => Date.now();
  const personal: PersonalVaultDeps = { passwords, groups: noGroups, vaultKey: options.vaultKey, userId: options.userId, now };
  // The teams read by items(), by id: open() finds an item's team key here.
  const teamDeps = new Map<string, TeamVaultDeps>();
  const teamItems = async (): Promise<TeamItems[]> => {
    const teams = await (options.teams?.() ?? Promise.resolve([])).catch(() => []);
    const read = await Promise.all(
      teams.map(async ({ label, scope }): Promise<TeamItems | null> => {
        const deps: TeamVaultDeps = { passwords, groups: noGroups, userId: options.userId, team: scope, now };
        try {
          const items = await loadItems(deps);
          teamDeps.set(label.id, deps);
          return { team: label, items };
        } catch {
          // Refused (removed from the team since the list was read) or unreadable: left out, the rest still listed.
          return null;
        }
      }),
    );
    return read.filter((team): team is TeamItems => team !== null);
  };
  return {
    // The personal vault and the teams side by side: a team adds its own reads, not a wait before the personal ones.
    items: async () => {
      const [own, teams] = await Promise.all([loadItems(personal), teamItems()]);
      return mergeVaults(own, teams);
    },
    open: (item) => {
      if (item.team === undefined) return openItem(personal, item.entry);
      const deps = teamDeps.get(item.team.id);
      return deps === undefined ? Promise.reject(new Error(`Team ${item.team.id} was not read by this vault.`)) : openItem(deps, item.entry);
    },
  };
}
