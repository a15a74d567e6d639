// The item limits (the item form's, src/domain/fieldLimits.ts and the vault's itemLimits.ts)
// applied to an imported item (docs/import.md "What the import decides"): web addresses and custom
// fields beyond the number an item keeps are left out and named in the preview, and an item too
// large to store as sealed (the target's own measure, ImportTargetContents.tooLarge) is skipped with
// the reason, never cut.
import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import type { NotCarried } from '../model';
import type { ItemSizeCheck, PlannedEntry, PlannedItemParts } from './types';

const ITEM_LIMITS = { urls: FIELD_LIMITS.itemUrls, customFields: FIELD_LIMITS.itemCustomFields };

/** The parts within the counts an item keeps, and what is left out, named: each URL, each field's name. */
export function withinCounts(parts: PlannedItemParts): { parts: PlannedItemParts; notCarried: NotCarried[] } {
  if (parts.urls.length <= ITEM_LIMITS.urls && parts.customFields.length <= ITEM_LIMITS.customFields) return { parts, notCarried: [] };
  const notCarried: NotCarried[] = [
    ...parts.urls.slice(ITEM_LIMITS.urls).map(({ url }) => ({ kind: 'extra-url' as const, name: url })),
    ...parts.customFields.slice(ITEM_LIMITS.customFields).map(({ name }) => ({ kind: 'extra-field' as const, name })),
  ];
  return { parts: { ...parts, urls: parts.urls.slice(0, ITEM_LIMITS.urls), customFields: parts.customFields.slice(0, ITEM_LIMITS.customFields) }, notCarried };
}

/**
 * Why the entry cannot be stored for its size, as the skipped list says it; null when it fits. A
 * login of one URL and no custom field always fits (its fields' own limits keep it inside the rules'
 * bounds, tests/unit/domain/fieldLimits.test.ts), so the import of many plain logins does not
 * serialise each twice.
 */
export function sizeReason(entry: PlannedEntry, tooLarge: ItemSizeCheck | undefined): string | null {
  const parts = entry.item;
  if (tooLarge === undefined || parts === undefined || (parts.kind === 'login' && parts.urls.length <= 1 && parts.customFields.length === 0)) return null;
  return tooLarge(entry);
}
