import { useEffect, useId, useImperativeHandle, useState, type KeyboardEvent, type Ref } from 'react';
import { Button } from '../../../ui/Button';
import { DateStamp } from '../../../ui/DateStamp';
import type { PasswordEntry } from '../model';
import { codeAt, parseOneTimeCode } from '../otp/oneTimeCode';
import { DECRYPT_FAILED_MESSAGE } from '../vaultErrors';
import { DeleteEntryDialog } from './DeleteEntryDialog';
import { EntryNotes } from './EntryNotes';
import { EntryLabels } from './EntryLabels';
import { LIST_MESSAGES } from './listMessages';
import { OneTimeCodeValue } from './OneTimeCodeValue';
import { EntryUrl, PasswordValue, UsernameValue } from './PaneFields';
import { ItemFields } from './ItemFields';
import { ItemUrls } from './ItemUrls';
import { useOpenedItem, type OpenItem } from './useOpenedItem';
import { PasswordHistory } from './PasswordHistory';
import { copyAnnouncement, useCopyFeedback, type CopyField } from './useCopyFeedback';
import { ChevronLeftIcon, PencilIcon, TrashIcon } from '../../../ui/icons';

export const PANE_TEXTS = {
  label: 'Item details',
  nothingSelected: 'Select an item to see its details.',
  back: 'Back to list',
  changedElsewhere: 'Someone else changed this password just now. You are seeing the latest version.',
} as const;

/** What the list asks of the pane: the copy shortcuts (Alt+P, Alt+U) copy through it. */
export interface PaneHandle {
  copy: (field: CopyField) => void;
}

export interface ItemPaneProps {
  /** The selected entry; null when nothing is selected. */
  readonly entry: PasswordEntry | null;
  readonly groupName: string | null;
  readonly placeLabel: string | null;
  readonly canEdit: boolean;
  readonly canDelete: boolean;
  readonly onEdit: (entry: PasswordEntry) => void;
  /** Opens a sealed entry's details (password, notes) for Show and Copy; see PasswordListProps. */
  readonly onOpenDetails?: ((entry: PasswordEntry) => Promise<PasswordEntry>) | undefined;
  /** Opens a format-3 item's details (issue #44): its fields, custom fields and notes; see PasswordListProps. */
  readonly onOpenItem?: OpenItem | undefined;
  readonly onDelete: (entry: PasswordEntry) => Promise<void>;
  /** Back to the list (the pane's button on a phone, and Escape in the pane). */
  readonly onBack: () => void;
  readonly headingRef?: Ref<HTMLHeadingElement> | undefined;
  readonly handleRef?: Ref<PaneHandle> | undefined;
}

/**
 * The selected entry beside the list (over it, with Back, on a phone): every field with copy and
 * show, the url, notes, dates, Edit and Delete. It shows what the list holds at once; a sealed
 * entry's details are opened only when Show or Copy needs them.
 */
export function ItemPane(props: ItemPaneProps) {
  const { entry, onBack } = props;
  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Not an Escape from a dialog opened here (React bubbles it through the portal).
    if (event.key !== 'Escape' || event.defaultPrevented || !event.currentTarget.contains(event.target as Node)) return;
    event.preventDefault();
    onBack();
  }
  return (
    <section className="pw-pane" aria-label={PANE_TEXTS.label} onKeyDown={handleKeyDown}>
      <Button variant="secondary" size="sm" icon={<ChevronLeftIcon />} className="pw-pane__back" onClick={onBack}>
        {PANE_TEXTS.back}
      </Button>
      {entry === null ? (
        <p className="pw-pane__empty">{PANE_TEXTS.nothingSelected}</p>
      ) : (
        <PaneBody key={entry.id} {...props} entry={entry} />
      )}
    </section>
  );
}

function PaneBody({
  entry,
  groupName,
  placeLabel,
  canEdit,
  canDelete,
  onEdit,
  onOpenDetails,
  onOpenItem,
  onDelete,
  headingRef,
  handleRef,
}: ItemPaneProps & { readonly entry: PasswordEntry }) {
  const headingId = useId();
  const opened = useOpenedItem(entry, onOpenItem);
  // An item of another kind than login shows its own fields (ItemFields.tsx); a login, these.
  const other = entry.item !== undefined && entry.item.kind !== 'login' ? entry.item : null;
  // A format-3 login's notes are in the item opened for the pane, before Show or Copy opens them here.
  const notes = entry.notes ?? opened.item?.notes ?? '';
  const [revealed, setRevealed] = useState(false);
  const { feedback, copy } = useCopyFeedback();
  const [confirming, setConfirming] = useState(false);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  // A newer version arrived while shown (issue #22): when it was saved elsewhere the pane says so,
  // and a password shown is hidden again unless the newer version has the same one (issue #42: a
  // key rotation re-encrypts entries, and a Show was lost to it). A newer sealed version's details
  // are opened to tell (`carried`: the password shown, until they are).
  const [lastEntry, setLastEntry] = useState(entry);
  const [changedWhileShown, setChangedWhileShown] = useState(false);
  const [carried, setCarried] = useState<string | null>(null);
  if (entry !== lastEntry) {
    setLastEntry(entry);
    if (entry.revision !== lastEntry.revision) {
      setChangedWhileShown(entry.changedElsewhere === true);
      const shown = revealed && lastEntry.sealedDetails === undefined ? lastEntry.password : carried;
      setRevealed(shown !== null && entry.sealedDetails === undefined && entry.password === shown);
      setCarried(shown !== null && entry.sealedDetails !== undefined ? shown : null);
    }
  }
  if (carried !== null && entry.sealedDetails === undefined && entry.revision === lastEntry.revision) {
    setRevealed(entry.password === carried);
    setCarried(null);
  }
  // Reveal asked for (or to be kept) on a version whose details are still sealed, as when a Show
  // click's details opened just as a newer version came in: its details are opened in turn.
  const opening = (revealed || carried !== null) && entry.sealedDetails !== undefined;
  useEffect(() => {
    if (!opening || onOpenDetails === undefined) return undefined;
    let current = true;
    onOpenDetails(entry).then(
      () => {
        setDetailsError(null);
      },
      () => {
        if (!current) return;
        setDetailsError(DECRYPT_FAILED_MESSAGE);
        setRevealed(false);
        setCarried(null);
      },
    );
    return () => {
      current = false;
    };
  }, [opening, entry, onOpenDetails]);

  const { title } = entry;
  const damaged = entry.damaged ?? null;
  // A damaged document has nothing trustworthy to edit from; saving over it would invent values.
  const editable = canEdit && damaged === null;

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
    setCarried(null);
    // Details already here: shown at once.
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

  function copyField(field: CopyField) {
    if (damaged !== null || other !== null) return;
    if (field === 'username') void copy(field, () => entry.username);
    else if (field === 'otp') void copy(field, async () => currentCode(await withDetails()));
    else if (field === 'password') void copy(field, async () => (await withDetails()).password);
  }

  async function showDetails() {
    try {
      await withDetails();
    } catch {
      // Said by detailsError.
    }
  }

  // A sealed entry's details say whether it has a code; until they are opened, its overview does.
  const hasCode = entry.otp !== undefined || (entry.sealedDetails !== undefined && entry.hasOneTimeCode === true);

  useImperativeHandle(handleRef, () => ({ copy: copyField }));

  return (
    <div className="pw-pane__body">
      <div className="pw-pane__head">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="pw-pane__title">
          {title}
        </h3>
        {(placeLabel !== null || groupName !== null || entry.undecryptable || (entry.item !== undefined && (entry.item.kind !== 'login' || entry.item.favourite))) && (
          <p className="pw-pane__labels">
            <EntryLabels entry={entry} placeLabel={placeLabel} groupName={groupName} />
          </p>
        )}
      </div>
      {changedWhileShown && (
        <p role="status" className="pw-pane__notice">
          {PANE_TEXTS.changedElsewhere}
        </p>
      )}

      {other !== null ? (
        <>
          <ItemFields title={title} overview={other} item={opened.item} feedback={feedback} copy={copy} />
        </>
      ) : (
        <>
          {entry.item?.kind === 'login' ? <ItemUrls urls={entry.item.urls} /> : entry.url !== null && entry.url !== '' && <EntryUrl url={entry.url} />}

          {damaged !== null && <p className="pw-item__damage">{LIST_MESSAGES.damagedDetail(damaged)}</p>}

          {damaged === null && (
            <dl className="pw-item__fields">
              <UsernameValue title={title} username={entry.username} feedback={feedback} onCopy={() => { copyField('username'); }} />
              <PasswordValue
                title={title}
                password={entry.password}
                revealed={revealed && entry.sealedDetails === undefined}
                feedback={feedback}
                onToggle={() => {
                  void toggleReveal();
                }}
                onCopy={() => {
                  copyField('password');
                }}
              />
              {hasCode && (
                <OneTimeCodeValue
                  title={title}
                  link={entry.otp}
                  feedback={feedback}
                  onShow={() => {
                    void showDetails();
                  }}
                  onCopy={() => {
                    copyField('otp');
                  }}
                />
              )}
            </dl>
          )}
          {detailsError !== null && (
            <p role="alert" className="notice notice--error">
              {detailsError}
            </p>
          )}

          {notes !== '' && <EntryNotes title={title} notes={notes} />}
          {entry.item !== undefined && damaged === null && <ItemFields title={title} overview={entry.item} item={opened.item} feedback={feedback} copy={copy} customOnly />}

          {damaged === null && entry.passwordHistory !== undefined && entry.passwordHistory.length > 0 && (
            <PasswordHistory
              title={title}
              history={entry.passwordHistory}
              feedback={feedback}
              onCopy={(field, password) => {
                void copy(field, () => password);
              }}
            />
          )}
        </>
      )}
      <span role="status" className="visually-hidden">
        {copyAnnouncement(feedback)}
      </span>
      {opened.failed && (
        <p role="alert" className="notice notice--error">
          {DECRYPT_FAILED_MESSAGE}
        </p>
      )}

      <p className="pw-item__dates">
        <DateStamp label="Created" epochMs={entry.createdAt} style="mediumWithTime" unknownText="Created unknown" />
        <DateStamp label="Updated" epochMs={entry.updatedAt} style="mediumWithTime" unknownText="Updated unknown" />
      </p>

      {(editable || canDelete) && (
        <div className="pw-item__actions">
          {editable && (
            <Button variant="secondary" size="sm" icon={<PencilIcon />} aria-label={`Edit ${title}`} onClick={() => { onEdit(entry); }}>
              Edit
            </Button>
          )}
          {canDelete && (
            <Button variant="secondary" size="sm" icon={<TrashIcon />} aria-label={`Delete ${title}`} onClick={() => { setConfirming(true); }}>
              Delete
            </Button>
          )}
        </div>
      )}

      <DeleteEntryDialog
        open={confirming}
        onDelete={() => onDelete(entry)}
        onClose={() => {
          setConfirming(false);
        }}
      />
    </div>
  );
}

/** The entry's one-time code at this moment; throws when it has none or it cannot be used. */
function currentCode(entry: PasswordEntry): string {
  if (entry.otp === undefined) throw new Error(`Entry ${entry.id} has no one-time code`);
  return codeAt(parseOneTimeCode(entry.otp), Date.now()).code;
}
