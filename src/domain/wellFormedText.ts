// Text must be well-formed UTF-16 before anything writes it (issue #17 item 6). A lone surrogate
// (half of an emoji, left by a bad paste or a cut in the middle of a pair) is not text: Firestore's
// SDK cannot encode it (a title with one hung every later save of that tab) and UTF-8 encoding
// turns it into U+FFFD (a password with one was silently saved as another password). The forms
// refuse it naming the field; the callables refuse it too (functions/src/lib/payload.ts).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` has no unpaired surrogate (String.prototype.isWellFormed, ES2024). */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** The message naming the field, e.g. 'Title contains a broken character …'. */
export function brokenTextMessage(field: string): string {
  return `${field} contains a broken character (half of an emoji or symbol). Retype that part and try again.`;
}
