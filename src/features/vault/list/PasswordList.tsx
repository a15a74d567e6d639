import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { focusableWithin } from '../../../ui/focusable';
import { countOf } from '../../../ui/format';
import type { Group, PasswordEntry } from '../model';
import { filterEntries } from './filterEntries';
import { LIST_MESSAGES } from './listMessages';
import { PasswordItem } from './PasswordItem';
import { useVirtualRows } from './useVirtualRows';
import './list.css';
import { TextField } from '../../../ui/TextField';

export const EMPTY_TEXTS = {
  noEntries: 'No passwords yet. Add your first password!',
  noMatches: 'No passwords match your search.',
} as const;

/** Height in px counted for a row until it has been measured. */
export const DEFAULT_ESTIMATED_ROW_HEIGHT = 180;
/** Rows rendered above and below the visible ones, so Tab always has a next row to reach. */
export const DEFAULT_OVERSCAN = 3;

/** Where an entry lives and what may be done to it, for lists that span vaults (All items). */
export interface EntryPlace {
  readonly label: string | null;
  readonly canEdit: boolean;
  readonly canDelete: boolean;
}

export interface PasswordListProps {
  placeOf?: (entry: PasswordEntry) => EntryPlace;
  groupNameOf?: (entry: PasswordEntry) => string | null;
  entries: readonly PasswordEntry[];
  groups?: readonly Group[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (entry: PasswordEntry) => void;
  /** Opens a sealed entry's details (password, notes) for Show and Copy; see PasswordItem. */
  onOpenDetails?: (entry: PasswordEntry) => Promise<PasswordEntry>;
  /** Resolves 'already-deleted' when someone else had deleted the entry: the list says so. */
  onDelete: (entry: PasswordEntry) => Promise<unknown>;
  /** Accessible name of the list, e.g. "Personal passwords". */
  label: string;
  estimatedRowHeight?: number;
  overscan?: number;
}

/** The last confirmed delete: the entry and where it was in the list. */
interface Deletion {
  readonly id: string;
  readonly index: number;
}

/**
 * The searchable, virtualised password list (@tanstack/react-virtual, see useVirtualRows). The
 * list is part of the page, which scrolls it (no scroll box of its own). Only the rows in view
 * (plus an overscan) are in the DOM; each row is measured, so it is as tall as its content (a long
 * title wraps), and rows out of view are stood in for by space of their measured (or estimated)
 * height. Each row carries aria-setsize/aria-posinset so screen
 * readers know the full size. Focusing a control in an overscan row makes the browser scroll it
 * into view, which moves the window, so Tab walks the whole list. The row holding focus stays
 * rendered while scrolled away, so focus (and an open delete dialog) is never dropped.
 */
export function PasswordList({
  entries,
  groups = [],
  canEdit,
  canDelete,
  onEdit,
  onOpenDetails,
  onDelete,
  label,
  estimatedRowHeight = DEFAULT_ESTIMATED_ROW_HEIGHT,
  overscan = DEFAULT_OVERSCAN,
  placeOf,
  groupNameOf,
}: PasswordListProps) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const focusMovedFor = useRef<Deletion | null>(null);
  const [deleted, setDeleted] = useState('');
  // Shown, not only announced: a delete that found the entry already gone must say so (docs/vault.md).
  const [alreadyDeleted, setAlreadyDeleted] = useState('');

  const filtered = useMemo(() => filterEntries(entries, query), [entries, query]);
  const groupNames = useMemo(() => new Map(groups.map((group) => [group.id, group.name])), [groups]);

  // After a confirmed delete the row (and the dialog's opener) is gone, and focus would fall to the
  // page. It goes to the entry that took the deleted one's place, else the one before it, else
  // (the list is empty) the search box. The effect runs after the row's dialog has closed and
  // un-inerted the page. onDelete resolves once the entry is out of `entries`: one still there was
  // not removed, and its dialog gives focus back to its Delete button.
  const removed = deletion !== null && !filtered.some((entry) => entry.id === deletion.id);
  const focusTarget = removed ? (filtered[Math.min(deletion.index, filtered.length - 1)] ?? null) : null;
  const ids = useMemo(() => filtered.map((entry) => entry.id), [filtered]);
  // The row holding focus, and the one focus is about to move to, are rendered wherever they are.
  const { listRef, measure, rowElements, placed, after } = useVirtualRows(ids, {
    estimatedRowHeight,
    overscan,
    keptIds: [focusedId, focusTarget?.id ?? null],
  });

  useEffect(() => {
    if (!removed || focusMovedFor.current === deletion) return;
    focusMovedFor.current = deletion;
    const row = focusTarget === null ? undefined : rowElements.current.get(focusTarget.id);
    const control = row === undefined ? undefined : focusableWithin(row)[0];
    (control ?? searchRef.current)?.focus();
  }, [removed, deletion, focusTarget, rowElements]);

  async function handleDelete(entry: PasswordEntry) {
    const index = filtered.findIndex((candidate) => candidate.id === entry.id);
    // A failure is shown by the row's dialog, which stays open.
    const outcome = await onDelete(entry);
    setDeleted(outcome === 'already-deleted' ? LIST_MESSAGES.alreadyDeleted(entry.title) : LIST_MESSAGES.deleted(entry.title));
    setAlreadyDeleted(outcome === 'already-deleted' ? LIST_MESSAGES.alreadyDeleted(entry.title) : '');
    setDeletion({ id: entry.id, index: Math.max(0, index) });
  }

  function handleSearch(event: ChangeEvent<HTMLInputElement>) {
    setQuery(event.target.value);
    setDeleted('');
    setDeletion(null);
  }

  const total = filtered.length;
  const searching = query.trim() !== '';
  const status = searching && entries.length > 0 ? `${countOf(total, 'password matches', 'passwords match')} your search.` : '';

  return (
    <div className="pw-list">
      <TextField
        label="Search passwords"
        className="pw-list__search"
        inputRef={searchRef}
        type="search"
        value={query}
        onChange={handleSearch}
        autoComplete="off"
        spellCheck={false}
        aria-controls={total > 0 ? listId : undefined}
      />
      <p role="status" className="visually-hidden">
        {deleted || status}
      </p>
      {alreadyDeleted !== '' && <p className="notice notice--warning">{alreadyDeleted}</p>}
      {entries.length === 0 ? (
        <p className="pw-list__empty">{EMPTY_TEXTS.noEntries}</p>
      ) : total === 0 ? (
        <p className="pw-list__empty">{EMPTY_TEXTS.noMatches}</p>
      ) : (
        <ul
          ref={listRef}
          id={listId}
          role="list"
          aria-label={label}
          className="pw-list__rows"
          style={{ paddingBottom: after }}
        >
          {placed.map(({ index, gap }) => {
            const entry = filtered[index];
            if (entry === undefined) return null;
            return (
              <PasswordItem
                key={entry.id}
                measure={measure}
                entry={entry}
                groupName={groupNameOf !== undefined ? groupNameOf(entry) : entry.groupId === null ? null : (groupNames.get(entry.groupId) ?? null)}
                canEdit={placeOf === undefined ? canEdit : placeOf(entry).canEdit}
                canDelete={placeOf === undefined ? canDelete : placeOf(entry).canDelete}
                onEdit={onEdit}
                {...(onOpenDetails === undefined ? {} : { onOpenDetails })}
                onDelete={handleDelete}
                setSize={total}
                posInSet={index + 1}
                style={gap > 0 ? { marginTop: gap } : undefined}
                onFocus={() => {
                  setFocusedId(entry.id);
                  // Focus has landed (moved there after a delete, or by the user): nothing left to move.
                  setDeletion(null);
                }}
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}
