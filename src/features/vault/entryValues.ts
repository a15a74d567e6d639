import type { PasswordEntry } from './model';

// Whether two versions of an entry hold the same values (issue #42): a key rotation re-encrypts a
// team entry (a new revision and key version, the same values), and sealing a format-1 entry
// writes it anew. A form opened on the older version has lost nothing to such a write, so a save
// goes on the newer revision without asking. Pure: the callers open the details first.

/** An empty url or notes is stored as null. */
const sameOptional = (a: string | null | undefined, b: string | null | undefined) => (a ?? '') === (b ?? '');

function sameHistory(a: PasswordEntry['passwordHistory'], b: PasswordEntry['passwordHistory']): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return (
    left.length === right.length &&
    left.every((item, at) => {
      const other = right[at];
      return other !== undefined && item.password === other.password && item.replacedAt === other.replacedAt;
    })
  );
}

/**
 * True when `a` and `b` have the same values in their overview and details (title, url, username,
 * password, notes, one-time code, password history) and the same group. False whenever either
 * cannot say: details not opened yet, undecryptable or damaged.
 */
export function sameEntryValues(a: PasswordEntry, b: PasswordEntry): boolean {
  const known = (entry: PasswordEntry) => entry.sealedDetails === undefined && !entry.undecryptable && entry.damaged === undefined;
  return (
    known(a) &&
    known(b) &&
    a.id === b.id &&
    a.title === b.title &&
    sameOptional(a.url, b.url) &&
    a.username === b.username &&
    a.password === b.password &&
    sameOptional(a.notes, b.notes) &&
    sameOptional(a.otp, b.otp) &&
    a.groupId === b.groupId &&
    sameHistory(a.passwordHistory, b.passwordHistory)
  );
}
