import type { PasswordEntry } from '../model';
import type { ValidPasswordDraft } from './validatePasswordDraft';

// "Keep mine" after a conflict (docs/vault.md, "Revisions"): the fields the user changed since the
// form opened, on top of the entry saved meanwhile. A field only the other side changed keeps
// their value, so choosing one's own version never undoes an edit the user did not make; a field
// both changed is the user's, and the conflict showed them both before they chose.

type Field = keyof ValidPasswordDraft;

const FIELDS: readonly Field[] = ['title', 'url', 'username', 'password', 'notes', 'groupId'];

/** An empty url or notes is stored as null and typed as ''. */
const same = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

/** What "Keep mine" saves: `mine` where it differs from `opened`, `newer` everywhere else. */
export function keepMineOnNewer(opened: PasswordEntry, mine: ValidPasswordDraft, newer: PasswordEntry): ValidPasswordDraft {
  const merged: Record<Field, string | null> = { ...mine };
  for (const field of FIELDS) {
    if (same(mine[field], opened[field])) merged[field] = newer[field];
  }
  return merged as unknown as ValidPasswordDraft;
}
