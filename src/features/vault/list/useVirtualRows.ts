import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { rowOffsets, visibleRows } from './virtualRows';

interface View {
  /** How far the top of the view is below the top of the list, in px (negative: the list starts lower). */
  readonly top: number;
  readonly height: number;
}

/** A rendered row: its index in the list, and the space of the unrendered rows above it, in px. */
export interface PlacedRow {
  readonly index: number;
  readonly gap: number;
}

function windowHeight(): number {
  return typeof window === 'undefined' ? 0 : window.innerHeight;
}

/**
 * Which rows of a page-scrolled list are rendered, and where: the rows in view plus an overscan,
 * and the rows of `keptIds` wherever they are. Rows are measured (so each is as tall as its
 * content) and stood in for by space of their measured, or else estimated, height.
 */
export function useVirtualRows(
  ids: readonly string[],
  { estimatedRowHeight, overscan, keptIds }: { estimatedRowHeight: number; overscan: number; keptIds: readonly (string | null)[] },
) {
  const listRef = useRef<HTMLUListElement>(null);
  const [view, setView] = useState<View>(() => ({ top: 0, height: windowHeight() }));
  const rowElements = useRef(new Map<string, HTMLLIElement>());

  // Measured heights by row id, kept across searches. The measuring callbacks fill the one map
  // and replace the wrapper, so that the offsets are worked out again.
  const [heights, setHeights] = useState(() => ({ byId: new Map<string, number>() }));
  const byId = heights.byId;
  const observer = useRef<ResizeObserver | null>(null);
  const observedIds = useRef(new WeakMap<Element, string>());
  // Height gained by rows above the view since the last render, scrolled away after it.
  const pendingScroll = useRef(0);

  /**
   * Keeps the heights of rows that have layout (jsdom, or a detached row, measures 0: the estimate
   * stays). A row above the view that turns out taller or shorter than counted would push the rows
   * in view; the page is scrolled by as much after the next render so that they stay put.
   */
  const record = useCallback(
    (measurements: readonly (readonly [Element, number])[]) => {
      let changed = false;
      for (const [element, height] of measurements) {
        const id = observedIds.current.get(element);
        if (id === undefined || height <= 0) continue;
        const known = byId.get(id);
        if (known !== undefined && Math.abs(known - height) < 0.5) continue;
        if (element.getBoundingClientRect().top < 0) pendingScroll.current += height - (known ?? estimatedRowHeight);
        byId.set(id, height);
        changed = true;
      }
      if (changed) setHeights({ byId });
    },
    [byId, estimatedRowHeight],
  );

  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const resizes = new ResizeObserver((changes) => {
      record(
        changes.map((change) => [
          change.target,
          change.borderBoxSize[0]?.blockSize ?? change.target.getBoundingClientRect().height,
        ]),
      );
    });
    observer.current = resizes;
    return () => {
      resizes.disconnect();
      observer.current = null;
    };
  }, [record]);

  /** Measures a row now, and again whenever it resizes (text zoom, a revealed password, a tick). */
  const measure = useCallback(
    (element: HTMLLIElement, id: string) => {
      observedIds.current.set(element, id);
      rowElements.current.set(id, element);
      record([[element, element.getBoundingClientRect().height]]);
      observer.current?.observe(element);
      return () => {
        observer.current?.unobserve(element);
        if (rowElements.current.get(id) === element) rowElements.current.delete(id);
      };
    },
    [record],
  );

  const updateView = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next: View = { top: -list.getBoundingClientRect().top, height: windowHeight() };
    setView((current) => (current.top === next.top && current.height === next.height ? current : next));
  }, []);

  // Rows measured, a search, a delete: the list may have moved on the page.
  useLayoutEffect(() => {
    if (pendingScroll.current !== 0) {
      window.scrollBy(0, pendingScroll.current);
      pendingScroll.current = 0;
    }
    updateView();
  });

  useEffect(() => {
    // Capture: a scroll of any scrolling ancestor, not only the page, moves the list in view.
    const options = { capture: true, passive: true } as const;
    window.addEventListener('scroll', updateView, options);
    window.addEventListener('resize', updateView);
    return () => {
      window.removeEventListener('scroll', updateView, options);
      window.removeEventListener('resize', updateView);
    };
  }, [updateView]);

  const offsets = useMemo(() => rowOffsets(ids.map((id) => heights.byId.get(id) ?? estimatedRowHeight)), [ids, estimatedRowHeight, heights]);

  const total = ids.length;
  const { start, end } = visibleRows(offsets, view.top, view.height, overscan);
  const indices: number[] = [];
  const kept = new Set<number>();
  for (const id of keptIds) {
    const index = id === null ? -1 : ids.indexOf(id);
    if (index >= 0 && (index < start || index >= end)) kept.add(index);
  }
  for (const index of [...kept].filter((index) => index < start).sort((a, b) => a - b)) indices.push(index);
  for (let index = start; index < end; index += 1) indices.push(index);
  for (const index of [...kept].filter((index) => index >= end).sort((a, b) => a - b)) indices.push(index);

  // Rows are in the normal flow; the space of the rows not rendered goes above each rendered row
  // (as its top margin) and below the last one (as the list's bottom padding).
  let covered = 0;
  const placed: PlacedRow[] = indices.map((index) => {
    const gap = (offsets[index] ?? covered) - covered;
    covered = offsets[index + 1] ?? covered;
    return { index, gap };
  });
  const after = (offsets[total] ?? 0) - covered;

  return { listRef, measure, rowElements, placed, after };
}
