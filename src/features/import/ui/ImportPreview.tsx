import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { countOf } from '../../../ui/format';
import type { NotImported } from '../plan/skippedList';
import type { ImportPlan } from '../plan/types';
import { downloadText } from './download';
import { GroupsTable } from './GroupsTable';
import { Duplicates, NotCarriedList, Skipped } from './NotImportedLists';
import { entriesLosing } from './notCarried';
import { NearDuplicates } from './NearDuplicates';
import { chosenEntries, chosenGroups, hasNonLogins, importLabel, kindsSentence, notImported } from './previewModel';
import type { ImportRunInput } from './services';
import { useFocusOnMount } from './useFocusOnMount';

export const SKIPPED_LIST_FILE = 'keyloft-import-skipped.csv';

export interface ImportPreviewProps {
  readonly plan: ImportPlan;
  readonly skippedListCsv: (notImported: NotImported) => string;
  readonly onImport: (input: ImportRunInput) => void;
  readonly onCancel: () => void;
}

/** Step 2: what the import will do, before anything is written. */
export function ImportPreview({ plan, skippedListCsv, onImport, onCancel }: ImportPreviewProps) {
  const [includeDuplicates, setIncludeDuplicates] = useState(false);
  const [skippedNear, setSkippedNear] = useState<ReadonlySet<string>>(new Set());
  const summaryRef = useFocusOnMount<HTMLParagraphElement>();
  const choices = { includeDuplicates, skippedNear };
  const entries = chosenEntries(plan, choices);
  const groups = chosenGroups(plan, entries);
  // Only true when no entry written leaves something behind (issue #44: it was said regardless).
  const nothingLost = entriesLosing(entries).length === 0;
  const left = notImported(plan, choices);
  const leftOut = left.skipped.length + left.duplicates.length;

  return (
    <div className="import-preview">
      <p ref={summaryRef} tabIndex={-1} className="import-preview__summary">
        <strong>{`${countOf(entries.length, 'entry', 'entries')} will be imported.`}</strong> Nothing is written until you
        choose Import.
      </p>
      <p>{kindsSentence(plan.kinds)}</p>
      {hasNonLogins(plan.kinds) && (
        <p>
          {`Secure notes, cards, identities and SSH keys come in as items of their kind, and fields Keyloft has no place for as custom fields${nothingLost ? ', so nothing is lost' : ''}.`}
        </p>
      )}
      <NotCarriedList entries={entries} />
      <GroupsTable groups={groups} />
      <NearDuplicates nearDuplicates={plan.nearDuplicates} skipped={skippedNear} onChange={setSkippedNear} />
      <Duplicates duplicates={plan.duplicates} include={includeDuplicates} onIncludeChange={setIncludeDuplicates} />
      <Skipped
        skipped={plan.skipped}
        onDownload={
          leftOut === 0
            ? null
            : () => {
                // The list is of what this import leaves out: included duplicates and near-duplicates are not in it.
                downloadText(SKIPPED_LIST_FILE, skippedListCsv(left), 'text/csv;charset=utf-8');
              }
        }
      />
      <div className="import-dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          disabled={entries.length === 0}
          onClick={() => {
            onImport({ entries, groups });
          }}
        >
          {importLabel(entries.length)}
        </Button>
      </div>
    </div>
  );
}
