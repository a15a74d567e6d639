// Which planned entries look like ones already there (docs/import.md "What the import decides"):
// same site (urlHost's hostKey), same username and same password, compared with the target's
// entries and with the earlier items of the same file. Running an interrupted import again relies
// on it: what was written is found here and skipped.
//
// Linear in the file and the target: both are indexed in Maps, and a target entry's password,
// which a sealed entry opens on demand, is asked for only when its site and username match an item.
import type { DuplicateEntry, ExistingEntry, PlannedEntry } from './types';
import { hostKey } from './urlHost';

export type DuplicateOf = DuplicateEntry['duplicateOf'];

type Compared = Pick<PlannedEntry, 'title' | 'username' | 'password'>;

/** Site and username: what makes a target entry worth opening. */
function loginKey(url: string | null, username: string): string {
  return `${hostKey(url ?? '')}\n${username}`;
}

/**
 * The whole identity, given the login key. An item with neither username nor password (a secure
 * note, a card) would otherwise match every other such item of its site; its title takes their place.
 */
function identityKey(login: string, entry: Compared): string {
  return entry.username === '' && entry.password === '' ? `${login}\n\n${entry.title}` : `${login}\n${entry.password}`;
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** For each entry in order: what it duplicates, or null. The first of several copies in the file is the entry, the later ones its duplicates. */
export async function findDuplicates(entries: readonly PlannedEntry[], target: readonly ExistingEntry[]): Promise<(DuplicateOf | null)[]> {
  const byLogin = new Map<string, ExistingEntry[]>();
  for (const existing of target) addTo(byLogin, loginKey(existing.url?.trim() ?? null, existing.username.trim()), existing);
  const logins = entries.map((entry) => loginKey(entry.url, entry.username));
  const candidates = [...new Set(logins)].flatMap((login) => (byLogin.get(login) ?? []).map((existing) => ({ login, existing })));
  const passwords = await Promise.all(candidates.map(({ existing }) => existing.password()));

  const targetIndex = new Map<string, ExistingEntry>();
  candidates.forEach(({ login, existing }, at) => {
    const compared = { title: existing.title.trim(), username: existing.username.trim(), password: passwords[at] ?? '' };
    const key = identityKey(login, compared);
    if (!targetIndex.has(key)) targetIndex.set(key, existing);
  });

  const fileIndex = new Map<string, string>();
  return entries.map((entry, at) => {
    const key = identityKey(logins[at] ?? '', entry);
    const existing = targetIndex.get(key);
    if (existing !== undefined) return { in: 'target', title: existing.title };
    const earlier = fileIndex.get(key);
    if (earlier !== undefined) return { in: 'file', at: earlier };
    fileIndex.set(key, entry.at);
    return null;
  });
}
