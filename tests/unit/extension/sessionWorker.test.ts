import { describe, expect, it } from 'vitest';
import { CLIPBOARD_CLEAR_MS } from '../../../src/ui/clipboard';
import { planClear } from '../../../extension/src/worker/clipboardClear';
import { ACTIVE, CLEAR_CLIPBOARD, parseActive, parseClearClipboard, parseCopied } from '../../../extension/src/worker/sessionMessages';
import { autoLockAt, locksOnIdleState } from '../../../extension/src/worker/autoLockPlan';
import { keepIdleMinutes, keptIdleMinutes } from '../../../extension/src/worker/autoLockChoice';
import type { SessionArea } from '../../../extension/src/session/vaultKeyStore';

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
  it('forgets the key the idle time after the popup was last used: the web vault’s default, or the choice given', () => {
    expect(autoLockAt(1_000)).toBe(1_000 + 15 * 60_000);
    expect(autoLockAt(1_000, 1)).toBe(61_000);
    expect(autoLockAt(1_000, 240)).toBe(1_000 + 240 * 60_000);
  });

  it('follows the idle time the web vault sent, kept in session storage; the default until then', async () => {
    const held = new Map<string, unknown>();
    const area = {
      get: (key: string) => Promise.resolve(held.has(key) ? { [key]: held.get(key) } : {}),
      set: (items: Record<string, unknown>) => {
        for (const [key, value] of Object.entries(items)) held.set(key, value);
        return Promise.resolve();
      },
      remove: (key: string) => Promise.resolve(held.delete(key)),
    } as unknown as SessionArea;
    expect(await keptIdleMinutes(area)).toBe(15);
    await keepIdleMinutes(area, 60);
    expect(await keptIdleMinutes(area)).toBe(60);
    // Not a choice of the web vault's: refused, and the kept one stays.
    await expect(keepIdleMinutes(area, 7)).rejects.toThrow('Not an auto-lock choice: 7');
    expect(await keptIdleMinutes(area)).toBe(60);
    // Whatever else sits under the key reads as the default.
    held.set('keyloft.autoLockMinutes', '60');
    expect(await keptIdleMinutes(area)).toBe(15);
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
