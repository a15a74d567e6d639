import type { ItemOverview } from '../../../crypto';
import { formatCardExpiry } from '../items/cardExpiry';
import { CARD_BRAND_NAMES, type CardBrand } from '../items/cardNumber';

// What a row shows under an item's title (issue #44), from its overview alone: a login its
// username (the row's own), a card its brand and last digits, an identity its name, an SSH key its
// fingerprint. Nothing here is a secret: the overview holds none.

/** The brand's name as the list shows it ('Visa'); '' for none, the stored text for one this build does not know. */
export function brandName(brand: string): string {
  return brand in CARD_BRAND_NAMES ? CARD_BRAND_NAMES[brand as CardBrand] : brand;
}

/** A card as the list names it without its number: 'Visa •••• 4242'. */
export function cardSummary(brand: string, last4: string): string {
  return [brandName(brand), last4 === '' ? '' : `•••• ${last4}`].filter((part) => part !== '').join(' ');
}

/** The row's line under the title for an item of another kind than login; '' for none. */
export function itemSummary(overview: ItemOverview): string {
  switch (overview.kind) {
    case 'login':
      return overview.username;
    case 'note':
      return '';
    case 'card':
      return [cardSummary(overview.brand, overview.last4), overview.expiry === null ? '' : `expires ${formatCardExpiry(overview.expiry)}`].filter((part) => part !== '').join(', ');
    case 'identity':
      return overview.name;
    case 'ssh':
      return overview.fingerprint;
  }
}
