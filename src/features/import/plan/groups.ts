// Which group each of the file's folders becomes (docs/import.md "What the import decides"): a
// folder path is one group named 'Parent / Child'; a name the target already has (whatever its
// case) is that group, any other is created when the import runs. A path too long for a group
// name keeps its innermost folders, and two paths never share a shortened name.
import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import { shortenText } from './shorten';
import type { ExistingGroup, PlannedGroup } from './types';

export const PATH_SEPARATOR = ' / ';
const OMITTED = '…';

/** A folder path as one group name: the segments trimmed, empty ones dropped; null for no folder. */
export function folderPath(folder: readonly string[]): string | null {
  const segments = folder.map((segment) => segment.trim()).filter((segment) => segment !== '');
  return segments.length === 0 ? null : segments.join(PATH_SEPARATOR);
}

/** The path itself when it fits; else '… / ' and as many of its innermost folders as fit; else the innermost cut short. */
export function shortenedPath(path: string, max: number): string {
  if (path.length <= max) return path;
  const segments = path.split(PATH_SEPARATOR);
  let tail = '';
  for (let at = segments.length - 1; at >= 0; at -= 1) {
    const longer = tail === '' ? (segments[at] ?? '') : `${segments[at] ?? ''}${PATH_SEPARATOR}${tail}`;
    if (OMITTED.length + PATH_SEPARATOR.length + longer.length > max) break;
    tail = longer;
  }
  return tail === '' ? shortenText(segments.at(-1) ?? '', max) : `${OMITTED}${PATH_SEPARATOR}${tail}`;
}

const keyOf = (name: string) => name.trim().toLowerCase();

interface GroupDraft {
  readonly name: string;
  readonly existingId: string | null;
  readonly folders: string[];
  listed?: { readonly description: string };
}

export class GroupPlanner {
  private readonly existing = new Map<string, ExistingGroup>();
  /** A path's key → its group's name: paths differing only in case are one group, as the target's names are matched. */
  private readonly named = new Map<string, string>();
  /** A group name's key → the key of the path that has it, so that two paths never share one. */
  private readonly claimedBy = new Map<string, string>();
  private readonly used = new Map<string, GroupDraft>();

  constructor(groups: readonly ExistingGroup[]) {
    for (const group of groups) if (!this.existing.has(keyOf(group.name))) this.existing.set(keyOf(group.name), group);
  }

  /** The group name for a path (folderPath's), the target's own spelling when it has the group. */
  nameFor(path: string): string {
    const pathKey = keyOf(path);
    const known = this.named.get(pathKey);
    if (known !== undefined) return known;
    let name = shortenedPath(path, FIELD_LIMITS.groupName);
    for (let copy = 2; this.claimedBy.has(keyOf(name)) && this.claimedBy.get(keyOf(name)) !== pathKey; copy += 1) {
      const suffix = ` (${String(copy)})`;
      name = `${shortenedPath(path, FIELD_LIMITS.groupName - suffix.length)}${suffix}`;
    }
    this.claimedBy.set(keyOf(name), pathKey);
    name = this.existing.get(keyOf(name))?.name ?? name;
    this.named.set(pathKey, name);
    return name;
  }

  /** Records that an entry (or a duplicate) goes into the path's group: only such groups are planned. */
  use(path: string): void {
    this.draftFor(path);
  }

  /** Records a folder the file lists on its own: its group is planned, and made, even with no entry in it. */
  list(path: string, description: string): void {
    const group = this.draftFor(path);
    group.listed ??= { description: shortenText(description.trim(), FIELD_LIMITS.groupDescription) };
  }

  private draftFor(path: string): GroupDraft {
    const name = this.nameFor(path);
    const group = this.used.get(keyOf(name));
    if (group === undefined) {
      const draft: GroupDraft = { name, existingId: this.existing.get(keyOf(name))?.id ?? null, folders: [path] };
      this.used.set(keyOf(name), draft);
      return draft;
    }
    if (!group.folders.includes(path)) group.folders.push(path);
    return group;
  }

  /** Every used group, in the order the file first used it. */
  groups(): PlannedGroup[] {
    return [...this.used.values()].map((group) => ({ ...group, folders: [...group.folders] }));
  }
}
