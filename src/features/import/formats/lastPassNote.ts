// The `extra` cell of a LastPass secure note made from a template (credit card, server, address…):
// 'NoteType:Credit Card' on the first line, then one 'Field Name:value' line per field, the free
// text last under 'Notes:'. A note without 'NoteType:' is free text and is not read here.
import type { ImportItemKind, LabelledValue } from '../model';
import { isBlank } from './csv/readCsv';

export interface TypedNote {
  readonly noteType: string;
  readonly kind: ImportItemKind;
  readonly username: string;
  readonly password: string;
  readonly notes: string;
  readonly fields: readonly LabelledValue[];
}

const NOTE_TYPE = 'NoteType:';
const IDENTITY_TYPES = new Set(['Address', 'Driver’s License', "Driver's License", 'Passport', 'Social Security']);
// Fields LastPass writes into every template that say nothing about the item.
const BOOKKEEPING = new Set(['Language']);
// A field line: a name of letters, digits, spaces and a little punctuation, then a colon.
const FIELD_LINE = /^([A-Za-z][A-Za-z0-9 '’./#()-]*):(.*)$/s;

function kindOf(noteType: string): ImportItemKind {
  if (noteType === 'Credit Card') return 'card';
  return IDENTITY_TYPES.has(noteType) ? 'identity' : 'other';
}

/** LastPass writes an empty month-and-year field as a lone comma ('Start Date:,'). */
function isEmptyValue(value: string): boolean {
  return isBlank(value.replace(/,/g, ''));
}

export function readTypedNote(extra: string): TypedNote | undefined {
  if (!extra.startsWith(NOTE_TYPE)) return undefined;
  const [first = '', ...lines] = extra.split(/\r?\n/);
  const noteType = first.slice(NOTE_TYPE.length);
  const fields: { label: string; value: string }[] = [];
  let notes: string | undefined;
  for (const line of lines) {
    if (notes !== undefined) {
      notes = `${notes}\n${line}`;
      continue;
    }
    const match = FIELD_LINE.exec(line);
    const last = fields[fields.length - 1];
    if (match === null && last !== undefined) {
      // A value that runs over several lines (a private key, an address).
      last.value = `${last.value}\n${line}`;
    } else if (match?.[1] === 'Notes') {
      notes = match[2] ?? '';
    } else {
      fields.push({ label: match?.[1] ?? 'Text', value: match?.[2] ?? line });
    }
  }
  const take = (label: string): string => {
    const index = fields.findIndex((field) => field.label === label);
    return index === -1 ? '' : (fields.splice(index, 1)[0]?.value ?? '');
  };
  const username = take('Username');
  const password = take('Password');
  return {
    noteType,
    kind: kindOf(noteType),
    username,
    password,
    notes: notes ?? '',
    fields: fields.filter((field) => !BOOKKEEPING.has(field.label) && !isEmptyValue(field.value)),
  };
}
