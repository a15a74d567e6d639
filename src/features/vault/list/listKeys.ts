// The list's keys, as pure decisions: where a key moves the selection, which shortcut a key press
// is, and what the help dialog lists. The DOM side (who is focused, what is open) is
// useListKeyboard's.

/** The selection after `key` in a list of `count` rows whose selected row is `current` (-1: none); null when the key does not move it. */
export function nextIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(current + 1, last);
    case 'ArrowUp':
      return current < 0 ? 0 : Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

export type CopyShortcut = 'password' | 'username';

/** What a key press needs to be told apart: the fields of a KeyboardEvent. */
export interface KeyPress {
  readonly key: string;
  readonly code: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
}

/**
 * Alt+P and Alt+U copy the selected entry's password and username. Matched on the physical key
 * (`code`), because on macOS Option+P types 'π', not 'p'.
 */
export function copyShortcutOf(press: KeyPress): CopyShortcut | null {
  if (!press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return null;
  if (press.code === 'KeyP') return 'password';
  if (press.code === 'KeyU') return 'username';
  return null;
}

/** The page-wide keys, pressed outside a text field: '/' focuses search, '?' opens the help. */
export function pageShortcutOf(press: KeyPress): 'search' | 'help' | null {
  if (press.altKey || press.ctrlKey || press.metaKey) return null;
  if (press.key === '/') return 'search';
  if (press.key === '?') return 'help';
  return null;
}

/** What the 'Keyboard shortcuts' dialog lists, in order. */
export const SHORTCUTS: readonly { readonly keys: readonly string[]; readonly action: string }[] = [
  { keys: ['/'], action: 'Focus the search box' },
  { keys: ['↓', '↑'], action: 'Select the next or previous item' },
  { keys: ['Home', 'End'], action: 'Select the first or last item' },
  { keys: ['Enter'], action: 'Open the selected item' },
  { keys: ['Alt', 'P'], action: 'Copy the selected item’s password' },
  { keys: ['Alt', 'U'], action: 'Copy the selected item’s username' },
  { keys: ['Esc'], action: 'Back to the list (on a phone)' },
  { keys: ['?'], action: 'Show these shortcuts' },
];
