// Small pieces every CSV format uses to build its items, so the labels the notes show and the way
// a folder path or a flag is read are the same whatever the exporter.
import type { ImportItem, LabelledValue } from '../../model';
import { importItem, TOTP_LABEL, urlLabel } from '../values';
import { isBlank } from './readCsv';

/** The labels of the extras CSV formats give (docs/import.md, "Formats"). */
export const LABEL = {
  totp: TOTP_LABEL,
  tags: 'Tags',
  favorite: 'Favorite',
  archived: 'Archived',
  url: urlLabel,
  username: (n: number) => `Username ${String(n)}`,
} as const;

/** What an extra for a set flag (favorite, archived) says: the file's own '1' or 'true' means nothing in notes. */
export const FLAG_SET = 'Yes';

/** An item with the model's defaults: a login with nothing in it, in no folder. */
export function makeItem(at: string, { kind = 'login', ...fields }: Partial<Omit<ImportItem, 'at'>>): ImportItem {
  return importItem(at, kind, fields);
}

/** The value as a labelled extra, or nothing when the cell is empty. */
export function extra(label: string, value: string): LabelledValue[] {
  return isBlank(value) ? [] : [{ label, value }];
}

/** True for the ways exporters write a set flag: '1', 'true', 'TRUE', 'yes'. */
export function isSet(value: string): boolean {
  return /^(1|true|yes)$/i.test(value.trim());
}

export function flag(label: string, value: string): LabelledValue[] {
  return isSet(value) ? [{ label, value: FLAG_SET }] : [];
}

/** A folder path written with `separator` between levels, outermost first; empty levels are dropped. */
export function splitPath(path: string, separator: string): string[] {
  return path.split(separator).filter((part) => !isBlank(part));
}

// A piece that starts a new address: a scheme ('https:', 'androidapp:') or a host name ('example.com').
const STARTS_ADDRESS = /^\s*([a-z][a-z0-9+.-]*:|[^\s/?#=&,]+\.[^\s.]+)/i;

/**
 * Several addresses in one cell, separated by line breaks or commas. A comma inside one address
 * (a query string 'a=1,2') does not split it: the text after the comma must start an address.
 */
export function splitAddresses(cell: string): string[] {
  const addresses: string[] = [];
  for (const line of cell.split(/\r?\n/)) {
    line.split(',').forEach((piece, index) => {
      const last = addresses.length - 1;
      if (index > 0 && last >= 0 && !isBlank(piece) && !STARTS_ADDRESS.test(piece)) {
        addresses[last] = `${addresses[last] ?? ''},${piece}`;
      } else {
        addresses.push(piece);
      }
    });
  }
  return addresses.filter((address) => !isBlank(address));
}

/** The first address is the entry's url; the others go into extras as 'URL 2', 'URL 3'. */
export function addressFields(cell: string): { url: string; extras: LabelledValue[] } {
  const [url = '', ...others] = splitAddresses(cell);
  return { url, extras: others.map((value, index) => ({ label: LABEL.url(index + 2), value })) };
}
