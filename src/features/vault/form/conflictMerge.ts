import type { PasswordEntry } from '../model';
import type { ValidPasswordDraft } from './validatePasswordDraft';

// "Keep mine" after a conflict (docs/vault.md, "Revisions"): the fields the user changed since the
// form opened, on top of the entry saved meanwhile. A field only the other side changed keeps
// their value, so choosing one's own version never undoes an edit the user did not make; a field
// both changed is the user's, and the conflict showed them both before they chose.

/** An empty url or notes is stored as null and typed as ''. */
const same = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

/** What "Keep mine" saves: `mine` where it differs from `opened`, `newer` everywhere else. */
export function keepMineOnNewer(opened: PasswordEntry, mine: ValidPasswordDraft, newer: PasswordEntry): ValidPasswordDraft {
  const text = (field: 'title' | 'username' | 'password'): string => (same(mine[field], opened[field]) ? newer[field] : mine[field]);
  const optional = (field: 'url' | 'notes' | 'groupId'): string | null => (same(mine[field], opened[field]) ? newer[field] : mine[field]);
  // A draft that leaves the one-time code alone keeps whatever the entry has when saved.
  const otp = mine.otp === undefined ? {} : { otp: same(mine.otp, opened.otp ?? null) ? (newer.otp ?? null) : mine.otp };
  return {
    title: text('title'),
    url: optional('url'),
    username: text('username'),
    password: text('password'),
    notes: optional('notes'),
    groupId: optional('groupId'),
    ...otp,
  };
}
