// What the import and export dialog tests share: fixture files as the browser hands them over,
// a stand-in planner (the real planImport is tested on its own), and a Blob download catcher.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { ImportItemKind, ParsedImport } from '../../../src/features/import/model';
import type { DuplicateEntry, ImportPlan, NearDuplicateEntry, PlannedEntry, PlannedGroup } from '../../../src/features/import/plan/types';

// A path, not import.meta.url: under jsdom the module's URL is not a file: URL.
const FIXTURES = join(process.cwd(), 'tests/fixtures/import');

/** A fixture as an uploaded file. */
export function fixtureFile(name: string, type = ''): File {
  return new File([readFileSync(join(FIXTURES, name))], name, { type });
}

export interface TargetStandIn {
  /** Titles of entries already there: an item of that title is a duplicate. */
  readonly titles?: readonly string[];
  /** Names of groups already there. */
  readonly groups?: readonly string[];
  /** Titles of entries already there with another password: an item of that title is a near-duplicate. */
  readonly changed?: readonly string[];
}

/** A plan in planImport's shape, by simpler rules: duplicates and near-duplicates by title, one group per folder path. */
export function standInPlan(parsed: ParsedImport, target: TargetStandIn = {}): ImportPlan {
  const entries: PlannedEntry[] = [];
  const duplicates: DuplicateEntry[] = [];
  const nearDuplicates: NearDuplicateEntry[] = [];
  const groups = new Map<string, PlannedGroup>();
  const kinds: Record<ImportItemKind, number> = { login: 0, note: 0, card: 0, identity: 0, ssh: 0, other: 0 };
  for (const item of parsed.items) {
    kinds[item.kind] += 1;
    const groupName = item.folder.length === 0 ? null : item.folder.join(' / ');
    if (groupName !== null && !groups.has(groupName)) {
      const existing = target.groups?.includes(groupName) === true;
      groups.set(groupName, { name: groupName, existingId: existing ? `group-${groupName}` : null, folders: [groupName] });
    }
    const entry: PlannedEntry = {
      at: item.at,
      kind: item.kind,
      title: item.title,
      url: item.url === '' ? null : item.url,
      username: item.username,
      password: item.password,
      notes: item.notes === '' ? null : item.notes,
      groupName,
      // As planImport lists it: an item of a kind Keyloft has not (issue #44).
      ...(item.notCarried === undefined && item.kind !== 'other' ? {} : { notCarried: [...(item.notCarried ?? []), ...(item.kind === 'other' ? [{ kind: 'kind' as const }] : [])] }),
    };
    if (target.titles?.includes(item.title) === true) duplicates.push({ ...entry, duplicateOf: { in: 'target', title: item.title } });
    else if (target.changed?.includes(item.title) === true) nearDuplicates.push({ ...entry, duplicateOf: { in: 'target', title: item.title }, differs: ['password'] });
    else entries.push(entry);
  }
  return { format: parsed.format, entries, duplicates, nearDuplicates, skipped: parsed.skipped, groups: [...groups.values()], kinds };
}

export interface CaughtDownload {
  readonly fileName: string;
  readonly blob: Blob;
}

/**
 * Catches what downloadText saves: the Blob given to URL.createObjectURL and the link's file name
 * (the link's click is stubbed: jsdom does not navigate). `revoked` lists the URLs revoked.
 */
export function catchDownloads() {
  const blobs = new Map<string, Blob>();
  const downloads: CaughtDownload[] = [];
  const revoked: string[] = [];
  let next = 0;
  // jsdom has no object URLs: the spies below need the methods to exist.
  for (const method of ['createObjectURL', 'revokeObjectURL'] as const) {
    if (typeof URL[method] !== 'function') Object.defineProperty(URL, method, { value: () => undefined, configurable: true, writable: true });
  }
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    next += 1;
    const url = `blob:keyloft/${String(next)}`;
    blobs.set(url, object as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob !== undefined) downloads.push({ fileName: this.download, blob });
  });
  return { downloads, revoked };
}
