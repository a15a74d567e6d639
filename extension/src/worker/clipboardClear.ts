import { CLIPBOARD_CLEAR_MS } from '../../../src/ui/clipboard';
import type { Copied } from './sessionMessages';

// When the clipboard is cleared after a copy in the popup (docs/extension.md, "Copying"). As the
// web vault's copyToClipboard (src/ui/clipboard.ts): a secret is wiped CLIPBOARD_CLEAR_MS after it
// was copied, and any later copy replaces the pending clear (a password copied after another
// brings its own 30 s; a username copied after a password means the password is no longer on the
// clipboard, so nothing of ours is left to clear). The wait is a chrome.alarms alarm of one name,
// so a new copy replaces it, and it survives the worker being stopped in between.

export const CLIPBOARD_ALARM = 'keyloft.clearClipboard';

export type ClearPlan = { readonly kind: 'clear-at'; readonly when: number } | { readonly kind: 'cancel' };

export function planClear(copied: Copied, now: number): ClearPlan {
  return copied.secret ? { kind: 'clear-at', when: now + CLIPBOARD_CLEAR_MS } : { kind: 'cancel' };
}
