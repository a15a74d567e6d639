// The plan the preview shows before anything is written (issue #20, item 2; docs/import.md "What
// the import decides"): every item of the file is an entry to write, a duplicate (skipped unless
// the user includes it), a near-duplicate (imported unless the user skips it) or skipped with its
// reason, the same way for every format.
import type { ImportItemKind, ParsedImport, SkippedItem } from '../model';
import { findDuplicates } from './duplicates';
import { inFileOrder } from './fileOrder';
import { folderPath, GroupPlanner } from './groups';
import { toEntry } from './toEntry';
import type { DuplicateEntry, ImportPlan, ImportTargetContents, NearDuplicateEntry, PlannedEntry } from './types';

export async function planImport(parsed: ParsedImport, target: ImportTargetContents): Promise<ImportPlan> {
  const groups = new GroupPlanner(target.groups);
  const kinds: Record<ImportItemKind, number> = { login: 0, note: 0, card: 0, identity: 0, ssh: 0, other: 0 };
  const planned: PlannedEntry[] = [];
  const paths: (string | null)[] = [];
  const skipped: SkippedItem[] = [];
  for (const item of parsed.items) {
    kinds[item.kind] += 1;
    const path = folderPath(item.folder);
    const outcome = toEntry(item, path === null ? null : groups.nameFor(path), target.oneTimeCode, target.tooLarge);
    if ('skippedBecause' in outcome) {
      skipped.push({ at: item.at, title: item.title, reason: outcome.skippedBecause });
    } else {
      planned.push(outcome.entry);
      paths.push(path);
    }
  }

  const likeness = await findDuplicates(planned, target.entries, target.groups, target.sameCode);
  const entries: PlannedEntry[] = [];
  const duplicates: DuplicateEntry[] = [];
  const nearDuplicates: NearDuplicateEntry[] = [];
  planned.forEach((entry, at) => {
    const path = paths[at];
    if (path !== null && path !== undefined) groups.use(path);
    const like = likeness[at] ?? null;
    if (like === null) entries.push(entry);
    else if ('duplicateOf' in like) duplicates.push({ ...entry, duplicateOf: like.duplicateOf });
    else nearDuplicates.push({ ...entry, duplicateOf: like.nearDuplicateOf, differs: like.differs });
  });

  // Listed folders after the items' own, so the groups keep the order the items first used them in.
  for (const folder of parsed.folders ?? []) {
    const path = folderPath(folder.path);
    if (path !== null) groups.list(path, folder.description);
  }

  return {
    format: parsed.format,
    entries,
    duplicates,
    nearDuplicates,
    skipped: inFileOrder([...parsed.skipped, ...skipped]),
    groups: groups.groups(),
    kinds,
  };
}
