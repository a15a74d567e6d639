import { Button } from '../../ui/Button';
import { countOf, formatCount } from '../../ui/format';
import { DownloadIcon } from '../../ui/icons';
import { EXPORT_EVENT_LIMIT } from './collectLog';
import type { CsvExportState } from './useCsvExport';

export const EXPORT_TEXTS = Object.freeze({
  button: 'Export CSV',
  hint: `Exports the activity the filters select, up to ${formatCount(EXPORT_EVENT_LIMIT)} events, as a spreadsheet. Entries and groups are named by their ids, with their titles beside them where your vault can open them (decrypted in this browser, never sent anywhere): the file then holds those titles in clear.`,
  reading: (read: number) => `Reading the activity… ${countOf(read, 'event')} so far`,
  done: (count: number) => `Exported ${countOf(count, 'event')}.`,
  truncated: `The export stopped at ${formatCount(EXPORT_EVENT_LIMIT)} events; there may be older ones. Narrow the dates to export them.`,
  failed: 'The activity could not be exported. Check your connection and try again.',
});

/** The export's button, what it is doing and how it ended. */
export function ActivityExport({ state, disabled, onExport }: { readonly state: CsvExportState; readonly disabled: boolean; readonly onExport: () => void }) {
  const reading = state.status === 'reading';
  return (
    <section className="activity-export" aria-label="Export">
      <p className="field__hint">{EXPORT_TEXTS.hint}</p>
      <Button variant="secondary" size="sm" icon={<DownloadIcon />} disabled={disabled || reading} onClick={onExport}>
        {EXPORT_TEXTS.button}
      </Button>
      <div role="status" className="activity-export__status">
        {reading && (
          <>
            {EXPORT_TEXTS.reading(state.read)}
            <progress max={EXPORT_EVENT_LIMIT} value={state.read} className="activity-export__progress" aria-hidden="true" />
          </>
        )}
        {state.status === 'done' && (
          <>
            {EXPORT_TEXTS.done(state.count)}
            {state.truncated && <> {EXPORT_TEXTS.truncated}</>}
          </>
        )}
      </div>
      {state.status === 'failed' && (
        <p role="alert" className="notice notice--error">
          {EXPORT_TEXTS.failed}
        </p>
      )}
    </section>
  );
}
