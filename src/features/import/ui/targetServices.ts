// The import dialog's services over a real target (issue #20): the plan, the run and the list of
// what was not imported, from this chunk's own modules, so they load with the dialog.
import { planImport, skippedListCsv } from '../plan';
import { runImport } from '../run/runImport';
import type { ImportTarget } from '../target';
import type { ImportServices } from './services';

export function importServicesFor(target: ImportTarget): ImportServices {
  return {
    plan: (parsed) => planImport(parsed, target.contents()),
    run: (input, { signal, onProgress }) => runImport(input, target.writer, { signal, onProgress }),
    skippedListCsv,
  };
}
