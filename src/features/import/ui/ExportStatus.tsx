import { countOf, formatCount } from '../../../ui/format';
import type { CsvLeftOut } from '../export';
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

/** 'a, b and c'. */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${String(parts.at(-1))}`;
}

/** What a CSV left out, counted by what it is (issue #44); null when it left out nothing. */
export function leftOutNote(leftOut: CsvLeftOut | null): string | null {
  if (leftOut === null) return null;
  const parts = [
    leftOut.notLogins === 0 ? null : countOf(leftOut.notLogins, 'item that is not a login', 'items that are not logins'),
    leftOut.furtherUrls === 0 ? null : countOf(leftOut.furtherUrls, 'further web address of a login', 'further web addresses of logins'),
    leftOut.customFields === 0 ? null : countOf(leftOut.customFields, 'custom field', 'custom fields'),
    leftOut.earlierPasswords === 0 ? null : countOf(leftOut.earlierPasswords, 'earlier password', 'earlier passwords'),
    leftOut.oneTimeCodes === 0 ? null : countOf(leftOut.oneTimeCodes, 'one-time code', 'one-time codes'),
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return `Not in the CSV, which holds one row per login with its first web address: ${listed(parts)}. Export a JSON file to keep everything.`;
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
  const leftOut = leftOutNote(saved.leftOut);
  return (
    <div className="import-progress">
      <p role="status" className="notice notice--success">
        {`Saved ${saved.fileName}.`}
        {plain && ' Delete it once you have imported it elsewhere.'}
      </p>
      {note !== null && <p className="notice notice--warning">{note}</p>}
      {leftOut !== null && <p className="notice notice--warning">{leftOut}</p>}
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
