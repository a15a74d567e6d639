import { useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { countOf } from '../../../ui/format';
import type { PasswordEntry } from '../model';
import { EntryRow } from './EntryRow';
import { filterEntries } from './filterEntries';
import { ItemPane, type PaneHandle } from './ItemPane';
import { filterByItem, ItemFilterContext } from './itemFilter';
import { ListPlaceholder } from './ListPlaceholder';
import { LIST_MESSAGES } from './listMessages';
import { phoneLayout } from './phoneLayout';
import { ListToolbar } from './ListToolbar';
import { useFullScreenPane } from './useFullScreenPane';
import { usePublishedItemCounts } from './useItemCounts';
import { useListKeyboard } from './useListKeyboard';
import { useVirtualRows } from './useVirtualRows';
import type { PasswordListProps } from './passwordListProps';
import './list.css';

export { EMPTY_TEXTS } from './listMessages';
export type { PasswordListProps } from './passwordListProps';

/** Height in px counted for a row until it is measured (a one-line title at 1280 wide). */
export const DEFAULT_ESTIMATED_ROW_HEIGHT = 56;
/** Rows rendered above and below the visible ones, so the arrows always have a next row to reach. */
export const DEFAULT_OVERSCAN = 3;

/** The button that selects a rendered row's entry; null when the row is not rendered. */
function selectButtonOf(rows: ReadonlyMap<string, HTMLLIElement>, id: string): HTMLButtonElement | null {
  return rows.get(id)?.querySelector<HTMLButtonElement>('.pw-row__select') ?? null;
}


/** The last confirmed delete: the entry and where it was in the list. */
interface Deletion {
  readonly id: string;
  readonly index: number;
}

/** Focus to move once the next render has the element: a row's select button, or the pane's heading. */
type FocusRequest = { readonly to: 'row' | 'reveal'; readonly id: string } | { readonly to: 'heading' };

/**
 * The searchable, virtualised list of compact rows and the pane of the selected entry. The page
 * scrolls the list (see useVirtualRows): only the rows in view (plus an overscan) are in the DOM,
 * each measured, each with aria-setsize/aria-posinset; the selected row, and the one holding
 * focus, stay rendered wherever they are. One row at a time is in the tab order (the arrows move
 * between rows). On a phone the list and the pane take turns (`paneOpen`, list.css).
 */
export function PasswordList({
  entries: allEntries,
  groups = [],
  canEdit,
  canDelete,
  onEdit,
  onOpenDetails,
  onOpenItem,
  onDelete,
  label,
  placeOf,
  groupNameOf,
  estimatedRowHeight = DEFAULT_ESTIMATED_ROW_HEIGHT,
  overscan = DEFAULT_OVERSCAN,
  show = null,
  loading = false,
  toolbarAction,
}: PasswordListProps) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [paneOpen, setPaneOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useFullScreenPane(rootRef, paneOpen);
  const [helpOpen, setHelpOpen] = useState(false);
  const pendingFocus = useRef<FocusRequest | null>(null);
  const [, rerender] = useState(0);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const paneRef = useRef<PaneHandle>(null);
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const focusMovedFor = useRef<Deletion | null>(null);
  // What the live region says: a delete, or a row's quick copy.
  const [announcement, setAnnouncement] = useState('');
  // Shown, not only announced: a delete that found the entry already gone must say so (docs/vault.md).
  const [alreadyDeleted, setAlreadyDeleted] = useState('');

  // The sidebar's kind filter (issue #44) narrows the list before the search.
  // A caller that asks to show an entry (`show`) clears the filter first when it hides the entry.
  const itemFilter = useContext(ItemFilterContext).filter;
  const entries = useMemo(() => filterByItem(allEntries, itemFilter), [allEntries, itemFilter]);
  usePublishedItemCounts(allEntries, loading);

  // Asked to show an entry: handled while rendering, once per request (not in an effect: no render
  // of the list without it), and its heading focused once the pane is there. A request for an entry
  // not loaded yet (a link to an item, opened before its vault) waits for it.
  const [shownRequest, setShownRequest] = useState(show);
  const [focusHeadingFor, setFocusHeadingFor] = useState<{ readonly id: string } | null>(null);
  if (show !== shownRequest && (show === null || allEntries.some((entry) => entry.id === show.id))) {
    setShownRequest(show);
    if (show !== null) {
      if (!filterEntries(allEntries, query).some((entry) => entry.id === show.id)) setQuery('');
      setSelectedId(show.id);
      setDeletion(null);
      setPaneOpen(true);
      setFocusHeadingFor(show);
    }
  }
  useEffect(() => {
    if (focusHeadingFor === null) return;
    headingRef.current?.focus();
  }, [focusHeadingFor]);

  const filtered = useMemo(() => filterEntries(entries, query), [entries, query]);

  const groupNames = useMemo(() => new Map(groups.map((group) => [group.id, group.name])), [groups]);
  const groupNameFor = (entry: PasswordEntry) =>
    groupNameOf !== undefined ? groupNameOf(entry) : entry.groupId === null ? null : (groupNames.get(entry.groupId) ?? null);

  // After a confirmed delete the entry is gone from the list, and its pane with it. The entry that
  // took its place becomes selected and its row takes focus, else the one before it, else (the
  // list is empty) the search box. onDelete resolves once the entry is out of `entries`: one still
  // there was not removed, and its dialog gives focus back to its Delete button.
  const removed = deletion !== null && !filtered.some((entry) => entry.id === deletion.id);
  const focusTarget = removed ? (filtered[Math.min(deletion.index, filtered.length - 1)] ?? null) : null;
  const shownId = removed ? (focusTarget?.id ?? null) : selectedId;
  const selectedIndex = shownId === null ? -1 : filtered.findIndex((entry) => entry.id === shownId);
  const selected = filtered[selectedIndex] ?? null;
  const place = selected === null || placeOf === undefined ? null : placeOf(selected);
  const ids = useMemo(() => filtered.map((entry) => entry.id), [filtered]);
  const { listRef, measure, rowElements, placed, after } = useVirtualRows(ids, {
    estimatedRowHeight,
    overscan,
    keptIds: [focusedId, selected?.id ?? null, focusTarget?.id ?? null],
  });

  useEffect(() => {
    if (!removed || focusMovedFor.current === deletion) return;
    focusMovedFor.current = deletion;
    (focusTarget === null ? null : selectButtonOf(rowElements.current, focusTarget.id))?.focus();
    if (focusTarget === null) searchRef.current?.focus();
  }, [removed, deletion, focusTarget, rowElements]);

  // After each render: a row the arrows moved to may only now be in the DOM.
  useEffect(() => {
    const request = pendingFocus.current;
    if (request === null) return;
    if (request.to === 'heading') {
      headingRef.current?.focus();
      pendingFocus.current = null;
      return;
    }
    const button = selectButtonOf(rowElements.current, request.id);
    if (button === null && ids.includes(request.id)) return;
    pendingFocus.current = null;
    if (request.to === 'row') button?.focus();
    // Focus stays in the search box; the selected row is brought into view. (jsdom has no scrolling.)
    else if (typeof button?.scrollIntoView === 'function') button.scrollIntoView({ block: 'nearest' });
  });

  /** Focus to move once the next render has put the element there; `rerender` makes sure there is one. */
  function requestFocus(request: FocusRequest) {
    pendingFocus.current = request;
    rerender((count) => count + 1);
  }

  /** The user's choice of entry: it replaces the selection a delete moved on to. */
  function select(id: string) {
    setSelectedId(id);
    setDeletion(null);
  }

  function open(index: number, focusHeading: boolean) {
    const entry = filtered[index];
    if (entry === undefined) return;
    select(entry.id);
    setPaneOpen(true);
    if (focusHeading) requestFocus({ to: 'heading' });
  }

  function backToList() {
    setPaneOpen(false);
    if (selected !== null) requestFocus({ to: 'row', id: selected.id });
  }

  const keys = useListKeyboard({
    count: filtered.length,
    selectedIndex,
    searchRef,
    onMove: (index, focusRow) => {
      const entry = filtered[index];
      if (entry === undefined) return;
      select(entry.id);
      requestFocus({ to: focusRow ? 'row' : 'reveal', id: entry.id });
    },
    onOpen: (index) => {
      open(index, true);
    },
    onCopy: (field) => paneRef.current?.copy(field),
    onHelpOpenChange: setHelpOpen,
  });

  async function handleDelete(entry: PasswordEntry) {
    const index = filtered.findIndex((candidate) => candidate.id === entry.id);
    // A failure is shown by the pane's dialog, which stays open.
    const outcome = await onDelete(entry);
    setPaneOpen(false);
    setAnnouncement(outcome === 'already-deleted' ? LIST_MESSAGES.alreadyDeleted(entry.title) : LIST_MESSAGES.deleted(entry.title));
    setAlreadyDeleted(outcome === 'already-deleted' ? LIST_MESSAGES.alreadyDeleted(entry.title) : '');
    setDeletion({ id: entry.id, index: Math.max(0, index) });
  }

  function handleSearch(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setQuery(next);
    setAnnouncement('');
    setDeletion(null);
    // Typing selects the first match, so search, type, copy is all it takes.
    if (next.trim() !== '') setSelectedId((current) => filterEntries(entries, next)[0]?.id ?? current);
  }

  // The rows' handlers, the same on every render (EntryRow is memoised), acting on this render's list.
  const latest = useRef({ filtered, open, keys, deletion });
  useLayoutEffect(() => {
    latest.current = { filtered, open, keys, deletion };
  });
  const rowHandlers = useMemo(
    () => ({
      onSelect: (index: number) => {
        latest.current.open(index, phoneLayout());
      },
      onKeyDown: (event: KeyboardEvent<HTMLLIElement>, index: number) => {
        latest.current.keys.onRowKeyDown(event, index);
      },
      onFocus: (index: number) => {
        const entry = latest.current.filtered[index];
        if (entry === undefined) return;
        setFocusedId(entry.id);
        // Focus moved here after a delete: the row that shows as selected now is.
        if (latest.current.deletion !== null) setSelectedId(entry.id);
        // Focus has landed (moved there after a delete, or by the user): nothing left to move.
        setDeletion(null);
      },
    }),
    [],
  );

  const total = filtered.length;
  const searching = query.trim() !== '';
  const status = searching && entries.length > 0 ? `${countOf(total, 'password matches', 'passwords match')} your search.` : '';
  const tabbableId = selected?.id ?? filtered[0]?.id ?? null;

  return (
    <div ref={rootRef} className={paneOpen ? 'pw-list pw-list--pane-open' : 'pw-list'} onKeyDown={keys.onListKeyDown}>
      <ListToolbar
        query={query}
        searchRef={searchRef}
        onSearch={handleSearch}
        // Focus has landed (moved there after a delete, or by the user): nothing left to move.
        onSearchFocus={() => {
          setDeletion(null);
        }}
        onSearchKeyDown={keys.onSearchKeyDown}
        controls={total > 0 ? listId : undefined}
        helpOpen={helpOpen}
        onHelpOpenChange={setHelpOpen}
        action={toolbarAction}
      />
      <p role="status" className="visually-hidden">
        {announcement || status}
      </p>
      {alreadyDeleted !== '' && <p className="notice notice--warning">{alreadyDeleted}</p>}
      <div className="pw-list__layout">
        <div className="pw-list__main" aria-busy={loading || undefined}>
          {total === 0 ? (
            <ListPlaceholder showing={loading ? 'loading' : allEntries.length === 0 ? 'noEntries' : entries.length === 0 ? 'noneOfKind' : 'noMatches'} />
          ) : (
            <ul ref={listRef} id={listId} role="list" aria-label={label} className="pw-list__rows" style={{ paddingBottom: after }}>
              {placed.map(({ index, gap }) => {
                const entry = filtered[index];
                if (entry === undefined) return null;
                return (
                  <EntryRow
                    key={entry.id}
                    measure={measure}
                    entry={entry}
                    groupName={groupNameFor(entry)}
                    placeLabel={placeOf === undefined ? null : placeOf(entry).label}
                    selected={entry.id === selected?.id}
                    tabbable={entry.id === tabbableId}
                    onSelect={rowHandlers.onSelect}
                    onOpenDetails={onOpenDetails}
                    onAnnounce={setAnnouncement}
                    setSize={total}
                    posInSet={index + 1}
                    style={gap > 0 ? { marginTop: gap } : undefined}
                    onKeyDown={rowHandlers.onKeyDown}
                    onFocus={rowHandlers.onFocus}
                  />
                );
              })}
            </ul>
          )}
        </div>
        {allEntries.length > 0 && (
          <ItemPane
            entry={selected}
            groupName={selected === null ? null : groupNameFor(selected)}
            placeLabel={place?.label ?? null}
            canEdit={place?.canEdit ?? canEdit}
            canDelete={place?.canDelete ?? canDelete}
            onEdit={onEdit}
            onOpenDetails={onOpenDetails}
            onOpenItem={onOpenItem}
            onDelete={handleDelete}
            onBack={backToList}
            headingRef={headingRef}
            handleRef={paneRef}
          />
        )}
      </div>
    </div>
  );
}
