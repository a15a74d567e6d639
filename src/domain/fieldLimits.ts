// The sizes firestore.rules allows, in one place for the forms (issue #17 item 5): a form refuses
// an oversize field with a message naming the field and the limit, instead of the write being
// refused by the rules and read as 'no permission'. tests/unit/domain/fieldLimits.test.ts reads
// the numbers out of firestore.rules, so the two cannot drift.
//
// The rules' string size() counts UTF-16 code units, as JavaScript's length does (checked on the
// emulator: 250 emoji make a 500-unit title, which isEntryContent accepts; 251 are refused).

/** AES-GCM as stored (src/crypto): a 12-byte IV and a 16-byte tag around the ciphertext. */
export const SEAL_OVERHEAD_BYTES = 28;

export const FIELD_LIMITS = {
  /** isEntryContent: title 1–500, url 1–2048, notes 1–10000 (url and notes omitted when empty). */
  entryTitle: 500,
  entryUrl: 2048,
  entryNotes: 10_000,
  /** isEntryContent: isSealed(username|password, 0, 6144), the stored bytes. */
  entrySealedBytes: 6144,
  /**
   * isSealedEntryContent (format 2): the sealed overview {title, url, username} and details
   * {password, notes, otp, history} as stored bytes. Set so the largest fields the form accepts
   * fit even when JSON escapes every character to six bytes, with a one-time code and a history of
   * ten such passwords (tests/unit/domain/fieldLimits.test.ts); an entry so large is still well
   * under Firestore's 1 MiB document.
   */
  entryOverviewSealedBytes: 65_536,
  entryDetailsSealedBytes: 524_288,
  /** Not a rule of its own: the longest one-time code link the form keeps (it is in the sealed details). */
  entryOneTimeCode: 2048,
  /** Not a rule of its own: the passwords an entry's history keeps (issue #23), each at most ENTRY_SECRET_MAX_BYTES. */
  entryPasswordHistory: 10,
  /**
   * Not rules of their own: the URLs a login keeps and the custom fields any item keeps (issue #44,
   * src/features/vault/items/itemLimits.ts). The sealed size is what the rules bound; these keep an
   * item usable, and the form and the import enforce both.
   */
  itemUrls: 20,
  itemCustomFields: 50,
  /** isGroupContent (personal and team groups): name 1–100, description up to 500. */
  groupName: 100,
  groupDescription: 500,
  /** isTeamDetailsEdit and createTeam: name 1–100, description 1–500. */
  teamName: 100,
  teamDescription: 500,
} as const;

/** The most UTF-8 bytes a username or password may have: what fits the sealed limit. */
export const ENTRY_SECRET_MAX_BYTES = FIELD_LIMITS.entrySealedBytes - SEAL_OVERHEAD_BYTES;

/** 'Title must be at most 500 characters'. */
export function tooLongMessage(field: string, max: number): string {
  return `${field} must be at most ${max} characters`;
}

/** 'Password must be at most 6116 bytes (fewer characters for accented letters, other scripts or emoji)'. */
export function tooManyBytesMessage(field: string, maxBytes: number): string {
  return `${field} must be at most ${maxBytes} bytes (fewer characters for accented letters, other scripts or emoji)`;
}

export function utf8Length(value: string): number {
  return new TextEncoder().encode(value).length;
}
