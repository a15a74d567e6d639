import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { countOf, formatCount } from '../../../ui/format';
import type { ParseProgress } from '../model';
import { useFocusOnMount } from './useFocusOnMount';

export const READ_CANCELLED = 'Reading the file was cancelled. Nothing was imported.';

export interface ReadProgressViewProps {
  readonly fileName: string;
  /** null until the parser knows how many items the file holds. */
  readonly progress: ParseProgress | null;
  /** The file is read; the preview is being prepared against the vault's entries. */
  readonly planning: boolean;
  readonly onCancel: () => void;
}

function statusOf(progress: ParseProgress | null, planning: boolean): string {
  if (planning) return 'Preparing the preview…';
  if (progress === null) return 'Reading the file…';
  return `Read ${formatCount(progress.read)} of ${countOf(progress.total, 'item', 'items')}`;
}

/**
 * Step 1 while 'Preview' reads the file (issue #44, item 4), in the look of the write phase's
 * progress (ImportProgressView): how far the reading is, and Cancel, which stops it and goes back
 * to the file with nothing imported.
 */
export function ReadProgressView({ fileName, progress, planning, onCancel }: ReadProgressViewProps) {
  const labelId = useId();
  const cancelRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="import-progress">
      <p id={labelId}>{`Reading ${fileName}`}</p>
      {/* Without a value a progress bar is indeterminate: the parser has not counted the items yet. */}
      {progress === null || planning ? (
        <progress aria-labelledby={labelId} />
      ) : (
        <progress aria-labelledby={labelId} value={progress.read} max={Math.max(progress.total, 1)} />
      )}
      <p role="status">{statusOf(progress, planning)}</p>
      <div className="import-dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
