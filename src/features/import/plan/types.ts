// What the preview shows and the import writes (issue #20, items 2 and 4). planImport
// (./planImport.ts) turns a ParsedImport into an ImportPlan, deciding for every format alike:
// which items become which items of their kind (extras as their fields), which are duplicates of what the
// target already holds (skipped unless the user includes them), which are skipped and why, and
// which folders become which groups. Nothing is written until the user confirms the plan.
import type { ReplacedPassword } from '../../../crypto';
import type { ImportFormatId, ImportItemKind, ImportUrlMatch, NotCarried, SkippedItem } from '../model';

/** The kinds of item a vault holds (docs/items.md): what an ImportItemKind becomes. */
export type PlannedKind = 'login' | 'note' | 'card' | 'identity' | 'ssh';

/** A custom field as the item model holds it (a boolean one holds a boolean). */
export type PlannedCustomField =
  | { readonly name: string; readonly type: 'text' | 'hidden'; readonly value: string }
  | { readonly name: string; readonly type: 'boolean'; readonly value: boolean };

/** What an item holds beside an entry's fields (issue #44; plan/kindFields.ts). */
export interface PlannedItemParts {
  readonly kind: PlannedKind;
  readonly favourite: boolean;
  /** A login's URLs with their rules, the first being the entry's url; [] for other kinds. */
  readonly urls: readonly { readonly url: string; readonly match: ImportUrlMatch }[];
  readonly customFields: readonly PlannedCustomField[];
  /**
   * A card's cardholder, number and code, an identity's seventeen fields, an SSH key's private and
   * public key, by the item model's names ('' for none); {} for a login or a note.
   */
  readonly fields: Readonly<Record<string, string>>;
  /** A card's expiry; null for none and for other kinds. */
  readonly expiry: { readonly month: number; readonly year: number } | null;
}

/** One item as it will be written: an entry's fields, trimmed and within the stored limits. */
export interface PlannedEntry {
  /** Where it was in the file ('row 12', 'item 3'). */
  readonly at: string;
  readonly kind: ImportItemKind;
  readonly title: string;
  readonly url: string | null;
  readonly username: string;
  readonly password: string;
  /** The item's notes, then its extras under their labels (docs/import.md); null when there are none. */
  readonly notes: string | null;
  /** The group it goes into, by name ('Parent / Child' for a nested folder); null for none. */
  readonly groupName: string | null;
  /** The one-time code, as the target stores it (issue #23); absent for none. */
  readonly otp?: string;
  /** The passwords the entry had, newest first, at most ten (issue #23); absent for none. */
  readonly passwordHistory?: readonly ReplacedPassword[];
  /**
   * What the item holds that the entry will not (issue #44): the parser's list, and earlier
   * passwords beyond the ten kept. The preview counts and lists these by item; absent for nothing.
   */
  readonly notCarried?: readonly NotCarried[];
  /**
   * The item it is (issue #44): its kind, favourite mark, URLs, custom fields and the fields of its
   * kind. Absent: a login of the fields above alone, with its url matched by origin.
   */
  readonly item?: PlannedItemParts;
}

/** A planned entry equal in every field to one already there (plan/duplicates.ts): skipped by default. */
export interface DuplicateEntry extends PlannedEntry {
  /** What it duplicates (or, for a near-duplicate, resembles): an entry of the target, or an earlier item of the same file. */
  readonly duplicateOf: { readonly in: 'target'; readonly title: string } | { readonly in: 'file'; readonly at: string };
}

/** The fields beside title, site and username that tell a near-duplicate from what it resembles. */
export type ComparedField = 'url' | 'password' | 'notes' | 'otp' | 'group' | 'fields';

/**
 * A planned entry with the title, site and username of one already there, but not equal to it in
 * every field (issue #44): imported unless the user chooses to skip it, never skipped silently.
 */
export interface NearDuplicateEntry extends DuplicateEntry {
  /** Where it differs from what it resembles; never empty. */
  readonly differs: readonly ComparedField[];
}

/** A group the import puts entries into: one of the target's, or one it will create. */
export interface PlannedGroup {
  readonly name: string;
  /** The target's group of that name, or null: created when the import runs. */
  readonly existingId: string | null;
  /** The file's folder paths that become this group, as 'Parent / Child'. */
  readonly folders: readonly string[];
  /**
   * Set when the file lists the folder on its own (ParsedImport.folders): the group is made even
   * if no entry goes into it, with the file's description (a Keyloft export's empty groups).
   */
  readonly listed?: { readonly description: string };
}

export interface ImportPlan {
  readonly format: ImportFormatId;
  /** To be written, in file order. */
  readonly entries: readonly PlannedEntry[];
  /** Skipped unless the user asks to import them too. */
  readonly duplicates: readonly DuplicateEntry[];
  /** Imported unless the user chooses to skip them, one by one (issue #44). */
  readonly nearDuplicates: readonly NearDuplicateEntry[];
  /** The parser's skipped items and the plan's own (an item too large to store, an empty one), each with its reason. */
  readonly skipped: readonly SkippedItem[];
  /** Every group an entry, a duplicate or a near-duplicate goes into. */
  readonly groups: readonly PlannedGroup[];
  /** How many of each kind the file held (entries, duplicates and skipped items alike). */
  readonly kinds: Readonly<Record<ImportItemKind, number>>;
}

/** Why an entry is too large for the target to store as sealed, one sentence; null when it fits. */
export type ItemSizeCheck = (entry: PlannedEntry) => string | null;

export type OneTimeCodeReader = (value: string, owner: { readonly title: string; readonly username: string }) => string | null;

/** What the duplicate check knows of an entry already in the target (the list's overview). */
export interface ExistingEntry {
  readonly id: string;
  readonly title: string;
  readonly url: string | null;
  readonly username: string;
  /** The id of the group it is in; null for none. */
  readonly groupId: string | null;
  /**
   * Its sealed values. A sealed entry's are opened on demand, so the plan asks only for entries
   * whose title, site and username an item shares, once each.
   */
  readonly details: () => Promise<ExistingDetails>;
}

export interface ExistingDetails {
  readonly password: string;
  readonly notes: string | null;
  /** The one-time code as stored (its canonical otpauth:// link); null or absent for none. */
  readonly otp?: string | null;
  /** An item's (format 3) kind, favourite mark, URLs and fields; absent for a login of the fields above (format 1 or 2). */
  readonly item?: PlannedItemParts;
}

export interface ExistingGroup {
  readonly id: string;
  readonly name: string;
}

/** The target as the plan sees it: its entries and groups as the vault screen loaded them. */
export interface ImportTargetContents {
  readonly entries: readonly ExistingEntry[];
  readonly groups: readonly ExistingGroup[];
  /**
   * The target's stored form of a one-time code (its canonical otpauth:// link), or null when it
   * cannot take the value (issue #23). `owner` is the entry's title and username, which label a
   * code the file gives as a bare setup key (issue #44); a link keeps its own label. Absent:
   * one-time codes stay custom fields, as other extras.
   */
  readonly oneTimeCode?: OneTimeCodeReader;
  /**
   * What makes two stored one-time codes the same code (the numbers they generate: key, algorithm,
   * digits and period), so a link labelled otherwise is no difference (a code saved before issue
   * #44 labelled 'Keyloft', the same code imported as Title:username). Absent: links compare as text.
   */
  readonly sameCode?: (link: string) => string;
  /**
   * The target's measure of an item as it would be sealed (issue #44): an entry it cannot store is
   * skipped with this reason. Absent: no size is checked beyond each field's own limit.
   */
  readonly tooLarge?: ItemSizeCheck;
}
