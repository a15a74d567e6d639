// The slices a live read cuts a vault into (issue #22, src/data/firestore/idRanges.ts): every id
// falls in exactly one, the same count always gives the same slices, and Firestore-style ids
// spread evenly over them.
import { describe, expect, it } from 'vitest';
import { ENTRIES_PER_RANGE, idRanges, inRange, MAX_RANGES, rangeCountFor } from '../../../src/data/firestore/idRanges';

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A deterministic stream of Firestore-style automatic ids (20 characters of 62). */
function autoIds(count: number): string[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: count }, () => Array.from({ length: 20 }, () => AUTO_ID_ALPHABET[next() % 62]).join(''));
}

describe('id ranges of the live reads', () => {
  it('sizes a vault at one listener per few hundred entries, at least one, at most MAX_RANGES', () => {
    expect(rangeCountFor(0)).toBe(1);
    expect(rangeCountFor(ENTRIES_PER_RANGE)).toBe(1);
    expect(rangeCountFor(ENTRIES_PER_RANGE + 1)).toBe(2);
    expect(rangeCountFor(10_000)).toBe(MAX_RANGES);
    expect(rangeCountFor(7, 2)).toBe(4);
  });

  it('covers every id exactly once, in order, for every count', () => {
    const ids = [...autoIds(500), '', '0', 'zzzzzzzzzzzzzzzzzzzz', 'e1', 'team-entry-1', '~tilde'];
    for (let count = 1; count <= MAX_RANGES + 3; count += 1) {
      const ranges = idRanges(count);
      expect(ranges).toHaveLength(Math.min(count, MAX_RANGES));
      expect(ranges[0]?.from).toBeNull();
      expect(ranges.at(-1)?.to).toBeNull();
      for (let index = 1; index < ranges.length; index += 1) {
        expect(ranges[index]?.from).toBe(ranges[index - 1]?.to);
        expect((ranges[index]?.from ?? '') > (ranges[index - 1]?.from ?? '')).toBe(true);
      }
      for (const id of ids) expect(ranges.filter((range) => inRange(id, range))).toHaveLength(1);
    }
  });

  it('gives the same slices for the same count (a device copy finds the same queries again)', () => {
    expect(idRanges(12)).toEqual(idRanges(12));
  });

  it('spreads automatic ids evenly: no slice of 32 holds more than twice its share of 10,000', () => {
    const ranges = idRanges(MAX_RANGES);
    const ids = autoIds(10_000);
    const counts = ranges.map((range) => ids.filter((id) => inRange(id, range)).length);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10_000);
    expect(Math.max(...counts)).toBeLessThan((2 * 10_000) / MAX_RANGES);
    expect(Math.min(...counts)).toBeGreaterThan(10_000 / MAX_RANGES / 2);
  });
});
