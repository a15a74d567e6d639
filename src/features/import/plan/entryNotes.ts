// An entry's notes as the import writes them (docs/import.md "What the import decides"): what the
// entry has no field for is kept here, labelled, so nothing is lost. Blocks are separated by a
// blank line: a line naming the kind (for anything but a login), the item's own notes, its extras.
import type { ImportItemKind, LabelledValue } from '../model';

/** The first line of a non-login entry's notes: the vault only has logins, so it says what the item was. */
export const KIND_LINES: Readonly<Record<Exclude<ImportItemKind, 'login'>, string>> = {
  note: 'Imported from a secure note.',
  card: 'Imported from a card.',
  identity: 'Imported from an identity.',
  other: 'Imported from an item that was not a login.',
};

export interface NotesParts {
  readonly kind: ImportItemKind;
  /** Trimmed. */
  readonly notes: string;
  /** Trimmed, none empty. */
  readonly extras: readonly LabelledValue[];
}

export function composeNotes(parts: NotesParts): string {
  const blocks: string[] = [];
  if (parts.kind !== 'login') blocks.push(KIND_LINES[parts.kind]);
  if (parts.notes !== '') blocks.push(parts.notes);
  blocks.push(...extraBlocks(parts.extras));
  return blocks.join('\n\n');
}

/**
 * One-line extras stay together as `Label: value` lines. A multi-line value (a private key, an
 * address) gets a block of its own: `Label:` on a line, then its lines exactly as they were, so it
 * can be copied whole and where it ends is plain.
 */
function extraBlocks(extras: readonly LabelledValue[]): string[] {
  const blocks: string[] = [];
  let lines: string[] = [];
  for (const { label, value } of extras) {
    if (!value.includes('\n')) {
      lines.push(`${label}: ${value}`);
      continue;
    }
    if (lines.length > 0) blocks.push(lines.join('\n'));
    lines = [];
    blocks.push(`${label}:\n${value}`);
  }
  if (lines.length > 0) blocks.push(lines.join('\n'));
  return blocks;
}
