import { describe, expect, it } from 'vitest';
import { CLIPBOARD_CLEAR_MS } from '../../../src/ui/clipboard';
import { planClear } from '../../../extension/src/worker/clipboardClear';
import { CLEAR_CLIPBOARD, parseClearClipboard, parseCopied } from '../../../extension/src/worker/sessionMessages';

describe('the clipboard clear after a copy in the popup', () => {
  it('clears a secret 30 s after its copy, as the web vault does', () => {
    expect(planClear({ kind: 'keyloft/copied', v: 1, secret: true }, 1_000)).toEqual({ kind: 'clear-at', when: 1_000 + CLIPBOARD_CLEAR_MS });
    expect(CLIPBOARD_CLEAR_MS).toBe(30_000);
  });

  it('cancels a pending clear when a username is copied after it: the secret is no longer on the clipboard', () => {
    expect(planClear({ kind: 'keyloft/copied', v: 1, secret: false }, 1_000)).toEqual({ kind: 'cancel' });
  });

  it('reads the copy message only in its exact shape', () => {
    expect(parseCopied({ kind: 'keyloft/copied', v: 1, secret: true })).toEqual({ kind: 'keyloft/copied', v: 1, secret: true });
    expect(parseCopied({ kind: 'keyloft/copied', v: 1, secret: 'yes' })).toBeNull();
    expect(parseCopied({ kind: 'keyloft/copied', v: 2, secret: true })).toBeNull();
    expect(parseCopied({ kind: 'keyloft/copied', v: 1, secret: true, text: 'hunter2' })).toBeNull();
    expect(parseCopied(null)).toBeNull();
    expect(parseClearClipboard(CLEAR_CLIPBOARD)).toBe(CLEAR_CLIPBOARD);
    expect(parseClearClipboard({ ...CLEAR_CLIPBOARD, text: '' })).toBeNull();
  });
});
