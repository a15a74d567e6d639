import { describe, expect, it } from 'vitest';
import { rowOffsets, visibleRows } from '../../../src/features/vault/list/virtualRows';

describe('rowOffsets', () => {
  it('adds up the heights into row tops and the total', () => {
    expect(rowOffsets([])).toEqual([0]);
    expect(rowOffsets([100, 40, 250])).toEqual([0, 100, 140, 390]);
  });

  it('treats a negative height as none', () => {
    expect(rowOffsets([10, -5, 10])).toEqual([0, 10, 10, 20]);
  });
});

describe('visibleRows', () => {
  const uniform = rowOffsets(Array.from({ length: 10_000 }, () => 100));

  it('renders nothing for an empty list', () => {
    expect(visibleRows([0], 0, 600, 3)).toEqual({ start: 0, end: 0 });
  });

  it('renders the rows in view and the overscan on each side', () => {
    expect(visibleRows(uniform, 0, 400, 2)).toEqual({ start: 0, end: 6 });
    // Rows 5001–5004 (indices 5000–5003) are in view.
    expect(visibleRows(uniform, 500_000, 400, 2)).toEqual({ start: 4998, end: 5006 });
    expect(visibleRows(uniform, 500_050, 400, 0)).toEqual({ start: 5000, end: 5005 });
  });

  it('uses each row’s own height', () => {
    // A short row, a tall one, then short ones.
    const offsets = rowOffsets([80, 400, 80, 80, 80, 80]);
    expect(visibleRows(offsets, 0, 300, 0)).toEqual({ start: 0, end: 2 });
    expect(visibleRows(offsets, 480, 170, 0)).toEqual({ start: 2, end: 5 });
    expect(visibleRows(offsets, 100, 100, 1)).toEqual({ start: 0, end: 3 });
  });

  it('renders the first rows while the list starts below the view', () => {
    expect(visibleRows(uniform, -300, 400, 2)).toEqual({ start: 0, end: 3 });
    expect(visibleRows(uniform, -2000, 400, 2)).toEqual({ start: 0, end: 3 });
  });

  it('shows the last rows when the view is past the end of a list that shrank', () => {
    const ten = rowOffsets(Array.from({ length: 10 }, () => 100));
    expect(visibleRows(ten, 900_000, 400, 2)).toEqual({ start: 4, end: 10 });
  });

  it('renders every row of a list shorter than the view', () => {
    expect(visibleRows(rowOffsets([50, 60, 70]), 0, 800, 3)).toEqual({ start: 0, end: 3 });
  });
});
