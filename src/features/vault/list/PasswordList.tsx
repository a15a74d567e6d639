import { useId, useMemo, useRef, useState, type ChangeEvent, type UIEvent } from 'react';
import type { Group, PasswordEntry } from '../model';
import { filterEntries } from './filterEntries';
import { PasswordItem } from './PasswordItem';
import './list.css';

export const EMPTY_TEXTS = {
  noEntries: 'No passwords yet. Add your first password!',
  noMatches: 'No passwords match your search.',
} as const;

/** Default height of one row in px; every row has this height (fixed-height windowing). */
export const DEFAULT_ROW_HEIGHT = 248;
/** Default height of the scroll container in px; it shrinks to fit a short list. */
export const DEFAULT_VIEWPORT_HEIGHT = 640;
/** Rows rendered above and below the visible ones, so Tab always has a next row to reach. */
export const DEFAULT_OVERSCAN = 3;

export interface PasswordListProps {
  entries: readonly PasswordEntry[];
  groups?: readonly Group[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (entry: PasswordEntry) => void;
  onDelete: (entry: PasswordEntry) => Promise<void>;
  /** Accessible name of the list, e.g. "Personal passwords". */
  label: string;
  /** Scroll container height in px. Injectable because jsdom has no layout. */
  viewportHeight?: number;
  rowHeight?: number;
  overscan?: number;
}

/** The window of rows to render for a scroll position: [start, end) in list indices. */
export function visibleRange(
  total: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  overscan: number,
): { start: number; end: number } {
  // A list that shrank (a search, a delete) may leave a stale scroll position behind.
  const maxScroll = Math.max(0, total * rowHeight - viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), maxScroll);
  const start = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const end = Math.min(total, Math.ceil((top + viewportHeight) / rowHeight) + overscan);
  return { start, end };
}

/**
 * The searchable, virtualised password list. Only the rows in view (plus an overscan) are in the
 * DOM; each carries aria-setsize/aria-posinset so screen readers know the full size. Focusing a
 * control in an overscan row makes the browser scroll it into view, which moves the window, so
 * Tab walks the whole list. The row holding focus stays rendered while scrolled away, so focus
 * (and an open delete dialog) is never dropped.
 */
export function PasswordList({
  entries,
  groups = [],
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  label,
  viewportHeight = DEFAULT_VIEWPORT_HEIGHT,
  rowHeight = DEFAULT_ROW_HEIGHT,
  overscan = DEFAULT_OVERSCAN,
}: PasswordListProps) {
  const searchId = useId();
  const listId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [scrollTop, setScrollTop] = useState(0);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const filtered = useMemo(() => filterEntries(entries, query), [entries, query]);
  const groupNames = useMemo(() => new Map(groups.map((group) => [group.id, group.name])), [groups]);

  function handleSearch(event: ChangeEvent<HTMLInputElement>) {
    setQuery(event.target.value);
    // A new result set starts at its top.
    if (viewportRef.current) viewportRef.current.scrollTop = 0;
    setScrollTop(0);
  }

  function handleScroll(event: UIEvent<HTMLDivElement>) {
    setScrollTop(event.currentTarget.scrollTop);
  }

  const total = filtered.length;
  const { start, end } = visibleRange(total, scrollTop, viewportHeight, rowHeight, overscan);
  const indices: number[] = [];
  for (let index = start; index < end; index += 1) indices.push(index);
  const focusedIndex = focusedId === null ? -1 : filtered.findIndex((entry) => entry.id === focusedId);
  if (focusedIndex >= 0 && focusedIndex < start) indices.unshift(focusedIndex);
  if (focusedIndex >= end) indices.push(focusedIndex);

  const searching = query.trim() !== '';
  const status = searching && entries.length > 0 ? `${total} ${total === 1 ? 'password matches' : 'passwords match'} your search.` : '';

  return (
    <div className="pw-list">
      <div className="field pw-list__search">
        <label htmlFor={searchId} className="field__label">
          Search passwords
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={query}
          onChange={handleSearch}
          autoComplete="off"
          spellCheck={false}
          aria-controls={total > 0 ? listId : undefined}
        />
      </div>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {entries.length === 0 ? (
        <p className="pw-list__empty">{EMPTY_TEXTS.noEntries}</p>
      ) : total === 0 ? (
        <p className="pw-list__empty">{EMPTY_TEXTS.noMatches}</p>
      ) : (
        <div ref={viewportRef} className="pw-list__viewport" style={{ maxHeight: viewportHeight }} onScroll={handleScroll}>
          <ul id={listId} role="list" aria-label={label} className="pw-list__rows" style={{ height: total * rowHeight }}>
            {indices.map((index) => {
              const entry = filtered[index];
              if (entry === undefined) return null;
              return (
                <PasswordItem
                  key={entry.id}
                  entry={entry}
                  groupName={entry.groupId === null ? null : (groupNames.get(entry.groupId) ?? null)}
                  canEdit={canEdit}
                  canDelete={canDelete}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  setSize={total}
                  posInSet={index + 1}
                  style={{ top: index * rowHeight, height: rowHeight }}
                  onFocus={() => {
                    setFocusedId(entry.id);
                  }}
                />
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
