// How the interface writes numbers and dates, in one place.
//
// Locale policy: the words around a value decide. Inside an English sentence ("1,200 members",
// "Your trial ends January 15, 2027", "Expires Nov 24, 2026") a count or date is written the way
// the sentence is (en-US), beside words chosen by English plural rules, and reads the same on
// every machine. A date that stands on its own as a value (a list's Created and Updated) follows
// the user's locale (the browser's). Times are always in the user's time zone.

/** The locale of the interface's sentences, and so of every count and of a date inside a sentence. */
export const SENTENCE_LOCALE = 'en-US';

const countFormat = new Intl.NumberFormat(SENTENCE_LOCALE);

/** 1200 → '1,200'. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** 1 → '1 member', 1200 → '1,200 members'; `plural` for words that do not take an s. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** How a date is written (en-US shown): 'Nov 24, 2026' (medium, shortMonth), 'November 24, 2026', 'Nov 24, 2026, 3:04 PM'. */
export type DateStyle = 'medium' | 'shortMonth' | 'longMonth' | 'mediumWithTime';

const OPTIONS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  medium: { dateStyle: 'medium' },
  shortMonth: { year: 'numeric', month: 'short', day: 'numeric' },
  longMonth: { year: 'numeric', month: 'long', day: 'numeric' },
  mediumWithTime: { dateStyle: 'medium', timeStyle: 'short' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(style: DateStyle, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${locale ?? ''}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, OPTIONS[style]);
    formats.set(key, format);
  }
  return format;
}

/** A valid Date for `epochMs`, or null: an invalid one would make toISOString throw and take a whole list down. */
export function validDate(epochMs: number): Date | null {
  const date = new Date(epochMs);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date standing on its own: in the user's locale (or `locale`), or null when `epochMs` is not a date. */
export function formatDate(epochMs: number, style: DateStyle, locale?: string): string | null {
  const date = validDate(epochMs);
  return date === null ? null : dateFormat(style, locale).format(date);
}

/** A date inside a sentence: written as the sentence is, or null when `epochMs` is not a date. */
export function sentenceDate(epochMs: number, style: DateStyle): string | null {
  return formatDate(epochMs, style, SENTENCE_LOCALE);
}
