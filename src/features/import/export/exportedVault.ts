// What an export holds (issue #20, item 5): the decrypted vault or team, as the export screen
// hands it to the writers in this folder. Plain data only, filled by the caller from what the
// vault service opened; nothing here reads Firestore or holds a key.

import type { ReplacedPassword } from '../../../crypto';
import type { PlannedItemParts } from '../plan/types';

/**
 * What an item holds beyond an entry's fields (issue #44): its kind, favourite mark, URLs and rules,
 * custom fields, the fields of its kind and a card's expiry; the shape the import plans.
 */
export type ExportedItemParts = PlannedItemParts;

export interface ExportedEntry {
  readonly title: string;
  readonly url: string | null;
  readonly username: string;
  readonly password: string;
  readonly notes: string | null;
  /** The entry's group by name; null when it is in no group. */
  readonly group: string | null;
  /** The one-time code's otpauth:// link (issue #23); absent or null for none. */
  readonly otp?: string | null;
  /** The passwords the entry had, newest first (issue #23); absent or empty for none. */
  readonly passwordHistory?: readonly ReplacedPassword[];
  /**
   * An item's (format 3) kind and fields beyond the above; absent for a login of the fields above
   * alone (format 1 or 2). A card, identity, note or SSH key has '' username and password and no url.
   */
  readonly item?: ExportedItemParts;
}

export interface ExportedGroup {
  readonly name: string;
  readonly description: string | null;
}

export interface ExportedVault {
  readonly entries: readonly ExportedEntry[];
  /** Every group, including those no entry is in, so an export into Keyloft keeps them. */
  readonly groups: readonly ExportedGroup[];
}
