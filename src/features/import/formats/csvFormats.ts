// The CSV formats the import screen offers, each read from its exporter's own layout
// (docs/import.md, "Formats"). Detection asks each in turn; their headers are told apart so that
// at most one recognises a given file.
import type { ImportFormat } from '../model';
import { bitwardenCsv } from './bitwardenCsv';
import { chromeCsv } from './chromeCsv';
import { dashlaneCsv } from './dashlaneCsv';
import { firefoxCsv } from './firefoxCsv';
import { keepassxcCsv } from './keepassxcCsv';
import { keyloftCsv } from './keyloftCsv';
import { lastPassCsv } from './lastPassCsv';
import { onePasswordCsv } from './onePasswordCsv';
import { safariCsv } from './safariCsv';

export const CSV_FORMATS: readonly ImportFormat[] = [
  keyloftCsv,
  bitwardenCsv,
  onePasswordCsv,
  lastPassCsv,
  chromeCsv,
  firefoxCsv,
  safariCsv,
  keepassxcCsv,
  dashlaneCsv,
];
