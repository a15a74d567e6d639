// Cutting a derived name to a stored limit: only names the import makes up (an untitled entry's,
// a long folder path's group) are cut, never a value of the file, which is kept whole or skipped.

/** `value` when it fits, else its start and '…', `max` UTF-16 units in all, never ending on half of an emoji. */
export function shortenText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}
