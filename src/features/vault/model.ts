// Decrypted shapes: what the vault screens show and edit. They exist only in memory; the stored
// shapes (ciphertext) are in src/data/vault/storedEntries.ts.
import type { EntryHealth, ItemDetails, ItemOverview, ReplacedPassword, Sealed } from '../../crypto';

export interface PasswordEntry {
  readonly id: string;
  readonly title: string;
  readonly url: string | null;
  readonly notes: string | null;
  readonly username: string;
  readonly password: string;
  readonly groupId: string | null;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** The stored revision this was read at: the next save or delete is conditional on it (docs/vault.md). */
  readonly revision: number;
  /**
   * True when username or password could not be decrypted: the item then shows the stored
   * ciphertext as it is (SPEC.md §8) and the failure has been logged.
   */
  readonly undecryptable: boolean;
  /**
   * Set when the stored document does not have the stored shape: what is wrong with it. Such an
   * entry is listed like an undecryptable one (undecryptable is true), with whatever it still has.
   */
  readonly damaged?: string;
  /**
   * Set on a sealed (format 2) entry as the list loaded it: only its overview (title, url,
   * username) was opened, `password` is '' and `notes` null until the details are opened on demand
   * (vaultService.openDetails, when the user shows or copies the password or edits). An entry
   * without it has its details here already.
   */
  readonly sealedDetails?: SealedDetails;
  /**
   * Set when the vault's live read brought this version in while the vault was open (issue #22):
   * a save made elsewhere (another device or tab, a teammate), not this tab's own.
   */
  readonly changedElsewhere?: true;
  /** True when the entry is stored sealed (format 2): a save keeps it sealed, never writes its title in clear again. */
  readonly sealed?: boolean;
  /** The one-time code's otpauth:// link (issue #23), once the details are open; absent for none. */
  readonly otp?: string;
  /** Set on a sealed entry listed with its details unopened whose details hold a one-time code. */
  readonly hasOneTimeCode?: true;
  /** Passwords the entry had, newest first (issue #23), once the details are open; absent for none. */
  readonly passwordHistory?: readonly ReplacedPassword[];
  /**
   * The health record sealed in the overview (issue #42): the password's strength and fingerprint
   * when it was saved. Absent on format 1 and on entries saved without one.
   */
  readonly health?: EntryHealth;
  /**
   * Set on a format-3 entry (issue #44, docs/items.md): an item of any kind, its overview as opened.
   * Here `title`, `url` (a login's first URL) and `username` are what the list of logins shows; the
   * item service (service/itemService.ts) opens and saves the whole item, and a password save over
   * it keeps everything the password form does not show.
   */
  readonly item?: ItemOverview;
  /**
   * A format-3 entry's whole details once opened (openDetails): the list may then hold the opened
   * entry, without `sealedDetails`, and the item service opens the item from these.
   */
  readonly itemDetails?: ItemDetails;
}

/** What opening a sealed entry's details needs: the part as stored and the key version it is bound to. */
export interface SealedDetails {
  readonly sealed: Sealed<'entry-details'>;
  /** null for a personal entry (the vault key). */
  readonly keyVersion: number | null;
  /** 3 for an item's details (itemParts.ts); absent for format 2. */
  readonly format?: 3;
}

export interface Group {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Set when the stored group document does not have the stored shape: what is wrong with it. */
  readonly damaged?: string;
  /** As PasswordEntry.revision. */
  readonly revision: number;
  /** True when the group is stored sealed (format 2): a save keeps it sealed, never writes its name in clear again. */
  readonly sealed?: boolean;
  /**
   * True when the sealed name and description did not open (wrong key, or altered): the group is
   * listed as 'Undecryptable group {id}' and the failure logged (SPEC.md §8); it can be deleted, not edited.
   */
  readonly undecryptable?: boolean;
}

/** The password form's values as typed; the save path trims them (SPEC.md §5). */
export interface PasswordDraft {
  readonly title: string;
  readonly url: string;
  readonly notes: string;
  readonly username: string;
  readonly password: string;
  readonly groupId: string | null;
  /** The one-time code as typed: a setup key or an otpauth:// link, '' for none (issue #23). Absent: left as it is. */
  readonly otp?: string;
}

export interface GroupDraft {
  readonly name: string;
  readonly description: string;
}
