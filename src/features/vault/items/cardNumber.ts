// Payment card numbers (issue #44): what a card item shows and checks. Pure; the number stays in
// the item's sealed details like every other field.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'maestro';

export const CARD_BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

/** ISO/IEC 7812: a primary account number has 8 to 19 digits; issued cards have at least 12. */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

const DIGITS = /^\d+$/;

/** The number without the spaces and dashes people and exports write between groups. */
export function normaliseCardNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check digit holds: false for anything but digits. */
export function luhnValid(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A number a card can carry: 12–19 digits with a valid check digit, once normalised. */
export function isCardNumber(text: string): boolean {
  const digits = normaliseCardNumber(text);
  return digits.length >= CARD_NUMBER_MIN_DIGITS && digits.length <= CARD_NUMBER_MAX_DIGITS && luhnValid(digits);
}

/** [first, last] prefixes of one length, inclusive. */
type PrefixRange = readonly [number, number];

// The issuer identification ranges the networks publish, most specific first where they overlap.
// Discover and UnionPay both list 622126–622925 (co-branded cards): such a card reads as
// UnionPay, the network whose 62 range it is in and whose mark it carries.
const BRAND_RANGES: readonly (readonly [CardBrand, readonly PrefixRange[]])[] = [
  ['amex', [[34, 34], [37, 37]]],
  ['diners', [[300, 305], [3095, 3095], [36, 36], [38, 39]]],
  ['jcb', [[3528, 3589]]],
  ['visa', [[4, 4]]],
  ['maestro', [[5018, 5018], [5020, 5020], [5038, 5038], [5893, 5893], [6304, 6304], [6759, 6759], [6761, 6763]]],
  ['mastercard', [[51, 55], [2221, 2720]]],
  ['unionpay', [[62, 62]]],
  ['discover', [[6011, 6011], [644, 649], [65, 65]]],
];

function inRange(digits: string, [first, last]: PrefixRange): boolean {
  const length = String(first).length;
  if (digits.length < length) return false;
  const prefix = Number(digits.slice(0, length));
  return prefix >= first && prefix <= last;
}

/**
 * The card's network from its leading digits, null when unknown (or not digits). Known from the
 * first few digits, so a form can show it while the number is typed.
 */
export function cardBrand(text: string): CardBrand | null {
  const digits = normaliseCardNumber(text);
  if (!DIGITS.test(digits)) return null;
  for (const [brand, ranges] of BRAND_RANGES) {
    if (ranges.some((range) => inRange(digits, range))) return brand;
  }
  return null;
}

/**
 * The digits in the groups printed on the card: American Express 4-6-5, a 14-digit Diners Club
 * card 4-6-4, every other card groups of four. Text that is not digits is given back as typed.
 */
export function formatCardNumber(text: string): string {
  const digits = normaliseCardNumber(text);
  if (!DIGITS.test(digits)) return text.trim();
  const brand = cardBrand(digits);
  const sizes = brand === 'amex' ? [4, 6, 5] : brand === 'diners' && digits.length <= 14 ? [4, 6, 4] : null;
  const groups: string[] = [];
  let at = 0;
  for (let group = 0; at < digits.length; group += 1) {
    const size = sizes === null ? 4 : (sizes[group] ?? CARD_NUMBER_MAX_DIGITS);
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join(' ');
}

/** The last four digits, what a list shows of a card ('•••• 4242'); null without four digits. */
export function lastFourDigits(text: string): string | null {
  const digits = normaliseCardNumber(text);
  return DIGITS.test(digits) && digits.length >= 4 ? digits.slice(-4) : null;
}
