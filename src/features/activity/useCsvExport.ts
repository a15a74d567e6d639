import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditLogQuery, AuditLogRepository } from '../../data/audit/auditLog';
import { activityCsv, type CsvWriter } from './activityCsv';
import { collectLog } from './collectLog';
import type { VaultNames } from './eventText';

// The CSV export of what the filters select: read a page at a time with its progress shown, then
// written by the import feature's CSV writer and saved the way the vault export saves its file. The
// titles beside the ids are the open vault's as the file is written (decrypted in this browser;
// nothing is sent anywhere to name them).

export interface CsvExportServices {
  readonly log: AuditLogRepository;
  /** The import feature's CSV writer, loaded on first use (it brings papaparse). */
  readonly csvWriter: () => Promise<CsvWriter>;
  /** Saves a file the page built (the vault export's download). */
  readonly download: (fileName: string, text: string, type: string) => void;
}

export type CsvExportState =
  | { readonly status: 'idle' }
  | { readonly status: 'reading'; readonly read: number }
  | { readonly status: 'done'; readonly count: number; readonly truncated: boolean }
  | { readonly status: 'failed' };

/** 'keyloft-activity-2026-11-27.csv', by the user's calendar day. */
export function activityFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `keyloft-activity-${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

export function useCsvExport(
  services: CsvExportServices,
  query: AuditLogQuery | null,
  names: VaultNames,
): { readonly state: CsvExportState; readonly start: () => void } {
  // The vault may go on loading during a long read: the file names what it holds once written.
  const latestNames = useRef(names);
  useEffect(() => {
    latestNames.current = names;
  });
  // Kept with the query it was for: another filter starts from idle again.
  const [exported, setExported] = useState<{ readonly query: AuditLogQuery | null; readonly state: CsvExportState }>({ query: null, state: { status: 'idle' } });
  const closed = useRef(false);
  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
    };
  }, []);

  const start = useCallback(() => {
    if (query === null) return;
    const setState = (next: CsvExportState) => {
      setExported({ query, state: next });
    };
    setState({ status: 'reading', read: 0 });
    const isClosed = () => closed.current;
    void (async () => {
      try {
        const [collected, write] = await Promise.all([
          collectLog(services.log, query, (read) => {
            if (!isClosed()) setState({ status: 'reading', read });
          }, isClosed),
          services.csvWriter(),
        ]);
        // A dialog closed during the export downloads nothing.
        if (isClosed()) return;
        services.download(activityFileName(new Date()), activityCsv(collected.entries, write, latestNames.current), 'text/csv;charset=utf-8');
        setState({ status: 'done', count: collected.entries.length, truncated: collected.truncated });
      } catch (error) {
        console.error('The activity log could not be exported', error);
        if (!isClosed()) setState({ status: 'failed' });
      }
    })();
  }, [services, query]);

  return { state: exported.query === query ? exported.state : { status: 'idle' }, start };
}
