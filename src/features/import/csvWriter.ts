// The export's CSV writer for other features' files (the activity log's, issue #24), through the
// app: loaded on first use, so papaparse stays out of the dashboard's chunk (issue #20, item 7).
import type { csvText } from './export/csvExport';

export type CsvTextWriter = typeof csvText;

export function loadCsvWriter(): Promise<CsvTextWriter> {
  return import('./export/csvExport').then((module) => module.csvText);
}
