import { memo, useCallback, useId, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import type { PasswordEntry } from '../model';
import { avatarColour, avatarLetter } from './avatar';
import { CheckIcon, CopyIcon } from '../../../ui/icons';
import { EntryLabels } from './EntryLabels';
import { itemSummary } from './itemSummary';
import { openedPassword } from './openedPassword';
import { copyAnnouncement, useCopyFeedback } from './useCopyFeedback';

export const ROW_TEXTS = { copy: 'Copy password' } as const;

export interface EntryRowProps {
  readonly entry: PasswordEntry;
  /** The entry's group, and where it lives in a list spanning vaults; null for none. */
  readonly groupName: string | null;
  readonly placeLabel: string | null;
  readonly selected: boolean;
  /** The row Tab reaches in the list (roving focus: one row at a time is in the tab order). */
  readonly tabbable: boolean;
  /** The row's handlers take its index (posInSet − 1), so the list hands every row the same ones and an unchanged row is not rendered again on a scroll. */
  readonly onSelect: (index: number, event: MouseEvent<HTMLButtonElement>) => void;
  /** Opens a sealed entry's details for the quick copy; see PasswordListProps. */
  readonly onOpenDetails?: ((entry: PasswordEntry) => Promise<PasswordEntry>) | undefined;
  /** Says how a quick copy went, in the list's live region (one for all rows). */
  readonly onAnnounce: (text: string) => void;
  /** Size of the whole list and this row's place in it, for screen readers (the list is virtualised). */
  readonly setSize: number;
  readonly posInSet: number;
  /** Positions the row inside the virtualised list. */
  readonly style?: CSSProperties | undefined;
  /** Lets the list measure the row's element; returns the cleanup for when the row goes. */
  readonly measure?: ((element: HTMLLIElement, id: string) => () => void) | undefined;
  readonly onFocus?: ((index: number) => void) | undefined;
  readonly onKeyDown?: ((event: KeyboardEvent<HTMLLIElement>, index: number) => void) | undefined;
}

/**
 * One compact row: letter, title, username, labels, and a quick copy of the password. Memoised:
 * scrolling a long list renders only the rows that come into view.
 */
export const EntryRow = memo(function EntryRow({
  entry,
  groupName,
  placeLabel,
  selected,
  tabbable,
  onSelect,
  onOpenDetails,
  onAnnounce,
  setSize,
  posInSet,
  style,
  measure,
  onFocus,
  onKeyDown,
}: EntryRowProps) {
  const titleId = useId();
  const detailsId = useId();
  const { feedback, copy } = useCopyFeedback();
  const { id, title } = entry;
  const damaged = entry.damaged ?? null;
  const rowRef = useCallback(
    (element: HTMLLIElement | null) => (element === null || measure === undefined ? undefined : measure(element, id)),
    [measure, id],
  );
  const tabIndex = tabbable ? 0 : -1;
  // A login shows its username; another kind what its overview says of it (itemSummary.ts).
  const summary = entry.item === undefined ? entry.username : itemSummary(entry.item);
  const isLogin = entry.item === undefined || entry.item.kind === 'login';

  return (
    <li
      ref={rowRef}
      className={selected ? 'pw-row pw-row--selected' : 'pw-row'}
      aria-labelledby={titleId}
      aria-setsize={setSize}
      aria-posinset={posInSet}
      // The list's virtualiser reads a measured row's index from here.
      data-index={posInSet - 1}
      data-entry-id={id}
      style={style}
      onFocus={() => onFocus?.(posInSet - 1)}
      onKeyDown={(event) => onKeyDown?.(event, posInSet - 1)}
    >
      <span className="pw-row__avatar" aria-hidden="true" style={{ background: avatarColour(title) }}>
        {avatarLetter(title, entry.url)}
      </span>
      {/* The button holds only the title, so its name is what it shows (axe: label-content-name-mismatch);
          its ::after covers the row, so a click anywhere on the row selects the entry. */}
      <button
        type="button"
        className="pw-row__select"
        aria-describedby={detailsId}
        aria-current={selected ? 'true' : undefined}
        tabIndex={tabIndex}
        onClick={(event) => {
          onSelect(posInSet - 1, event);
        }}
      >
        <span id={titleId} className="pw-row__title">
          {title}
        </span>
      </button>
      <span id={detailsId} className="pw-row__meta">
        {summary !== '' && damaged === null && <span className="pw-row__username">{summary}</span>}
        <EntryLabels entry={entry} placeLabel={placeLabel} groupName={groupName} />
      </span>
      {/* It says what it copies: 'Copy password', an icon with that tooltip on a phone (list.css). */}
      {damaged === null && isLogin && (
        <button
          type="button"
          className="btn btn--ghost btn--sm pw-row__copy"
          aria-label={`Quick copy password for ${title}`}
          title={ROW_TEXTS.copy}
          tabIndex={tabIndex}
          onClick={() => {
            void copy('password', () => openedPassword(entry, onOpenDetails)).then((said) => {
              if (said !== null) onAnnounce(copyAnnouncement(said));
            });
          }}
        >
          {feedback?.ok === true ? <CheckIcon /> : <CopyIcon />}
          {feedback === null ? <span className="pw-row__copy-text">{ROW_TEXTS.copy}</span> : feedback.ok ? 'Copied' : 'Copy failed'}
        </button>
      )}
    </li>
  );
});
