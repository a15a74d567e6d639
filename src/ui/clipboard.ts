// Copying secrets (SPEC.md §2, §9): vault passwords, invitation links. A copied secret is wiped
// from the clipboard later, the way password managers do it: unconditionally, by writing '' (a page cannot read the
// clipboard to check what is there without a permission prompt).
//
// The pending clear lives here, in the module, not in a component: a row that scrolls out of the
// virtualised list, or a screen the user leaves, must not take the clear with it. A later copy
// that succeeds replaces the pending clear (the old password is no longer on the clipboard, and
// the new value brings its own clear if it is a password).

/** How long the 'copied' tick stays (SPEC.md §9). */
export const COPIED_INDICATOR_MS = 2_000;

/** How long a copied password stays on the clipboard. */
export const CLIPBOARD_CLEAR_MS = 30_000;

let generation = 0;
let pendingTimer: ReturnType<typeof setTimeout> | null = null;
let pendingRetry: (() => void) | null = null;

function cancelPendingClear(): void {
  if (pendingTimer !== null) clearTimeout(pendingTimer);
  pendingTimer = null;
  if (pendingRetry !== null) window.removeEventListener('focus', pendingRetry);
  pendingRetry = null;
}

async function clearClipboard(owner: number): Promise<void> {
  try {
    await navigator.clipboard.writeText('');
  } catch {
    // Browsers refuse clipboard writes from a page without focus, which is the usual case 30 s
    // after copying a password to paste it elsewhere: clear as soon as the user comes back.
    if (owner !== generation) return;
    const retry = () => {
      pendingRetry = null;
      if (owner === generation) void navigator.clipboard.writeText('').catch(() => undefined);
    };
    pendingRetry = retry;
    window.addEventListener('focus', retry, { once: true });
  }
}

/**
 * Writes `text` to the clipboard; rejects when the browser refuses (no clipboard API, no
 * permission, page not focused). With `clearAfterMs`, the clipboard is wiped that much later.
 */
export async function copyToClipboard(text: string, { clearAfterMs }: { clearAfterMs?: number } = {}): Promise<void> {
  // Inside the async function, so a missing navigator.clipboard (an insecure origin) rejects too.
  await navigator.clipboard.writeText(text);
  // Only a write that succeeded replaces the pending clear: a failed copy leaves the old password
  // on the clipboard, so its clear must still run.
  generation += 1;
  const owner = generation;
  cancelPendingClear();
  if (clearAfterMs === undefined) return;
  pendingTimer = setTimeout(() => {
    pendingTimer = null;
    void clearClipboard(owner);
  }, clearAfterMs);
}
