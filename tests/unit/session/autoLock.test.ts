import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_AUTO_LOCK,
  autoLockStorageKey,
  createAutoLockPreferences,
  isIdleLockDue,
  parseAutoLockSettings,
} from '../../../src/session/autoLock';
import { MemoryStorage } from '../../support/memoryStorage';

describe('auto-lock settings', () => {
  it('default to 15 minutes, not on hide', () => {
    expect(DEFAULT_AUTO_LOCK).toEqual({ idleMinutes: 15, lockWhenHidden: false });
    expect(parseAutoLockSettings(null)).toEqual(DEFAULT_AUTO_LOCK);
  });

  it('read what was stored, and fall back field by field on anything else', () => {
    expect(parseAutoLockSettings('{"idleMinutes":5,"lockWhenHidden":true}')).toEqual({ idleMinutes: 5, lockWhenHidden: true });
    expect(parseAutoLockSettings('{"idleMinutes":7,"lockWhenHidden":true}')).toEqual({ idleMinutes: 15, lockWhenHidden: true });
    expect(parseAutoLockSettings('{"idleMinutes":0}')).toEqual(DEFAULT_AUTO_LOCK);
    expect(parseAutoLockSettings('{"idleMinutes":"5","lockWhenHidden":"yes"}')).toEqual(DEFAULT_AUTO_LOCK);
    expect(parseAutoLockSettings('not json')).toEqual(DEFAULT_AUTO_LOCK);
    expect(parseAutoLockSettings('null')).toEqual(DEFAULT_AUTO_LOCK);
  });

  it('are kept per user and announce a change', () => {
    const storage = new MemoryStorage();
    const preferences = createAutoLockPreferences(storage);
    const listener = vi.fn();
    preferences.subscribe(listener);
    preferences.set('ana', { idleMinutes: 60, lockWhenHidden: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(preferences.get('ana')).toEqual({ idleMinutes: 60, lockWhenHidden: true });
    expect(preferences.get('bob')).toEqual(DEFAULT_AUTO_LOCK);
    expect(storage.getItem(autoLockStorageKey('ana'))).toBe('{"idleMinutes":60,"lockWhenHidden":true}');
  });
});

describe('isIdleLockDue', () => {
  it('is due once the idle minutes have passed, not a millisecond before', () => {
    const settings = { idleMinutes: 15, lockWhenHidden: false };
    expect(isIdleLockDue(0, 15 * 60_000 - 1, settings)).toBe(false);
    expect(isIdleLockDue(0, 15 * 60_000, settings)).toBe(true);
  });
});
