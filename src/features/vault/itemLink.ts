// A link to one item of the web vault (the browser extension's "Open in the web vault", issue #45):
// `/dashboard?item=<id>`. The dashboard opens on All items, which spans the personal vault and
// every team vault, and selects the item once its vault has loaded; an id no open vault holds
// selects nothing. Entry ids are unique across vaults (random document ids).

const ITEM_PARAM = 'item';

/** The dashboard's address showing `itemId`, below the app's origin. */
export function itemLinkPath(itemId: string): string {
  return `/dashboard?${new URLSearchParams({ [ITEM_PARAM]: itemId }).toString()}`;
}

/** The item a dashboard address asks to show (its `search`), or null. */
export function itemToShow(search: string): string | null {
  const id = new URLSearchParams(search).get(ITEM_PARAM);
  return id === null || id.trim() === '' ? null : id;
}
