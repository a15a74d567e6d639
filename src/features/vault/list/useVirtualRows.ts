import { useWindowVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { keepRows, listScrollMargin, placeRows, rowHeight } from './virtualRows';

export type { PlacedRow } from './virtualRows';

type RowVirtualizer = Virtualizer<Window, HTMLLIElement>;

/**
 * Writes a scroll the virtualiser asks for (keeping the rows in view still when a row above them
 * turns out taller or shorter than counted). A write that would not move the page is skipped.
 */
function scrollPage(offset: number, { adjustments = 0, behavior }: { adjustments?: number; behavior?: ScrollBehavior }) {
  const top = offset + adjustments;
  if (Math.abs(top - window.scrollY) < 0.5) return;
  window.scrollTo(behavior === undefined ? { top } : { top, behavior });
}

/**
 * Which rows of a page-scrolled list are rendered, and where, with @tanstack/react-virtual: the
 * rows in view plus an overscan, and the rows of `keptIds` wherever they are. Each rendered row is
 * measured (and observed, so it is re-measured when it grows), so it is as tall as its content;
 * rows out of view count at their measured, or else estimated, height. Sizes are kept by entry
 * id, so they survive a search.
 */
export function useVirtualRows(
  ids: readonly string[],
  { estimatedRowHeight, overscan, keptIds }: { estimatedRowHeight: number; overscan: number; keptIds: readonly (string | null)[] },
) {
  const listRef = useRef<HTMLUListElement>(null);
  const rowElements = useRef(new Map<string, HTMLLIElement>());
  const [scrollMargin, setScrollMargin] = useState(0);

  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  const estimateSize = useCallback(() => estimatedRowHeight, [estimatedRowHeight]);
  // By value, so that the extractor (and with it the rendered range) only changes when they do.
  const keptKey = keptIds.map((id) => (id === null ? -1 : ids.indexOf(id))).join(',');
  const rangeExtractor = useCallback(
    (range: Range) => keepRows(range, keptKey === '' ? [] : keptKey.split(',').map(Number)),
    [keptKey],
  );
  const measureElement = useCallback(
    (element: HTMLLIElement, entry: ResizeObserverEntry | undefined, instance: RowVirtualizer) => {
      const measured = entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
      const known = instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element)));
      return rowHeight(measured, known, estimatedRowHeight);
    },
    [estimatedRowHeight],
  );

  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: ids.length,
    getItemKey,
    estimateSize,
    overscan,
    rangeExtractor,
    measureElement,
    scrollMargin,
    scrollToFn: scrollPage,
    // Rows on the first render, before the window has been observed.
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });

  const place = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const margin = listScrollMargin({
      listTop: list.getBoundingClientRect().top,
      scrollY: window.scrollY,
      listHeight: virtualizer.getTotalSize(),
      viewHeight: window.innerHeight,
    });
    setScrollMargin((current) => (current === margin ? current : margin));
  }, [virtualizer]);

  // Rows measured, a search, a delete, a notice above: the list may have moved on the page.
  useLayoutEffect(place);

  useEffect(() => {
    // Capture: a scroll of any scrolling ancestor, not only the page, moves the list in view.
    const options = { capture: true, passive: true } as const;
    window.addEventListener('scroll', place, options);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, options);
      window.removeEventListener('resize', place);
    };
  }, [place]);

  /** Hands a rendered row to the virtualiser to measure and observe; returns the ref's cleanup. */
  const measure = useCallback(
    (element: HTMLLIElement, id: string) => {
      rowElements.current.set(id, element);
      virtualizer.measureElement(element);
      return () => {
        if (rowElements.current.get(id) === element) rowElements.current.delete(id);
      };
    },
    [virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const { placed, after } = useMemo(() => placeRows(items, scrollMargin, totalSize), [items, scrollMargin, totalSize]);

  return { listRef, measure, rowElements, placed, after };
}
