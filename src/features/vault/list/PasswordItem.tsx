import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type FocusEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { PasswordEntry } from '../model';
import { DECRYPT_FAILED_MESSAGE, failureText, PasswordConflictError } from '../vaultErrors';
import { CLIPBOARD_CLEAR_MS, COPIED_INDICATOR_MS, copyToClipboard } from '../../../ui/clipboard';
import { safeHttpUrl } from './safeUrl';
import './list.css';

export const LIST_MESSAGES = {
  deleteConfirm: 'Are you sure you want to delete this password?',
  // SPEC.md §8 names no message for a failed delete; this follows 'Failed to save password'.
  deleteFailed: 'Failed to delete password',
  undecryptable: 'Could not decrypt',
  /** A stored document of the wrong shape (issue #17): listed with what is wrong, the rest loads. */
  damaged: 'Damaged entry',
  damagedDetail: (problem: string) => `This entry's stored document is damaged (${problem}); it cannot be shown or edited. You can delete it.`,
  /** Announced by the list once a delete is done (focus moves on to another entry). */
  deleted: (title: string) => `${title} deleted.`,
  /** Announced instead when the delete found the entry gone (docs/vault.md, "Revisions"). */
  alreadyDeleted: (title: string) => `${title}: This password was deleted by someone else.`,
  /** A delete that found the entry saved meanwhile: nothing deleted, the newer one now shown, asked again. */
  deleteChanged: 'This password was changed since you opened it. Delete it anyway?',
} as const;

/** A fixed length, so the mask says nothing about the password's length. */
const MASK = '••••••••';

/** Notes longer than this, or on more than one line, are cut in the row and shown whole in a dialog. */
const NOTES_PREVIEW_CHARS = 80;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type CopyField = 'username' | 'password';

interface CopyFeedback {
  readonly field: CopyField;
  readonly ok: boolean;
}

function announcement(feedback: CopyFeedback | null): string {
  if (feedback === null) return '';
  const what = feedback.field === 'password' ? 'Password' : 'Username';
  if (!feedback.ok) return `${what} could not be copied.`;
  return feedback.field === 'password'
    ? `Password copied. Clipboard clears in ${CLIPBOARD_CLEAR_MS / 1000} s.`
    : 'Username copied.';
}

function notesPreview(notes: string): { text: string; cut: boolean } {
  const firstLine = notes.split('\n', 1)[0] ?? '';
  if (firstLine.length > NOTES_PREVIEW_CHARS) return { text: `${firstLine.slice(0, NOTES_PREVIEW_CHARS)}…`, cut: true };
  if (firstLine.length < notes.length) return { text: `${firstLine}…`, cut: true };
  return { text: notes, cut: false };
}

function DateStamp({ label, epochMs }: { label: string; epochMs: number }) {
  const date = new Date(epochMs);
  // An invalid date would make toISOString throw and take the whole list down.
  if (Number.isNaN(date.getTime())) return <span>{label} unknown</span>;
  return (
    <span>
      {label} <time dateTime={date.toISOString()}>{dateFormat.format(date)}</time>
    </span>
  );
}

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
  const [feedback, setFeedback] = useState<CopyFeedback | null>(null);
  const copySerial = useRef(0);
  const [notesOpen, setNotesOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const deletingRef = useRef(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const { id, title } = entry;
  const damaged = entry.damaged ?? null;
  // A damaged document has nothing trustworthy to edit from; saving over it would invent values.
  const editable = canEdit && damaged === null;
  const rowRef = useCallback(
    (element: HTMLLIElement | null) => (element === null || measure === undefined ? undefined : measure(element, id)),
    [measure, id],
  );
  const href = safeHttpUrl(entry.url);
  const notes = entry.notes === null || entry.notes === '' ? null : notesPreview(entry.notes);

  // The tick goes after 2 s (SPEC.md §9); a failure stays until the next attempt so it can be read.
  useEffect(() => {
    if (feedback === null || !feedback.ok) return;
    const timer = setTimeout(() => {
      setFeedback(null);
    }, COPIED_INDICATOR_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [feedback]);

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

  async function copy(field: CopyField) {
    copySerial.current += 1;
    const serial = copySerial.current;
    let ok = true;
    try {
      if (field === 'password') await copyToClipboard((await withDetails()).password, { clearAfterMs: CLIPBOARD_CLEAR_MS });
      else await copyToClipboard(entry.username);
    } catch {
      ok = false;
    }
    // A slower, earlier copy must not overwrite the feedback of a later one.
    // A new object each time, so a second copy within 2 s restarts the tick's timer.
    if (serial === copySerial.current) setFeedback({ field, ok });
  }

  async function confirmDelete() {
    if (deletingRef.current) return;
    deletingRef.current = true;
    setDeleting(true);
    setDeleteError(null);
    try {
      await onDelete(entry);
      setConfirming(false);
    } catch (error) {
      setDeleteError(error instanceof PasswordConflictError ? LIST_MESSAGES.deleteChanged : failureText(error, LIST_MESSAGES.deleteFailed));
    } finally {
      deletingRef.current = false;
      setDeleting(false);
    }
  }

  function closeConfirm() {
    if (deletingRef.current) return;
    setConfirming(false);
    setDeleteError(null);
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
                    setDeleteError(null);
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
                    void copy('username');
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
                    void copy('password');
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
          {announcement(feedback)}
        </span>

        {notes !== null && (
          <p className="pw-item__notes">
            <span className="visually-hidden">Notes: </span>
            {notes.text}
            {notes.cut && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Show all notes for ${title}`}
                onClick={() => {
                  setNotesOpen(true);
                }}
              >
                More
              </Button>
            )}
          </p>
        )}

        <p className="pw-item__dates">
          <DateStamp label="Created" epochMs={entry.createdAt} />
          <DateStamp label="Updated" epochMs={entry.updatedAt} />
        </p>
      </div>

      {notesOpen && (
        <Dialog
          open
          onClose={() => {
            setNotesOpen(false);
          }}
          title={`Notes for ${title}`}
        >
          <p className="pw-item__notes-full">{entry.notes}</p>
        </Dialog>
      )}

      <Dialog open={confirming} onClose={closeConfirm} title="Delete Password" size="sm" initialFocusRef={cancelRef}>
        <p>{LIST_MESSAGES.deleteConfirm}</p>
        {deleteError !== null && (
          <p role="alert" className="notice notice--error">
            {deleteError}
          </p>
        )}
        <div className="pw-dialog__buttons">
          <Button ref={cancelRef} variant="secondary" onClick={closeConfirm} disabled={deleting}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              void confirmDelete();
            }}
            disabled={deleting}
          >
            {deleting ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
