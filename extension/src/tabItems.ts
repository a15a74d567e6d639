import type { SealedItemUrl } from '../../src/crypto';
import { matchesUrl } from '../../src/features/vault/items/urlMatch';
import type { ListedItem } from '../../src/features/vault/service/itemService';
import type { VaultItem } from './vaultItems';

// Which logins the popup offers for the current tab (docs/extension.md, "The popup"): those a
// saved URL matches by its own rule (urlMatch.ts: exact origin by default) come first, and are the
// only ones Fill is offered for; logins of the same site under another address are listed apart,
// labelled, to copy from but never filled (the worker would refuse them: fillGuard.ts).

export interface TabItems<T extends ListedItem = VaultItem> {
  /** Logins one of whose URLs matches the page by its rule: Fill is offered. */
  readonly matching: readonly T[];
  /** Logins of the page's site that no URL's rule matches (another subdomain, port or scheme). */
  readonly sameSite: readonly T[];
}

function loginUrls(item: ListedItem): readonly SealedItemUrl[] {
  return item.overview?.kind === 'login' ? item.overview.urls : [];
}

/** Whether `item` may be filled into a page at `pageUrl`: a URL of it matches by its own rule. */
export function matchesPage(item: ListedItem, pageUrl: string): boolean {
  return loginUrls(item).some((saved) => matchesUrl(saved, pageUrl));
}

/**
 * The same registrable domain, whatever the saved rule (other than never), and either scheme: what
 * the user may be looking for on this site, shown apart. The site rule's own check decides it, so
 * the Public Suffix List is read as for matching.
 */
function sameSiteAs(item: ListedItem, pageUrl: string): boolean {
  return loginUrls(item).some((saved) => {
    if (saved.match === 'never') return false;
    const asSite = { url: saved.url, match: 'site' } as const;
    // Both ways round, so an http page finds an https login of its site (never filled: listed only).
    return matchesUrl(asSite, pageUrl) || matchesUrl(asSite, pageUrl.replace(/^http:/i, 'https:'));
  });
}

/** Personal and team logins alike (./vaultItems.ts): each by its own URLs' rules. */
export function itemsForTab<T extends ListedItem>(items: readonly T[], pageUrl: string | null): TabItems<T> {
  if (pageUrl === null) return { matching: [], sameSite: [] };
  const matching: T[] = [];
  const sameSite: T[] = [];
  for (const item of items) {
    if (item.entry.undecryptable) continue;
    if (matchesPage(item, pageUrl)) matching.push(item);
    else if (sameSiteAs(item, pageUrl)) sameSite.push(item);
  }
  return { matching, sameSite };
}

/**
 * Search over the whole vault, personal and team: title, username, URLs and a team item's team
 * name, ignoring case; every word must appear.
 */
export function searchItems<T extends VaultItem>(items: readonly T[], query: string): readonly T[] {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return items;
  return items.filter((item) => {
    const overview = item.overview;
    if (overview === null) return false;
    const text = [overview.title, item.team?.name ?? '', ...(overview.kind === 'login' ? [overview.username, ...overview.urls.map((saved) => saved.url)] : [])]
      .join('\n')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
