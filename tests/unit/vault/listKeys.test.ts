import { describe, expect, it } from 'vitest';
import { copyShortcutOf, nextIndex, pageShortcutOf, SHORTCUTS, type KeyPress } from '../../../src/features/vault/list/listKeys';

function press(fields: Partial<KeyPress>): KeyPress {
  return { key: '', code: '', altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...fields };
}

describe('nextIndex', () => {
  it('moves down and up one row, stopping at the ends', () => {
    expect(nextIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextIndex('ArrowDown', 2, 3)).toBe(2);
    expect(nextIndex('ArrowUp', 2, 3)).toBe(1);
    expect(nextIndex('ArrowUp', 0, 3)).toBe(0);
  });

  it('starts at the first row when nothing is selected', () => {
    expect(nextIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextIndex('ArrowUp', -1, 3)).toBe(0);
  });

  it('goes to the first and last rows with Home and End', () => {
    expect(nextIndex('Home', 5, 10)).toBe(0);
    expect(nextIndex('End', 5, 10)).toBe(9);
    expect(nextIndex('End', -1, 1)).toBe(0);
  });

  it('moves nowhere in an empty list, or for another key', () => {
    expect(nextIndex('ArrowDown', -1, 0)).toBeNull();
    expect(nextIndex('End', -1, 0)).toBeNull();
    expect(nextIndex('a', 1, 3)).toBeNull();
    expect(nextIndex('Enter', 1, 3)).toBeNull();
  });
});

describe('copyShortcutOf', () => {
  it('matches Alt+P and Alt+U on the physical key, whatever character they type', () => {
    expect(copyShortcutOf(press({ key: 'p', code: 'KeyP', altKey: true }))).toBe('password');
    expect(copyShortcutOf(press({ key: 'π', code: 'KeyP', altKey: true }))).toBe('password');
    expect(copyShortcutOf(press({ key: '¨', code: 'KeyU', altKey: true }))).toBe('username');
  });

  it('ignores the keys without Alt, or with another modifier', () => {
    expect(copyShortcutOf(press({ key: 'p', code: 'KeyP' }))).toBeNull();
    expect(copyShortcutOf(press({ key: 'p', code: 'KeyP', altKey: true, ctrlKey: true }))).toBeNull();
    expect(copyShortcutOf(press({ key: 'P', code: 'KeyP', altKey: true, shiftKey: true }))).toBeNull();
    expect(copyShortcutOf(press({ key: 'p', code: 'KeyP', altKey: true, metaKey: true }))).toBeNull();
    expect(copyShortcutOf(press({ key: 'x', code: 'KeyX', altKey: true }))).toBeNull();
  });
});

describe('pageShortcutOf', () => {
  it('answers / and ?, without Ctrl, Alt or Meta', () => {
    expect(pageShortcutOf(press({ key: '/', code: 'Slash' }))).toBe('search');
    expect(pageShortcutOf(press({ key: '?', code: 'Slash', shiftKey: true }))).toBe('help');
    expect(pageShortcutOf(press({ key: '/', code: 'Slash', ctrlKey: true }))).toBeNull();
    expect(pageShortcutOf(press({ key: '/', code: 'Slash', metaKey: true }))).toBeNull();
    expect(pageShortcutOf(press({ key: 'a', code: 'KeyA' }))).toBeNull();
  });

  it('lists every key it answers in the help', () => {
    const listed = SHORTCUTS.flatMap((shortcut) => shortcut.keys);
    for (const key of ['/', '?', '↓', '↑', 'Home', 'End', 'Enter', 'P', 'U', 'Alt', 'Esc']) expect(listed).toContain(key);
  });
});
