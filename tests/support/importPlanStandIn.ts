// STAND-IN for planImport (src/features/import/plan/planImport.ts), which another helper is
// writing; tests of the import run use it to plan a file again after an interrupted run. Once
// planImport is merged, replace every `standInPlanImport(` with `planImport(` (same signature) and
// delete this function; `targetContents` stays (it is what the vault screen's loaded entries become).
//
// It does only what a re-run needs, for items without extras: trims values, joins folders as
// 'Parent / Child', and drops as duplicates the items whose title, username and password an entry
// of the target already has (the real duplicate rule compares url host, username and password).
import type { ImportItemKind, ParsedImport } from '../../src/features/import/model';
import type { ImportPlan, ImportTargetContents, PlannedEntry } from '../../src/features/import/plan/types';
import { loadEntries, loadGroups, openDetails, type VaultDeps } from '../../src/features/vault/vaultService';

export async function standInPlanImport(parsed: ParsedImport, target: ImportTargetContents): Promise<ImportPlan> {
  const kinds: Record<ImportItemKind, number> = { login: 0, note: 0, card: 0, identity: 0, other: 0 };
  const entries: PlannedEntry[] = [];
  for (const item of parsed.items) {
    kinds[item.kind] += 1;
    if (item.extras.length > 0) throw new Error('standInPlanImport does not handle extras');
    const planned: PlannedEntry = {
      at: item.at,
      kind: item.kind,
      title: item.title.trim(),
      url: item.url.trim() || null,
      username: item.username.trim(),
      password: item.password.trim(),
      notes: item.notes.trim() || null,
      groupName: item.folder.length === 0 ? null : item.folder.map((name) => name.trim()).join(' / '),
    };
    if (!(await alreadyThere(planned, target))) entries.push(planned);
  }
  const names = [...new Set(entries.flatMap((entry) => (entry.groupName === null ? [] : [entry.groupName])))];
  const groups = names.map((name) => ({ name, existingId: target.groups.find((group) => group.name === name)?.id ?? null, folders: [name] }));
  return { format: parsed.format, entries, duplicates: [], skipped: parsed.skipped, groups, kinds };
}

async function alreadyThere(entry: PlannedEntry, target: ImportTargetContents): Promise<boolean> {
  for (const existing of target.entries) {
    if (existing.title === entry.title && existing.username === entry.username && (await existing.password()) === entry.password) return true;
  }
  return false;
}

/** The target as the vault screen would hand it to the plan: every entry (password opened on demand) and group. */
export async function targetContents(deps: VaultDeps): Promise<ImportTargetContents> {
  const [entries, groups] = await Promise.all([loadEntries(deps), loadGroups(deps)]);
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      title: entry.title,
      url: entry.url,
      username: entry.username,
      password: async () => (await openDetails(deps, entry)).password,
    })),
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
  };
}
