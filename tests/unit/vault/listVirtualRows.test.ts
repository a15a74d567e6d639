import { describe, expect, it } from 'vitest';
import { keepRows, listScrollMargin, placeRows, rowHeight } from '../../../src/features/vault/list/virtualRows';

describe('keepRows', () => {
  it('renders the rows in view and the overscan on each side, within the list', () => {
    expect(keepRows({ startIndex: 0, endIndex: 3, overscan: 2, count: 10_000 }, [])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(keepRows({ startIndex: 5000, endIndex: 5003, overscan: 2, count: 10_000 }, [])).toEqual([
      4998, 4999, 5000, 5001, 5002, 5003, 5004, 5005,
    ]);
    expect(keepRows({ startIndex: 8, endIndex: 9, overscan: 3, count: 10 }, [])).toEqual([5, 6, 7, 8, 9]);
  });

  it('keeps the given rows wherever they are, in list order, once each', () => {
    const range = { startIndex: 50, endIndex: 51, overscan: 1, count: 100 };
    expect(keepRows(range, [90, 3])).toEqual([3, 49, 50, 51, 52, 90]);
    expect(keepRows(range, [50, 50])).toEqual([49, 50, 51, 52]);
  });

  it('ignores kept rows that are not in the list (no focus, or a row filtered out)', () => {
    expect(keepRows({ startIndex: 0, endIndex: 1, overscan: 0, count: 5 }, [-1, 5, 99])).toEqual([0, 1]);
  });
});

describe('listScrollMargin', () => {
  it('is where the list starts on the page, whatever the scroll', () => {
    expect(listScrollMargin({ listTop: 240, scrollY: 0, listHeight: 10_000, viewHeight: 800 })).toBe(240);
    expect(listScrollMargin({ listTop: -760, scrollY: 1000, listHeight: 10_000, viewHeight: 800 })).toBe(240);
    // Content above it grew: the list starts further down.
    expect(listScrollMargin({ listTop: -700, scrollY: 1000, listHeight: 10_000, viewHeight: 800 })).toBe(300);
  });

  it('counts a list whose end is above the bottom of the view as ending there', () => {
    // A 1,000 px list scrolled 900,000 px out of view: it counts as ending at the view's bottom.
    expect(listScrollMargin({ listTop: -900_000, scrollY: 0, listHeight: 1000, viewHeight: 400 })).toBe(-600);
    // A list shorter than the view counts as starting at the view's top at the lowest.
    expect(listScrollMargin({ listTop: -5000, scrollY: 5000, listHeight: 300, viewHeight: 400 })).toBe(5000);
  });

  it('rounds to whole pixels', () => {
    expect(listScrollMargin({ listTop: 120.4, scrollY: 0.3, listHeight: 10_000, viewHeight: 800 })).toBe(121);
  });
});

describe('placeRows', () => {
  it('puts the space of the rows not rendered above each rendered row and below the last', () => {
    // Rows of 100 px; the list starts at 40 px on the page; rows 3 and 4 are rendered.
    const items = [
      { index: 3, start: 340, end: 440 },
      { index: 4, start: 440, end: 540 },
    ];
    expect(placeRows(items, 40, 1000)).toEqual({
      placed: [
        { index: 3, gap: 300 },
        { index: 4, gap: 0 },
      ],
      after: 500,
    });
  });

  it('keeps the right space between a kept row and the window', () => {
    const items = [
      { index: 1, start: 100, end: 200 },
      { index: 4998, start: 499_800, end: 499_900 },
    ];
    expect(placeRows(items, 0, 1_000_000).placed).toEqual([
      { index: 1, gap: 100 },
      { index: 4998, gap: 499_600 },
    ]);
  });

  it('uses each row’s own height', () => {
    const items = [
      { index: 0, start: -600, end: -300 },
      { index: 1, start: -300, end: -240 },
    ];
    expect(placeRows(items, -600, 900)).toEqual({
      placed: [
        { index: 0, gap: 0 },
        { index: 1, gap: 0 },
      ],
      after: 540,
    });
  });

  it('places nothing for an empty list', () => {
    expect(placeRows([], 0, 0)).toEqual({ placed: [], after: 0 });
  });
});

describe('rowHeight', () => {
  it('takes a measured height', () => {
    expect(rowHeight(212.5, 180, 180)).toBe(212.5);
  });

  it('keeps the known height, else the estimate, for a row that measures 0 (no layout)', () => {
    expect(rowHeight(0, 96, 180)).toBe(96);
    expect(rowHeight(0, undefined, 180)).toBe(180);
  });
});
