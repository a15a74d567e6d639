import type { EntryHealth, ItemDetails, ItemOverview, ItemParts } from '../../../crypto';
import type { PasswordEntry } from '../model';
import { CARD_NUMBER_MIN_DIGITS, cardBrand, lastFourDigits, normaliseCardNumber } from './cardNumber';
import type { Item } from './kinds';

// An item (kinds.ts) as the two sealed parts of format 3 hold it (docs/items.md "Where items are
// stored", docs/crypto.md "Sealed items"), and back. Each field lives in one part: the overview
// keeps what the list, search and the report need, the details the secrets, the notes and the
// custom fields. A card's brand and last digits and an identity's name are read from the item's
// own fields when it is sealed, so the list shows them without opening the details.

/** The name the list shows for an identity: first, middle and last name. */
export function identityName(fields: { readonly firstName: string; readonly middleName: string; readonly lastName: string }): string {
  return [fields.firstName, fields.middleName, fields.lastName]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

/** The overview of a card: its brand and last four digits (none for a number too short to be one). */
function cardSummary(number: string): { brand: string; last4: string } {
  const long = normaliseCardNumber(number).length >= CARD_NUMBER_MIN_DIGITS;
  return { brand: cardBrand(number) ?? '', last4: long ? (lastFourDigits(number) ?? '') : '' };
}

/** The item's two parts. `health` is a login's record (issue #42), computed by the save. */
export function itemToParts(item: Item, health?: EntryHealth): ItemParts {
  const common = { title: item.title, favourite: item.favourite };
  const rest = { notes: item.notes, customFields: item.customFields };
  switch (item.kind) {
    case 'login': {
      const { urls, username, password, otp, history } = item.fields;
      return {
        overview: { kind: 'login', ...common, urls, username, hasOneTimeCode: otp !== null, ...(health === undefined ? {} : { health }) },
        details: { kind: 'login', ...rest, fields: { password, otp, history } },
      };
    }
    case 'note':
      return { overview: { kind: 'note', ...common }, details: { kind: 'note', ...rest, fields: {} } };
    case 'card': {
      const { cardholder, number, code, expiry } = item.fields;
      return {
        overview: { kind: 'card', ...common, ...cardSummary(number), expiry },
        details: { kind: 'card', ...rest, fields: { cardholder, number, code } },
      };
    }
    case 'identity':
      return {
        overview: { kind: 'identity', ...common, name: identityName(item.fields) },
        details: { kind: 'identity', ...rest, fields: { ...item.fields } },
      };
    case 'ssh': {
      const { privateKey, publicKey, fingerprint } = item.fields;
      return { overview: { kind: 'ssh', ...common, fingerprint }, details: { kind: 'ssh', ...rest, fields: { privateKey, publicKey } } };
    }
  }
}

/** The item two opened parts hold. Throws when they are of two kinds (openItemParts refuses those already). */
export function itemFromParts(overview: ItemOverview, details: ItemDetails): Item {
  const common = { title: overview.title, favourite: overview.favourite, notes: details.notes, customFields: details.customFields };
  if (overview.kind === 'login' && details.kind === 'login') {
    const { urls, username } = overview;
    return { kind: 'login', ...common, fields: { urls, username, ...details.fields } };
  }
  if (overview.kind === 'note' && details.kind === 'note') return { kind: 'note', ...common, fields: {} };
  if (overview.kind === 'card' && details.kind === 'card') return { kind: 'card', ...common, fields: { ...details.fields, expiry: overview.expiry } };
  if (overview.kind === 'identity' && details.kind === 'identity') return { kind: 'identity', ...common, fields: { ...details.fields } };
  if (overview.kind === 'ssh' && details.kind === 'ssh') return { kind: 'ssh', ...common, fields: { ...details.fields, fingerprint: overview.fingerprint } };
  throw new Error(`An item's overview (${overview.kind}) and details (${details.kind}) are of two kinds.`);
}

/**
 * A format-1 or format-2 entry as a login's overview (loginFromEntry's, without the details): so a
 * list of items shows today's entries beside new ones, unchanged and not rewritten.
 */
export function loginOverviewOf(entry: PasswordEntry): ItemOverview {
  const url = entry.url?.trim() ?? '';
  return {
    kind: 'login',
    title: entry.title,
    favourite: false,
    urls: url === '' ? [] : [{ url, match: 'origin' }],
    username: entry.username,
    hasOneTimeCode: entry.hasOneTimeCode === true || (entry.otp !== undefined && entry.otp !== ''),
    ...(entry.health === undefined ? {} : { health: entry.health }),
  };
}

/**
 * Whether format 2 holds all of this item: a login with at most one URL, matched by origin, no
 * custom fields, not a favourite. Such a login is still saved in format 2 (docs/items.md), which
 * tabs of an older build read and edit as they always did; anything more is saved in format 3.
 */
export function fitsFormatTwo(item: Item): boolean {
  if (item.kind !== 'login' || item.favourite || item.customFields.length > 0) return false;
  const { urls } = item.fields;
  return urls.length === 0 || (urls.length === 1 && urls[0]?.match === 'origin');
}
