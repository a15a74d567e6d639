import { useContext, useEffect, useMemo } from 'react';
import type { PasswordEntry } from '../model';
import { countItems, ITEM_FILTERS, ItemFilterContext, type ItemCounts } from './itemFilter';

/**
 * The list on screen tells the sidebar how many of its items each kind filter shows (issue #44):
 * once the list has loaded (never a part of it counted as if it were all, issue #43), and null
 * again when it goes. Told again only when a count changes: a list handed a new array of the same
 * items (an empty one on every render) does not set the dashboard's state each time.
 */
export function usePublishedItemCounts(entries: readonly PasswordEntry[], loading: boolean): void {
  const { onCounts } = useContext(ItemFilterContext);
  const counts = loading ? null : countItems(entries);
  const key = counts === null ? null : ITEM_FILTERS.map((filter) => counts[filter]).join(',');
  const published = useMemo<ItemCounts | null>(() => (key === null ? null : (Object.fromEntries(ITEM_FILTERS.map((filter, at) => [filter, Number(key.split(',')[at])])) as unknown as ItemCounts)), [key]);
  useEffect(() => {
    if (onCounts === undefined) return undefined;
    onCounts(published);
    return () => {
      onCounts(null);
    };
  }, [onCounts, published]);
}
