// The list's own decisions around @tanstack/react-virtual, which windows and measures the rows:
// where the list is on the page, which rows stay rendered besides the window, and how the rows
// (in the normal flow, not absolutely placed) stand in for the ones left out. Pure.

/** The virtualiser's range: the rows in view, [startIndex, endIndex], of `count` rows. */
export interface RowRange {
  readonly startIndex: number;
  readonly endIndex: number;
  readonly overscan: number;
  readonly count: number;
}

/** A virtualiser item: where row `index` starts and ends, in the page's coordinates. */
export interface RowSpan {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/** A rendered row: its index in the list, and the space of the unrendered rows above it, in px. */
export interface PlacedRow {
  readonly index: number;
  readonly gap: number;
}

/**
 * The rows to render: those in view, `overscan` either side (so Tab always has a next row to
 * reach), and the `kept` rows wherever they are (the row holding focus, the one focus goes to
 * next), in list order.
 */
export function keepRows(range: RowRange, kept: readonly number[]): number[] {
  const first = Math.max(0, range.startIndex - range.overscan);
  const last = Math.min(range.count - 1, range.endIndex + range.overscan);
  const rows = new Set<number>();
  for (let index = first; index <= last; index += 1) rows.add(index);
  for (const index of kept) if (index >= 0 && index < range.count) rows.add(index);
  return [...rows].sort((a, b) => a - b);
}

/**
 * Where the list starts on the page (its scroll margin), from its top in the viewport. Read
 * again on every scroll, not once: content above it comes and goes (a notice, the load progress),
 * and an ancestor other than the page may scroll it. A list whose end has scrolled above the
 * bottom of the view (it shrank under a scrolled page) counts as ending there, so that its last
 * rows are rendered rather than none. Whole pixels, so that sub-pixel layout does not re-render.
 */
export function listScrollMargin(view: {
  readonly listTop: number;
  readonly scrollY: number;
  readonly listHeight: number;
  readonly viewHeight: number;
}): number {
  const margin = view.listTop + view.scrollY;
  const lowest = view.scrollY - Math.max(0, view.listHeight - view.viewHeight);
  return Math.round(Math.max(margin, lowest));
}

/**
 * Rows stay in the normal flow (so a row is as tall as its content and the page's layout and
 * focus order are plain): the space of the rows not rendered goes above each rendered row, as its
 * top margin, and below the last one, as the list's bottom padding (`after`).
 */
export function placeRows(
  items: readonly RowSpan[],
  scrollMargin: number,
  totalSize: number,
): { placed: PlacedRow[]; after: number } {
  let covered = 0;
  const placed = items.map(({ index, start, end }) => {
    const gap = Math.max(0, start - scrollMargin - covered);
    covered = Math.max(covered, end - scrollMargin);
    return { index, gap };
  });
  return { placed, after: Math.max(0, totalSize - covered) };
}

/**
 * A row's measured height. A row without layout (jsdom, a row not displayed) measures 0: it keeps
 * the height known for it, else the estimate, rather than collapsing to nothing.
 */
export function rowHeight(measured: number, known: number | undefined, estimate: number): number {
  return measured > 0 ? measured : (known ?? estimate);
}
