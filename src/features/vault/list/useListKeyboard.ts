import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { copyShortcutOf, nextIndex, pageShortcutOf, type CopyShortcut } from './listKeys';

export interface ListKeyboardOptions {
  /** Rows in the list, and the selected one's index (-1: none). */
  readonly count: number;
  readonly selectedIndex: number;
  readonly searchRef: RefObject<HTMLInputElement | null>;
  /** Selects row `index`; `focusRow` when focus is in the list (roving focus), not in the search box. */
  readonly onMove: (index: number, focusRow: boolean) => void;
  /** Selects and opens row `index` (Enter). */
  readonly onOpen: (index: number) => void;
  readonly onCopy: (field: CopyShortcut) => void;
  /** Opens the 'Keyboard shortcuts' dialog ('?'). */
  readonly onHelpOpenChange: (open: boolean) => void;
}

const TEXT_ENTRY = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

function inTextEntry(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TEXT_ENTRY) !== null;
}

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/**
 * The list's keys: arrows, Home/End and Enter in the search box and the rows, Alt+P/Alt+U
 * anywhere in the list, and on the page '/' (focus search) and '?' (the shortcuts dialog). With
 * several lists on a page, the first one answers the page's keys.
 */
export function useListKeyboard(options: ListKeyboardOptions) {
  // The document listener reads the latest options without being added again on every render.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    function onPageKeyDown(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || inTextEntry(event.target) || dialogOpen()) return;
      const action = pageShortcutOf(event);
      const search = latest.current.searchRef.current;
      if (action === null || search === null || document.querySelector('[data-list-search]') !== search) return;
      event.preventDefault();
      if (action === 'search') search.focus();
      else latest.current.onHelpOpenChange(true);
    }
    document.addEventListener('keydown', onPageKeyDown);
    return () => {
      document.removeEventListener('keydown', onPageKeyDown);
    };
  }, []);

  /** Alt+P / Alt+U, from the search box, a row or the pane (not from a dialog, which React bubbles here through its portal). */
  function onListKeyDown(event: KeyboardEvent<HTMLElement>) {
    const field = copyShortcutOf(event);
    if (field === null || event.defaultPrevented || options.selectedIndex < 0) return;
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    event.preventDefault();
    options.onCopy(field);
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      if (options.selectedIndex < 0) return;
      event.preventDefault();
      options.onOpen(options.selectedIndex);
      return;
    }
    // Home and End stay the text box's own (caret to the start or end).
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const next = nextIndex(event.key, options.selectedIndex, options.count);
    if (next === null) return;
    event.preventDefault();
    options.onMove(next, false);
  }

  /** Keys on the row at `index` (the one holding focus, which is normally the selected one). */
  function onRowKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onSelectButton = event.target instanceof Element && event.target.classList.contains('pw-row__select');
    if (event.key === 'Enter' && onSelectButton) {
      event.preventDefault();
      options.onOpen(index);
      return;
    }
    const next = nextIndex(event.key, index, options.count);
    if (next === null) return;
    event.preventDefault();
    options.onMove(next, true);
  }

  return { onListKeyDown, onSearchKeyDown, onRowKeyDown };
}
