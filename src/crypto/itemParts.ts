import { openPart, sealPart, type EntryPartBinding, type SealedEntryParts } from './entryParts';
import { CryptoError, InvalidCiphertextError } from './errors';
import { ITEM_ENTRY_FORMAT, itemDetailsValue, itemOverviewValue, readItemDetails, readItemOverview, type ItemDetails, type ItemOverview } from './itemShapes';
import type { SymmetricDataKey } from './keys';
import { passwordFingerprint } from './passwordHealth';
import type { Sealed } from './sealed';

// Sealed items (format 3, issue #44, docs/crypto.md "Sealed items"): an item of any kind is the
// same two AES-256-GCM parts as a format-2 entry, under the same key and with the same additional
// data (`keyloft/entry-part/v1/{entryId}/3/{vault | team-N}/{part}`), so a part moved to another
// entry, swapped with the other part, replayed from another key version or passed off as format 2
// (or a format-2 part passed off as format 3) fails its tag check. The kind itself is inside both
// parts: the stored document says no more than a format-2 one does.

/** An item's two parts in clear. */
export interface ItemParts {
  readonly overview: ItemOverview;
  readonly details: ItemDetails;
}

/** An item's two parts as stored: the same two sealed parts as a format-2 entry's. */
export type SealedItemParts = SealedEntryParts;

function itemBinding(binding: EntryPartBinding): EntryPartBinding {
  if (binding.format !== ITEM_ENTRY_FORMAT) throw new CryptoError(`An item is sealed in format ${ITEM_ENTRY_FORMAT}, not ${binding.format}.`);
  return binding;
}

function rejected(error: unknown): Promise<never> {
  return Promise.reject(error instanceof Error ? error : new Error(String(error)));
}

/** Both parts sealed under one key and binding (format 3). The two parts must be of one kind. */
export function sealItemParts(key: SymmetricDataKey, binding: EntryPartBinding, parts: ItemParts): Promise<SealedItemParts> {
  try {
    if (parts.overview.kind !== parts.details.kind) throw new CryptoError('An item\'s overview and details are of one kind.');
    const bound = itemBinding(binding);
    const overview = itemOverviewValue(parts.overview);
    const details = itemDetailsValue(parts.details);
    return Promise.all([sealPart(key, bound, 'overview', overview), sealPart(key, bound, 'details', details)]).then(([o, d]) => ({ overview: o, details: d }));
  } catch (error) {
    return rejected(error);
  }
}

/** DecryptionError for a wrong key or binding; InvalidCiphertextError for a part that is not an item's overview. */
export function openItemOverview(key: SymmetricDataKey, binding: EntryPartBinding, sealed: Sealed<'entry-overview'>): Promise<ItemOverview> {
  try {
    return openPart(key, itemBinding(binding), 'overview', sealed, readItemOverview);
  } catch (error) {
    return rejected(error);
  }
}

/** As openItemOverview, for the details. */
export function openItemDetails(key: SymmetricDataKey, binding: EntryPartBinding, sealed: Sealed<'entry-details'>): Promise<ItemDetails> {
  try {
    return openPart(key, itemBinding(binding), 'details', sealed, readItemDetails);
  } catch (error) {
    return rejected(error);
  }
}

/** Both parts opened; InvalidCiphertextError when they are of two kinds (parts of two saves put together). */
export async function openItemParts(key: SymmetricDataKey, binding: EntryPartBinding, sealed: SealedItemParts): Promise<ItemParts> {
  const [overview, details] = await Promise.all([openItemOverview(key, binding, sealed.overview), openItemDetails(key, binding, sealed.details)]);
  if (overview.kind !== details.kind) throw new InvalidCiphertextError('The sealed item\'s parts are of two kinds.');
  return { overview, details };
}

/**
 * Both parts opened under one key and binding and sealed under another: a team-key rotation, as
 * resealEntryParts does for format 2 (a login's health fingerprint is taken again under the new key).
 */
export async function resealItemParts(
  from: { readonly key: SymmetricDataKey; readonly binding: EntryPartBinding },
  to: { readonly key: SymmetricDataKey; readonly binding: EntryPartBinding },
  sealed: SealedItemParts,
): Promise<SealedItemParts> {
  const { overview, details } = await openItemParts(from.key, from.binding, sealed);
  if (overview.kind !== 'login' || details.kind !== 'login' || overview.health === undefined || overview.health.fingerprint === null) {
    return sealItemParts(to.key, to.binding, { overview, details });
  }
  const fingerprint = await passwordFingerprint(to.key, details.fields.password);
  return sealItemParts(to.key, to.binding, { overview: { ...overview, health: { ...overview.health, fingerprint } }, details });
}
