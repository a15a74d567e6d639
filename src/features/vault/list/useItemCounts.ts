import { useContext, useEffect } from 'react';
import type { PasswordEntry } from '../model';
import { countItems, ItemFilterContext } from './itemFilter';

/**
 * The list on screen tells the sidebar how many of its items each kind filter shows (issue #44):
 * once the list has loaded (never a part of it counted as if it were all, issue #43), and null
 * again when it goes.
 */
export function usePublishedItemCounts(entries: readonly PasswordEntry[], loading: boolean): void {
  const { onCounts } = useContext(ItemFilterContext);
  const counts = loading ? null : countItems(entries);
  useEffect(() => {
    if (onCounts === undefined) return undefined;
    onCounts(counts);
    return () => {
      onCounts(null);
    };
  }, [onCounts, counts]);
}
