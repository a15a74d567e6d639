// What the stored rules would refuse about a planned entry (src/domain/fieldLimits.ts, the same
// limits the add/edit form checks), said as the skipped list's reason: the field, the limit and how
// far over it the item is. The import skips such an item rather than cutting it, so nothing is lost.
import { ENTRY_SECRET_MAX_BYTES, FIELD_LIMITS, tooLongMessage, tooManyBytesMessage } from '@keyloft/contract/fieldLimits';
import { isWellFormedText } from '@keyloft/contract/wellFormedText';

/** 'Title contains a broken character …': text with half of an emoji cannot be stored (issue #17). */
export function brokenReason(field: string): string {
  return `${field} contains a broken character (half of an emoji or symbol), which cannot be stored.`;
}

export function tooLongReason(field: string, max: number, length: number): string {
  return `${tooLongMessage(field, max)}; this one has ${length}.`;
}

export function tooManyBytesReason(field: string, bytes: number): string {
  return `${tooManyBytesMessage(field, ENTRY_SECRET_MAX_BYTES)}; this one has ${bytes}.`;
}

const encoder = new TextEncoder();

/** UTF-8 bytes, without encoding the many values too short to be over the limit (3 bytes a UTF-16 unit at most). */
export function overByteLimit(value: string): number | null {
  if (value.length * 3 <= ENTRY_SECRET_MAX_BYTES) return null;
  const bytes = encoder.encode(value).length;
  return bytes > ENTRY_SECRET_MAX_BYTES ? bytes : null;
}

export interface StoredFields {
  readonly title: string;
  readonly url: string;
  readonly username: string;
  readonly password: string;
  readonly notes: string;
}

/** Every limit the entry breaks, one sentence each; [] when it can be stored. Broken text is checked by the caller, per source. */
export function limitReasons(fields: StoredFields): string[] {
  const reasons: string[] = [];
  if (fields.title.length > FIELD_LIMITS.entryTitle) reasons.push(tooLongReason('Title', FIELD_LIMITS.entryTitle, fields.title.length));
  if (fields.url.length > FIELD_LIMITS.entryUrl) reasons.push(tooLongReason('URL', FIELD_LIMITS.entryUrl, fields.url.length));
  for (const [field, value] of [['Username', fields.username], ['Password', fields.password]] as const) {
    const bytes = overByteLimit(value);
    if (bytes !== null) reasons.push(tooManyBytesReason(field, bytes));
  }
  if (fields.notes.length > FIELD_LIMITS.entryNotes) reasons.push(tooLongReason('Notes', FIELD_LIMITS.entryNotes, fields.notes.length));
  return reasons;
}

/** The first value that is not well-formed text, as a reason; null when all are. */
export function brokenTextReason(values: readonly (readonly [field: string, value: string])[]): string | null {
  const broken = values.find(([, value]) => !isWellFormedText(value));
  return broken === undefined ? null : brokenReason(broken[0]);
}
