// Finds the http(s) links in a plain-text message, in order and without duplicates, so that the
// emulator outbox can show a developer what to click.

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
// Punctuation that ends a sentence rather than a URL.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

export function extractLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, '');
    if (/^https?:\/\/\S/.test(link) && !links.includes(link)) links.push(link);
  }
  return links;
}
