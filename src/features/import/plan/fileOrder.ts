// Items listed as the file has them: parsers number them 'item 12' or 'row 12' (model.ts), and the
// plan merges the parser's skipped items with its own and, in the downloadable list, the duplicates.

/** The number in 'item 12' or 'row 12'; items without one go last. */
export function positionOf(at: string): number {
  const match = /(\d+)\s*$/.exec(at);
  return match === null ? Number.POSITIVE_INFINITY : Number(match[1]);
}

/** The parser's skipped items and the plan's, merged as the file has them (the sort is stable). */
export function inFileOrder<T extends { readonly at: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    const [left, right] = [positionOf(a.at), positionOf(b.at)];
    return left === right ? 0 : left < right ? -1 : 1;
  });
}
