import { countOf, formatCount } from '../../../ui/format';
import type { BuiltExport } from './buildExport';
import { Button } from '../../../ui/Button';
import { useFocusOnMount } from './useFocusOnMount';

export type ExportPhase =
  | { readonly kind: 'checking' }
  | { readonly kind: 'opening'; readonly done: number; readonly total: number }
  | { readonly kind: 'building' };

/** How far the export is, read out as it changes. */
export function ExportStatus({ phase }: { readonly phase: ExportPhase }) {
  const text =
    phase.kind === 'checking'
      ? 'Checking your master password…'
      : phase.kind === 'opening'
        ? `Opening ${formatCount(phase.done)} of ${countOf(phase.total, 'entry', 'entries')}`
        : 'Building the file…';
  return (
    <p role="status" className="import-dialog__status">
      {text}
    </p>
  );
}

/** 'N values look like spreadsheet formulas …', or null when the CSV wrote every value as it is. */
export function escapedNote(escaped: number): string | null {
  if (escaped === 0) return null;
  const values = countOf(escaped, 'value');
  // Not 'start with =, +, - or @': a disguised one (' =1', '＝1') is escaped too (FORMULA_START).
  return `${values} ${escaped === 1 ? 'looks like a spreadsheet formula' : 'look like spreadsheet formulas'} and ${escaped === 1 ? 'was' : 'were'} written with a leading ' so that spreadsheets do not run ${escaped === 1 ? 'it' : 'them'}. Remove the ' if you import the file into another password manager.`;
}

/** A saved file, and how many entries were left out of it because they do not decrypt. */
export type SavedExport = BuiltExport & { readonly unreadable: number };

export interface ExportDoneProps {
  readonly saved: SavedExport;
  readonly plain: boolean;
  readonly onClose: () => void;
}

/** The export was saved: its name, what to do with a plain file, and the CSV's escaped values. */
export function ExportDone({ saved, plain, onClose }: ExportDoneProps) {
  const closeRef = useFocusOnMount<HTMLButtonElement>();
  const note = escapedNote(saved.escaped);
  return (
    <div className="import-progress">
      <p role="status" className="notice notice--success">
        {`Saved ${saved.fileName}.`}
        {plain && ' Delete it once you have imported it elsewhere.'}
      </p>
      {note !== null && <p className="notice notice--warning">{note}</p>}
      {saved.notLogins > 0 && (
        <p className="notice notice--warning">
          {`${countOf(saved.notLogins, 'item')} ${saved.notLogins === 1 ? 'is not a login and is' : 'are not logins and are'} not in the CSV, which holds logins only. Export a JSON file to keep ${saved.notLogins === 1 ? 'it' : 'them'}.`}
        </p>
      )}
      {saved.unreadable > 0 && (
        <p className="notice notice--warning">
          {`${formatCount(saved.unreadable)} ${saved.unreadable === 1 ? 'entry does' : 'entries do'} not decrypt and ${saved.unreadable === 1 ? 'is' : 'are'} not in the file.`}
        </p>
      )}
      <div className="import-dialog__actions">
        <Button ref={closeRef} onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
