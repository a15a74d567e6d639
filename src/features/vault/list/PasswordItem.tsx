import { useCallback, useId, useState, type CSSProperties, type FocusEvent } from 'react';
import { Button } from '../../../ui/Button';
import { DateStamp } from '../../../ui/DateStamp';
import type { PasswordEntry } from '../model';
import { DECRYPT_FAILED_MESSAGE } from '../vaultErrors';
import { DeleteEntryDialog } from './DeleteEntryDialog';
import { EntryNotes } from './EntryNotes';
import { LIST_MESSAGES } from './listMessages';
import { safeHttpUrl } from './safeUrl';
import { copyAnnouncement, useCopyFeedback, type CopyField } from './useCopyFeedback';
import './list.css';

/** A fixed length, so the mask says nothing about the password's length. */
const MASK = '••••••••';

export interface PasswordItemProps {
  entry: PasswordEntry;
  /** The name of the entry's group, or null when it has none (or the group is not known). */
  groupName: string | null;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (entry: PasswordEntry) => void;
  /**
   * Opens the details (password, notes) of a sealed entry listed with its overview only
   * (entry.sealedDetails): Show and Copy ask for them first, and the list then holds the opened
   * entry, notes included. Resolves the opened entry; rejects when they do not decrypt.
   */
  onOpenDetails?: (entry: PasswordEntry) => Promise<PasswordEntry>;
  onDelete: (entry: PasswordEntry) => Promise<void>;
  /** Size of the whole list and this row's place in it, for screen readers (the list is virtualised). */
  setSize: number;
  posInSet: number;
  /** Positions the row inside the virtualised list. */
  style?: CSSProperties;
  /** Lets the list measure the row's element; returns the cleanup for when the row goes. */
  measure?: (element: HTMLLIElement, id: string) => () => void;
  onFocus?: (event: FocusEvent<HTMLLIElement>) => void;
}

/** One password in the list: values, copy and reveal, notes, dates, edit and delete. */
export function PasswordItem({
  entry,
  groupName,
  canEdit,
  canDelete,
  onEdit,
  onOpenDetails,
  onDelete,
  setSize,
  posInSet,
  style,
  measure,
  onFocus,
}: PasswordItemProps) {
  const titleId = useId();
  const [revealed, setRevealed] = useState(false);
  const { feedback, copy } = useCopyFeedback();
  const [confirming, setConfirming] = useState(false);
  const [detailsError, setDetailsError] = useState<string | null>(null);

  const { id, title } = entry;
  const damaged = entry.damaged ?? null;
  // A damaged document has nothing trustworthy to edit from; saving over it would invent values.
  const editable = canEdit && damaged === null;
  const rowRef = useCallback(
    (element: HTMLLIElement | null) => (element === null || measure === undefined ? undefined : measure(element, id)),
    [measure, id],
  );
  const href = safeHttpUrl(entry.url);

  /** The entry with its details: opened first when they are still sealed. */
  async function withDetails(): Promise<PasswordEntry> {
    if (entry.sealedDetails === undefined) return entry;
    try {
      // Never the placeholder '' for a password: without a way to open them, nothing is shown or copied.
      if (onOpenDetails === undefined) throw new Error(`No way to open the details of entry ${entry.id}`);
      const opened = await onOpenDetails(entry);
      setDetailsError(null);
      return opened;
    } catch (error) {
      setDetailsError(DECRYPT_FAILED_MESSAGE);
      throw error;
    }
  }

  async function toggleReveal() {
    // Details already here: shown at once, as before sealed entries.
    if (revealed || entry.sealedDetails === undefined) {
      setRevealed((shown) => !shown);
      return;
    }
    try {
      await withDetails();
      setRevealed(true);
    } catch {
      // Said by detailsError; the password stays hidden.
    }
  }

  function copyFeedback(field: CopyField) {
    if (feedback?.field !== field) return null;
    return feedback.ok ? (
      <span className="pw-item__copied">Copied</span>
    ) : (
      <span className="pw-item__copy-error">Copy failed</span>
    );
  }

  return (
    <li
      ref={rowRef}
      className="pw-item"
      aria-labelledby={titleId}
      aria-setsize={setSize}
      aria-posinset={posInSet}
      // The list's virtualiser reads a measured row's index from here.
      data-index={posInSet - 1}
      style={style}
      onFocus={onFocus}
    >
      <div className="pw-item__card">
        <div className="pw-item__head">
          <h3 id={titleId} className="pw-item__title">
            {title}
          </h3>
          {groupName !== null && (
            <span className="pw-item__chip">
              <span className="visually-hidden">Group: </span>
              {groupName}
            </span>
          )}
          {entry.undecryptable && (
            <span className="pw-item__badge">{damaged === null ? LIST_MESSAGES.undecryptable : LIST_MESSAGES.damaged}</span>
          )}
          {(editable || canDelete) && (
            <div className="pw-item__actions">
              {editable && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${title}`}
                  onClick={() => {
                    onEdit(entry);
                  }}
                >
                  Edit
                </Button>
              )}
              {canDelete && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Delete ${title}`}
                  onClick={() => {
                    setConfirming(true);
                  }}
                >
                  Delete
                </Button>
              )}
            </div>
          )}
        </div>

        {entry.url !== null && entry.url !== '' && (
          <p className="pw-item__url">
            {href === null ? (
              <span>{entry.url}</span>
            ) : (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {entry.url}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </p>
        )}

        {damaged !== null && <p className="pw-item__damage">{LIST_MESSAGES.damagedDetail(damaged)}</p>}

        {damaged === null && (
          <dl className="pw-item__fields">
            <div className="pw-item__field">
              <dt>Username</dt>
              <dd>
                <span className="pw-item__value">{entry.username}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Copy username for ${title}`}
                  onClick={() => {
                    void copy('username', () => entry.username);
                  }}
                >
                  Copy
                </Button>
                {copyFeedback('username')}
              </dd>
            </div>
            <div className="pw-item__field">
              <dt>Password</dt>
              <dd>
                {revealed ? (
                  <span className="pw-item__value pw-item__secret" translate="no">
                    {entry.password}
                  </span>
                ) : (
                  <span className="pw-item__value">
                    <span aria-hidden="true">{MASK}</span>
                    <span className="visually-hidden">hidden</span>
                  </span>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${revealed ? 'Hide' : 'Show'} password for ${title}`}
                  onClick={() => {
                    void toggleReveal();
                  }}
                >
                  {revealed ? 'Hide' : 'Show'}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Copy password for ${title}`}
                  onClick={() => {
                    void copy('password', async () => (await withDetails()).password);
                  }}
                >
                  Copy
                </Button>
                {copyFeedback('password')}
              </dd>
            </div>
          </dl>
        )}
        {detailsError !== null && (
          <p role="alert" className="notice notice--error">
            {detailsError}
          </p>
        )}
        <span role="status" className="visually-hidden">
          {copyAnnouncement(feedback)}
        </span>

        {entry.notes !== null && entry.notes !== '' && <EntryNotes title={title} notes={entry.notes} />}

        <p className="pw-item__dates">
          <DateStamp label="Created" epochMs={entry.createdAt} style="mediumWithTime" unknownText="Created unknown" />
          <DateStamp label="Updated" epochMs={entry.updatedAt} style="mediumWithTime" unknownText="Updated unknown" />
        </p>
      </div>

      <DeleteEntryDialog
        open={confirming}
        onDelete={() => onDelete(entry)}
        onClose={() => {
          setConfirming(false);
        }}
      />
    </li>
  );
}
