import type { CardExpiry } from './kinds';

// A card's expiry as people type it and as other managers export it (issue #44). A card is valid
// through the last day of its expiry month. Pure: the caller passes the time.

export type ExpiryStanding = 'expired' | 'expiring' | 'valid';

/** A card whose last valid day is this many days away, or fewer, is shown as expiring. */
export const EXPIRING_WITHIN_DAYS = 60;

const DAY_MS = 86_400_000;

// Two-digit years are this century's: cards are issued for a few years at most, and 2000–2099 is
// all a two-digit year on a card can mean before 2100.
const CENTURY = 2000;

// Month first: "MM/YY", "M/YY", "MM/YYYY", "MM-YYYY", "MM.YY", with spaces around the separator.
const MONTH_FIRST = /^(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})$/;
// Year first, as ISO dates and some exports write it: "YYYY-MM", "YYYY/MM".
const YEAR_FIRST = /^(\d{4})\s*[/.-]\s*(\d{1,2})$/;
// No separator, as printed on receipts and some exports: "MMYY", "MMYYYY".
const RUN_TOGETHER = /^(\d{2})(\d{2}|\d{4})$/;

function expiryOf(monthText: string, yearText: string): CardExpiry | null {
  const month = Number(monthText);
  const year = yearText.length === 2 ? CENTURY + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12 || year < CENTURY || year >= CENTURY + 100) return null;
  return { month, year };
}

/** The expiry `text` says, or null when it is not one of the shapes above or not a real month. */
export function parseCardExpiry(text: string): CardExpiry | null {
  const typed = text.trim();
  const monthFirst = MONTH_FIRST.exec(typed) ?? RUN_TOGETHER.exec(typed);
  if (monthFirst !== null) return expiryOf(monthFirst[1] ?? '', monthFirst[2] ?? '');
  const yearFirst = YEAR_FIRST.exec(typed);
  if (yearFirst !== null) return expiryOf(yearFirst[2] ?? '', yearFirst[1] ?? '');
  return null;
}

/** 'MM/YY', as cards print it. */
export function formatCardExpiry({ month, year }: CardExpiry): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/**
 * Whether the card has expired, expires soon or is valid on the user's calendar day of `now`
 * (local time: a card expires with the user's month, not UTC's). The days are counted on calendar
 * dates, so a change of daylight saving time in between does not shift them.
 */
export function expiryStanding(expiry: CardExpiry, now: Date): ExpiryStanding {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  // Day 0 of the month after is the expiry month's last day.
  const lastValidDay = Date.UTC(expiry.year, expiry.month, 0);
  const daysLeft = Math.round((lastValidDay - today) / DAY_MS);
  if (daysLeft < 0) return 'expired';
  return daysLeft <= EXPIRING_WITHIN_DAYS ? 'expiring' : 'valid';
}
