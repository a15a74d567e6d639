import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/** Notes longer than this, or on more than one line, are cut in the row and shown whole in a dialog. */
const NOTES_PREVIEW_CHARS = 80;

export function notesPreview(notes: string): { text: string; cut: boolean } {
  const firstLine = notes.split('\n', 1)[0] ?? '';
  if (firstLine.length > NOTES_PREVIEW_CHARS) return { text: `${firstLine.slice(0, NOTES_PREVIEW_CHARS)}…`, cut: true };
  if (firstLine.length < notes.length) return { text: `${firstLine}…`, cut: true };
  return { text: notes, cut: false };
}

/** A row's notes: the first line (cut), and More for all of them in a dialog. */
export function EntryNotes({ title, notes }: { title: string; notes: string }) {
  const [open, setOpen] = useState(false);
  const preview = notesPreview(notes);
  return (
    <>
      <p className="pw-item__notes">
        <span className="visually-hidden">Notes: </span>
        {preview.text}
        {preview.cut && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Show all notes for ${title}`}
            onClick={() => {
              setOpen(true);
            }}
          >
            More
          </Button>
        )}
      </p>
      {open && (
        <Dialog
          open
          onClose={() => {
            setOpen(false);
          }}
          title={`Notes for ${title}`}
        >
          <p className="pw-item__notes-full">{notes}</p>
        </Dialog>
      )}
    </>
  );
}
