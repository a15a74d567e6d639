// How the interface writes numbers and dates, in one place.
//
// Locale policy: counts are written the English way (en-US grouping, "1,200"), because they stand
// inside English sentences beside words chosen by English plural rules, and read the same on every
// machine. Dates and times are values a person reads on their own: they follow the user's locale
// (the browser's) and time zone. A function that takes `locale` uses it only to pin one in tests.

/** The locale counts are written in: the language of the interface's sentences. */
export const COUNT_LOCALE = 'en-US';

const countFormat = new Intl.NumberFormat(COUNT_LOCALE);

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

/** The date in the user's locale and time zone, or null when `epochMs` is not a date. */
export function formatDate(epochMs: number, style: DateStyle, locale?: string): string | null {
  const date = validDate(epochMs);
  return date === null ? null : dateFormat(style, locale).format(date);
}
