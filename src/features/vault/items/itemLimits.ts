import { FIELD_LIMITS, SEAL_OVERHEAD_BYTES } from '@keyloft/contract/fieldLimits';
import { itemDetailsValue, itemOverviewValue } from '../../../crypto';
import type { Item } from './kinds';
import { itemToParts } from './sealedItem';

// How much one item may hold (issue #44; docs/items.md "Limits"), in one place for the item form
// and the import: a login's URLs and any item's custom fields are counted, and the item's two
// sealed parts must fit the sizes firestore.rules allows a stored entry (isSealedEntryContent).
// The counts keep an item usable; the size is what the rules enforce, so it is checked as sealed
// (the JSON each part is sealed from, plus the IV and tag), not estimated from field limits: a
// login at every field's limit with fifty custom fields could not be stored, and is refused here
// with a message instead of as 'no permission' by the server.

export const ITEM_LIMITS = {
  /** A login's URLs. */
  urls: FIELD_LIMITS.itemUrls,
  /** Custom fields of one item, of any kind. */
  customFields: FIELD_LIMITS.itemCustomFields,
} as const;

/**
 * Room kept in a login's overview for its health record (issue #42), which the save adds after
 * this check: a strength digit, a 24-character fingerprint and a time, under 100 bytes as JSON.
 */
export const HEALTH_ALLOWANCE_BYTES = 256;

export const ITEM_LIMIT_MESSAGES = {
  urls: `A login keeps at most ${ITEM_LIMITS.urls} web addresses`,
  customFields: `An item keeps at most ${ITEM_LIMITS.customFields} custom fields`,
} as const;

const encoder = new TextEncoder();

/** The stored bytes of an item's two sealed parts (the overview with room for a login's health record). */
export function sealedItemBytes(item: Item): { readonly overview: number; readonly details: number } {
  const parts = itemToParts(item);
  const overview = encoder.encode(JSON.stringify(itemOverviewValue(parts.overview))).length + SEAL_OVERHEAD_BYTES;
  const details = encoder.encode(JSON.stringify(itemDetailsValue(parts.details))).length + SEAL_OVERHEAD_BYTES;
  return { overview: overview + (item.kind === 'login' ? HEALTH_ALLOWANCE_BYTES : 0), details };
}

const kb = (bytes: number): string => `${String(Math.ceil(bytes / 1024))} KB`;

/**
 * Why an item cannot be stored for its size, one sentence; null when both parts fit. The details
 * (notes, custom fields, secrets) are what grow; the overview (title, URLs, username) rarely.
 */
export function tooLargeReason(item: Item): string | null {
  const bytes = sealedItemBytes(item);
  if (bytes.details > FIELD_LIMITS.entryDetailsSealedBytes) {
    return `This item is too large to store: its notes, custom fields and other hidden values take ${kb(bytes.details)} of the ${kb(FIELD_LIMITS.entryDetailsSealedBytes)} an item may hold.`;
  }
  if (bytes.overview > FIELD_LIMITS.entryOverviewSealedBytes) {
    return `This item is too large to store: its title, web addresses and username take ${kb(bytes.overview)} of the ${kb(FIELD_LIMITS.entryOverviewSealedBytes)} an item may hold.`;
  }
  return null;
}
