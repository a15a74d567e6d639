// Windowing with measured rows: which rows of a long list to render for a scroll position, when
// every row may have its own height. Pure; the list measures its rows and feeds the heights here.
//
// Rows not measured yet count at an estimate. A measured row counts at its real height, so a row
// sizes to its content (a short entry, notes, large text) and the space kept for rows out of view
// stays close to what they would take.

/** Tops of the rows: offsets[i] is where row i starts, offsets[n] the height of the whole list. */
export function rowOffsets(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1);
  offsets[0] = 0;
  for (let index = 0; index < heights.length; index += 1) {
    offsets[index + 1] = (offsets[index] ?? 0) + Math.max(0, heights[index] ?? 0);
  }
  return offsets;
}

/** The row covering list position y (0 ≤ y < total), by binary search over the offsets. */
function rowAt(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((offsets[middle] ?? 0) <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The rows to render, [start, end), for a view of `viewHeight` px whose top is `viewTop` px below
 * the top of the list (negative while the list starts further down the page), plus `overscan`
 * rows either side so that Tab always has a next row to reach. A view past the end (a list that
 * shrank under a scrolled page) shows the last rows.
 */
export function visibleRows(
  offsets: readonly number[],
  viewTop: number,
  viewHeight: number,
  overscan: number,
): { start: number; end: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const total = offsets[count] ?? 0;
  const top = Math.min(Math.max(0, viewTop), Math.max(0, total - Math.max(0, viewHeight)));
  const bottom = Math.min(total, Math.max(top, viewTop + viewHeight));
  const first = rowAt(offsets, top);
  // The last row the view touches; a view that ends exactly on a row's top does not touch it.
  const last = bottom > top ? rowAt(offsets, bottom - 0.001) : first;
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) };
}
