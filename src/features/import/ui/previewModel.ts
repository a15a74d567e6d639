// What the import preview shows and the run writes, read from a plan: which entries and groups
// the user's choices select (the duplicates, each near-duplicate), and the counts in words (src/ui/format).
import type { ImportItemKind } from '../model';
import type { NotImported } from '../plan/skippedList';
import type { ImportPlan, PlannedEntry, PlannedGroup } from '../plan/types';
import { countOf } from '../../../ui/format';

/** What the user chose in the preview: the duplicates all at once, the near-duplicates one by one. */
export interface PreviewChoices {
  readonly includeDuplicates: boolean;
  /** The near-duplicates (by `at`) the user chose to skip; every other one is imported. */
  readonly skippedNear: ReadonlySet<string>;
}

/** The plan's entries, the near-duplicates the user did not skip, then the duplicates when the user includes them. */
export function chosenEntries(plan: ImportPlan, choices: PreviewChoices): readonly PlannedEntry[] {
  const near = plan.nearDuplicates.filter((entry) => !choices.skippedNear.has(entry.at));
  return [...plan.entries, ...near, ...(choices.includeDuplicates ? plan.duplicates : [])];
}

/** What the import leaves out, for the downloadable list: skipped items, duplicates not included, near-duplicates skipped. */
export function notImported(plan: ImportPlan, choices: PreviewChoices): NotImported {
  const near = plan.nearDuplicates.filter((entry) => choices.skippedNear.has(entry.at));
  return { skipped: plan.skipped, duplicates: [...(choices.includeDuplicates ? [] : plan.duplicates), ...near] };
}

/** The groups the chosen entries go into: a group only a skipped duplicate needed is not created. */
export function chosenGroups(plan: ImportPlan, entries: readonly PlannedEntry[]): readonly PlannedGroup[] {
  const used = new Set(entries.map((entry) => entry.groupName));
  return plan.groups.filter((group) => used.has(group.name));
}

const KIND_WORDS: Readonly<Record<ImportItemKind, readonly [string, string]>> = {
  login: ['login', 'logins'],
  note: ['secure note', 'secure notes'],
  card: ['card', 'cards'],
  identity: ['identity', 'identities'],
  ssh: ['SSH key', 'SSH keys'],
  other: ['other item', 'other items'],
};

const KIND_ORDER: readonly ImportItemKind[] = ['login', 'note', 'card', 'identity', 'ssh', 'other'];

/** 'The file holds 5 items: 3 logins, 1 secure note and 1 card.' */
export function kindsSentence(kinds: ImportPlan['kinds']): string {
  const total = KIND_ORDER.reduce((sum, kind) => sum + kinds[kind], 0);
  const parts = KIND_ORDER.filter((kind) => kinds[kind] > 0).map((kind) => countOf(kinds[kind], ...KIND_WORDS[kind]));
  const head = `The file holds ${countOf(total, 'item')}`;
  if (parts.length === 0) return `${head}.`;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${String(parts.at(-1))}`;
  return `${head}: ${String(list)}.`;
}

/** Whether any item is not a login (the preview then says each comes in as its kind). */
export function hasNonLogins(kinds: ImportPlan['kinds']): boolean {
  return KIND_ORDER.some((kind) => kind !== 'login' && kinds[kind] > 0);
}

/** 'Import 1 entry', 'Import 1,200 entries'. */
export function importLabel(count: number): string {
  return `Import ${countOf(count, 'entry', 'entries')}`;
}
