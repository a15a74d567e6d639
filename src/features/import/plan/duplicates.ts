// Which planned entries are already there (docs/import.md "Duplicates"; issue #44, item 6),
// compared with the target's entries and with the earlier items of the same file:
// - a duplicate is equal in every field that comes in: title, url, username, password, notes,
//   one-time code, group and, since items have kinds (issue #44), kind, favourite mark, further
//   URLs and rules, custom fields and the fields of its kind. It is skipped by default. Running an interrupted import again relies
//   on it: what was written is found here and skipped.
// - a near-duplicate has the same title, site (urlHost's hostKey) and username, but differs in
//   another field. Restoring a backup over a vault that changed since is where these come from:
//   the user chooses, and the default is to import it. It is never skipped silently.
//
// Linear in the file and the target: both are indexed in Maps, and a target entry's details (password,
// notes, one-time code), sealed and opened on demand, are asked for only when its title, site and
// username match an item's, once per entry.
import type { ComparedField, DuplicateEntry, ExistingDetails, ExistingEntry, ExistingGroup, PlannedEntry, PlannedItemParts } from './types';
import { hostKey } from './urlHost';

export type DuplicateOf = DuplicateEntry['duplicateOf'];

export type Likeness =
  | { readonly duplicateOf: DuplicateOf }
  | { readonly nearDuplicateOf: DuplicateOf; readonly differs: readonly ComparedField[] }
  | null;

/** An entry's values as compared: trimmed as stored, none as null, the group by its name's key. */
interface Compared {
  readonly title: string;
  readonly url: string | null;
  readonly username: string;
  readonly password: string;
  readonly notes: string | null;
  readonly otp: string | null;
  readonly group: string | null;
  /** Everything an item holds beyond the above, as one comparable text (itemKey). */
  readonly fields: string;
}

const PLAIN_LOGIN = 'login';

function isPlainLogin(item: PlannedItemParts): boolean {
  return (
    item.kind === 'login' &&
    !item.favourite &&
    item.customFields.length === 0 &&
    item.urls.length <= 1 &&
    (item.urls[0]?.match ?? 'origin') === 'origin'
  );
}

/**
 * An item's kind, favourite mark, URLs past the first with the rules of all, custom fields and
 * kind fields, as text: an entry of format 1 or 2 is a login whose url is matched by origin.
 * Empty kind fields do not count (one side may list them, the other leave them out).
 */
function itemKey(item: PlannedItemParts | undefined): string {
  // A login of an entry's fields alone (the url is compared on its own): most of a file and a vault.
  if (item === undefined || isPlainLogin(item)) return PLAIN_LOGIN;
  const fields = Object.entries(item.fields)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    item.kind,
    item.favourite,
    item.urls.map(({ match }) => match),
    item.urls.slice(1).map(({ url: further }) => further),
    item.customFields.map(({ name, type, value }) => [name, type, value]),
    fields,
    item.expiry === null ? null : [item.expiry.month, item.expiry.year],
  ]);
}

/** Group names match ignoring case and edge spaces, as the plan matches them to the target's (groups.ts). */
const groupKey = (name: string): string => `name:${name.trim().toLowerCase()}`;

const emptyAsNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value === '' ? null : value);

/** A one-time code as compared: `sameCode`'s key for it (the target's), else its link. */
type CodeKey = (link: string) => string;

const codeOf = (link: string | null, sameCode: CodeKey): string | null => (link === null ? null : sameCode(link));

function comparedOf(entry: PlannedEntry, sameCode: CodeKey): Compared {
  return {
    title: entry.title,
    url: entry.url,
    username: entry.username,
    password: entry.password,
    notes: entry.notes,
    otp: codeOf(entry.otp ?? null, sameCode),
    group: entry.groupName === null ? null : groupKey(entry.groupName),
    fields: itemKey(entry.item),
  };
}

function comparedExisting(existing: ExistingEntry, details: ExistingDetails, groupNames: ReadonlyMap<string, string>, sameCode: CodeKey): Compared {
  const groupName = existing.groupId === null ? undefined : groupNames.get(existing.groupId);
  const url = emptyAsNull(existing.url?.trim());
  return {
    title: existing.title.trim(),
    url,
    username: existing.username.trim(),
    password: details.password,
    notes: emptyAsNull(details.notes?.trim()),
    otp: codeOf(emptyAsNull(details.otp), sameCode),
    // A group whose name cannot be read matches no planned group.
    group: existing.groupId === null ? null : groupName === undefined ? `id:${existing.groupId}` : groupKey(groupName),
    fields: itemKey(details.item),
  };
}

/** Title, site and username: what makes two entries the same login, and a target entry worth opening. */
function nearKey(entry: Pick<Compared, 'title' | 'url' | 'username'>): string {
  return JSON.stringify([entry.title, hostKey(entry.url ?? ''), entry.username]);
}

function exactKey(entry: Compared): string {
  return JSON.stringify([entry.title, entry.url, entry.username, entry.password, entry.notes, entry.otp, entry.group, entry.fields]);
}

const COMPARED_FIELDS: readonly ComparedField[] = ['url', 'password', 'notes', 'otp', 'group', 'fields'];

/** The fields two entries of one near key differ in ([] for a duplicate), in a fixed order. */
function differences(a: Compared, b: Compared): ComparedField[] {
  return COMPARED_FIELDS.filter((field) => a[field] !== b[field]);
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

interface OpenedEntry {
  readonly existing: ExistingEntry;
  readonly compared: Compared;
}

/** The target entries an item could be the same as, by near key, their details opened. */
async function openCandidates(keys: readonly string[], target: readonly ExistingEntry[], groups: readonly ExistingGroup[], sameCode: CodeKey): Promise<Map<string, OpenedEntry[]>> {
  const byKey = new Map<string, ExistingEntry[]>();
  for (const existing of target) {
    addTo(byKey, nearKey({ title: existing.title.trim(), url: emptyAsNull(existing.url?.trim()), username: existing.username.trim() }), existing);
  }
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  const wanted = [...new Set(keys)].flatMap((key) => (byKey.get(key) ?? []).map((existing) => ({ key, existing })));
  const details = await Promise.all(wanted.map(({ existing }) => existing.details()));
  const opened = new Map<string, OpenedEntry[]>();
  wanted.forEach(({ key, existing }, at) => {
    const open = details[at];
    if (open !== undefined) addTo(opened, key, { existing, compared: comparedExisting(existing, open, groupNames, sameCode) });
  });
  return opened;
}

/** The candidate differing in the fewest fields, the first of equals. */
function closest(compared: Compared, candidates: readonly OpenedEntry[]): { readonly entry: OpenedEntry; readonly differs: ComparedField[] } | null {
  let best: { entry: OpenedEntry; differs: ComparedField[] } | null = null;
  for (const entry of candidates) {
    const differs = differences(compared, entry.compared);
    if (best === null || differs.length < best.differs.length) best = { entry, differs };
  }
  return best;
}

/**
 * For each entry in order: what it duplicates, what it nearly duplicates (and how it differs), or
 * null. The first of several copies in the file is the entry, the later ones its duplicates; a
 * duplicate of the target wins over one of the file, and any duplicate over a near-duplicate.
 * One-time codes compare by `sameCode` (ImportTargetContents.sameCode), else as their links.
 */
export async function findDuplicates(
  entries: readonly PlannedEntry[],
  target: readonly ExistingEntry[],
  groups: readonly ExistingGroup[],
  sameCode: CodeKey = (link) => link,
): Promise<Likeness[]> {
  const compared = entries.map((entry) => comparedOf(entry, sameCode));
  const keys = compared.map(nearKey);
  const inTarget = await openCandidates(keys, target, groups, sameCode);
  const fileExact = new Map<string, string>();
  const fileNear = new Map<string, { readonly at: string; readonly compared: Compared }>();
  return entries.map((entry, index): Likeness => {
    const values = compared[index] as Compared;
    const key = keys[index] ?? '';
    const match = closest(values, inTarget.get(key) ?? []);
    if (match !== null && match.differs.length === 0) return { duplicateOf: { in: 'target', title: match.entry.existing.title } };
    const exact = exactKey(values);
    const earlier = fileExact.get(exact);
    if (earlier !== undefined) return { duplicateOf: { in: 'file', at: earlier } };
    fileExact.set(exact, entry.at);
    if (match !== null) return { nearDuplicateOf: { in: 'target', title: match.entry.existing.title }, differs: match.differs };
    const resembled = fileNear.get(key);
    if (resembled !== undefined) return { nearDuplicateOf: { in: 'file', at: resembled.at }, differs: differences(values, resembled.compared) };
    fileNear.set(key, { at: entry.at, compared: values });
    return null;
  });
}
