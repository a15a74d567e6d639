import { useEffect, useRef, useState } from 'react';
import { CLIPBOARD_CLEAR_MS, COPIED_INDICATOR_MS, copyToClipboard } from '../../../ui/clipboard';

/** What can be copied from an entry: an earlier password is `history-N`, N its place in the history. */
export type CopyField = 'username' | 'password' | 'otp' | `history-${number}` | ItemCopyField;

/** A field of an item of another kind (issue #44), by its key in the pane: `field-number`, `field-custom-2`. */
export type ItemCopyField = `field-${string}`;

/** How an item's field is named and kept: a hidden field is cleared from the clipboard like a password. */
export interface CopyOptions {
  readonly label: string;
  readonly secret: boolean;
}

/** Everything but the username is a secret: cleared from the clipboard again. An item's field says itself. */
function isSecret(field: CopyField, options?: CopyOptions): boolean {
  return options?.secret ?? field !== 'username';
}

const WHAT: Readonly<Record<'username' | 'password' | 'otp' | 'history', string>> = {
  username: 'Username',
  password: 'Password',
  otp: 'One-time code',
  history: 'Earlier password',
};

export interface CopyFeedback {
  readonly field: CopyField;
  readonly ok: boolean;
  /** An item's field: its name and whether it is hidden (absent for a login's own fields). */
  readonly options?: CopyOptions;
}

/** What a screen reader hears after a copy. */
export function copyAnnouncement(feedback: CopyFeedback | null): string {
  if (feedback === null) return '';
  const what = feedback.options?.label ?? WHAT[feedback.field.startsWith('history-') ? 'history' : (feedback.field as keyof typeof WHAT)];
  if (!feedback.ok) return `${what} could not be copied.`;
  return isSecret(feedback.field, feedback.options) ? `${what} copied. Clipboard clears in ${CLIPBOARD_CLEAR_MS / 1000} s.` : `${what} copied.`;
}

/**
 * Copying a row's username or password, and what the last copy said: a tick that goes after 2 s
 * (SPEC.md §9), or a failure that stays until the next attempt so it can be read. A copied
 * password is cleared from the clipboard again.
 */
export function useCopyFeedback() {
  const [feedback, setFeedback] = useState<CopyFeedback | null>(null);
  const serial = useRef(0);

  useEffect(() => {
    if (feedback === null || !feedback.ok) return;
    const timer = setTimeout(() => {
      setFeedback(null);
    }, COPIED_INDICATOR_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [feedback]);

  /**
   * Copies what `read` gives; a throw from it or from the clipboard is a failed copy. Resolves
   * what the feedback now says, or null when a later copy overtook this one.
   */
  async function copy(field: CopyField, read: () => string | Promise<string>, options?: CopyOptions): Promise<CopyFeedback | null> {
    serial.current += 1;
    const mine = serial.current;
    let ok = true;
    try {
      const text = await read();
      await (isSecret(field, options) ? copyToClipboard(text, { clearAfterMs: CLIPBOARD_CLEAR_MS }) : copyToClipboard(text));
    } catch {
      ok = false;
    }
    // A slower, earlier copy must not overwrite the feedback of a later one.
    // A new object each time, so a second copy within 2 s restarts the tick's timer.
    if (mine !== serial.current) return null;
    const said = options === undefined ? { field, ok } : { field, ok, options };
    setFeedback(said);
    return said;
  }

  return { feedback, copy };
}
