import { useEffect, useState } from 'react';
import type { PasswordEntry } from '../model';

/** What the live list holds of the entry being edited, when it is not the version the form opened. */
export type NewerVersion = PasswordEntry | 'deleted' | null;

/**
 * The entry being edited as the live list holds it now (issue #22, "conflicts arrive early"): a
 * newer revision, its details opened so the form can show them, or 'deleted' when it left the
 * list; null while the form's version is the latest (or nothing is edited).
 */
export function useNewerVersion(
  editing: PasswordEntry | null,
  entries: readonly PasswordEntry[],
  withDetails: (entry: PasswordEntry) => Promise<PasswordEntry>,
): NewerVersion {
  const listed = editing === null ? undefined : entries.find((entry) => entry.id === editing.id);
  const newer = editing !== null && listed !== undefined && listed.revision > editing.revision ? listed : null;
  const gone = editing !== null && listed === undefined;
  const [opened, setOpened] = useState<PasswordEntry | null>(null);
  useEffect(() => {
    if (newer === null) return undefined;
    let current = true;
    withDetails(newer).then(
      (entry) => {
        if (current) setOpened(entry);
      },
      // Its details do not open: the save's own conflict check still guards the write.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [newer, withDetails]);
  if (gone) return 'deleted';
  return newer !== null && opened !== null && opened.id === newer.id && opened.revision === newer.revision ? opened : null;
}
