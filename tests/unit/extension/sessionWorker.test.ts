import { describe, expect, it } from 'vitest';
import { CLIPBOARD_CLEAR_MS } from '../../../src/ui/clipboard';
import { planClear } from '../../../extension/src/worker/clipboardClear';
import { ACTIVE, CLEAR_CLIPBOARD, parseActive, parseClearClipboard, parseCopied } from '../../../extension/src/worker/sessionMessages';
import { autoLockAt, EXTENSION_AUTO_LOCK, locksOnIdleState } from '../../../extension/src/worker/autoLockPlan';
import { DEFAULT_AUTO_LOCK } from '../../../src/session/autoLock';

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

describe('the extension’s auto-lock', () => {
  it('forgets the key the web vault’s default idle time after the popup was last used', () => {
    expect(EXTENSION_AUTO_LOCK).toEqual(DEFAULT_AUTO_LOCK);
    expect(autoLockAt(1_000)).toBe(1_000 + 15 * 60_000);
    expect(autoLockAt(1_000, { idleMinutes: 1, lockWhenHidden: false })).toBe(61_000);
  });

  it('locks when the screen locks, not when the computer is merely idle or active', () => {
    expect(locksOnIdleState('locked')).toBe(true);
    expect(locksOnIdleState('idle')).toBe(false);
    expect(locksOnIdleState('active')).toBe(false);
  });

  it('reads the activity message only in its exact shape', () => {
    expect(parseActive(ACTIVE)).toBe(ACTIVE);
    expect(parseActive({ ...ACTIVE, idleMinutes: 240 })).toBeNull();
    expect(parseActive({ kind: 'keyloft/active', v: 2 })).toBeNull();
  });
});
