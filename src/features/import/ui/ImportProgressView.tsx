import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { countOf, formatCount } from '../../../ui/format';
import type { ImportProgress } from '../run/types';
import { useFocusOnMount } from './useFocusOnMount';

export const RUN_AGAIN = 'Running the same import again imports only what is missing.';

export interface ImportProgressViewProps {
  readonly progress: ImportProgress;
  readonly stopping: boolean;
  readonly onStop: () => void;
}

/** Step 3 while the run writes: how far it is, and Stop (the entries written so far stay). */
export function ImportProgressView({ progress, stopping, onStop }: ImportProgressViewProps) {
  const labelId = useId();
  const stopRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="import-progress">
      <p id={labelId}>Importing</p>
      <progress aria-labelledby={labelId} value={progress.written} max={Math.max(progress.total, 1)} />
      <p role="status">
        {stopping
          ? 'Stopping after the current batch…'
          : `Imported ${formatCount(progress.written)} of ${formatCount(progress.total)}`}
      </p>
      <div className="import-dialog__actions">
        <Button ref={stopRef} variant="secondary" onClick={onStop} disabled={stopping}>
          Stop
        </Button>
      </div>
    </div>
  );
}

/**
 * How a run ended. `failure` is the run's error message, a sentence; a failed run's `written` is
 * its last progress report, so a batch that failed halfway may have written a few more.
 */
export type ImportEnd =
  | { readonly kind: 'done'; readonly written: number }
  | { readonly kind: 'cancelled'; readonly written: number; readonly total: number }
  | { readonly kind: 'failed'; readonly written: number; readonly total: number; readonly failure: string };

function partial(written: number, total: number, atLeast = false): string {
  return `${atLeast ? 'At least ' : ''}${formatCount(written)} of ${countOf(total, 'entry', 'entries')} ${written === 1 ? 'was' : 'were'} imported.`;
}

/** Step 3 once the run ended: what was written and, after a stop or a failure, how to finish. */
export function ImportOutcomeView({ end, onClose }: { readonly end: ImportEnd; readonly onClose: () => void }) {
  const closeRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="import-progress">
      {end.kind === 'done' && (
        <p role="status" className="notice notice--success">{`Imported ${countOf(end.written, 'entry', 'entries')}.`}</p>
      )}
      {end.kind === 'cancelled' && (
        <p role="status" className="notice notice--warning">{`Import stopped. ${partial(end.written, end.total)} ${RUN_AGAIN}`}</p>
      )}
      {end.kind === 'failed' && (
        <p role="alert" className="notice notice--error">{`${end.failure} ${partial(end.written, end.total, true)} ${RUN_AGAIN}`}</p>
      )}
      <div className="import-dialog__actions">
        <Button ref={closeRef} onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
