// Characters an email address must never hold (issue #16 item 9). Bidi controls reorder what a
// reader sees ("moc.elpmaxe@..." shown as something else) and zero-width characters make two
// addresses look identical; no real mailbox needs either. Shared by every form and callable that
// takes an address, so each refuses the same set with the same words. Pure: no I/O.

/**
 * U+202A–U+202E (embeddings and overrides), U+2066–U+2069 (isolates), U+200E/U+200F and U+061C
 * (direction marks); U+200B–U+200D (zero-width space, non-joiner, joiner), U+2060 (word joiner)
 * and U+FEFF (zero-width no-break space).
 */
const HIDDEN_CHARACTERS = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\u061C\uFEFF]/u;

export const HIDDEN_CHARACTERS_MESSAGE = 'Email addresses cannot contain invisible or text-direction characters.';

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text);
}

/**
 * The per-recipient cap's refusal (functions/src/email/recipientCap.ts, docs/email.md): the same
 * words whoever asks and whether or not the address has an account. Here so screens can show it.
 */
export const RECIPIENT_CAP_MESSAGE = 'This email address has received too many emails from Keyloft today. Please try again tomorrow.';

/** The same, when the address's hourly allowance is used up but not its daily one. */
export const RECIPIENT_HOURLY_CAP_MESSAGE = 'This email address has received too many emails from Keyloft in the last hour. Please try again in an hour.';
