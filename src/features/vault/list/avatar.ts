// A row's letter avatar, drawn locally: never a favicon fetched from the entry's site (that would
// tell the site, and whoever watches the network, what is in the vault).

/** Backgrounds for the letter, all tokens of src/ui/styles.css that white text reads on. */
export const AVATAR_COLOURS = [
  'var(--color-primary)',
  'var(--color-success)',
  'var(--color-danger)',
  'var(--color-warning-text)',
  'var(--color-primary-hover)',
  'var(--color-text-muted)',
] as const;

function hostOf(url: string | null): string {
  if (url === null) return '';
  const trimmed = url.trim();
  try {
    return new URL(trimmed.includes('://') ? trimmed : `https://${trimmed}`).hostname.replace(/^www\./, '');
  } catch {
    return trimmed;
  }
}

function firstCharacter(text: string): string {
  // By code point, so an emoji or an astral letter is not cut in half.
  const [first] = Array.from(text.trim());
  return first === undefined ? '' : first.toLocaleUpperCase();
}

/** The first character of the title, else of the url's host, else '?'. */
export function avatarLetter(title: string, url: string | null): string {
  return firstCharacter(title) || firstCharacter(hostOf(url)) || '?';
}

/** A colour chosen from the title alone, so an entry keeps its colour wherever it is listed. */
export function avatarColour(title: string): string {
  let hash = 0;
  for (const char of title.trim().toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}
