// A stored url is user data: it becomes a link only when it is plainly http(s). Anything else
// (javascript:, data:, vbscript:, file:, relative paths, junk) is shown as text, never as an href.
//
// Decisions:
// - The WHATWG parser does the work (`new URL`), so the check sees what a browser would follow:
//   it strips leading/trailing controls and spaces and drops tabs and newlines inside the scheme
//   ("java\tscript:" is "javascript:"), and lower-cases the scheme ("JaVaScRiPt:").
// - A bare host such as "example.com" or "www.example.com/login" (what people type into the form)
//   is linked as https://…, never http: it must look like a dotted host name, optionally with a
//   port and a path, so that no scheme can hide in it.
// - The href returned is the parser's normalised form (`URL.href`), not the stored text.

const SAFE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const BARE_HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})+(?::\\d{1,5})?(?:[/?#]\\S*)?$`, 'i');

function parseHttp(candidate: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return null;
  }
  if (!SAFE_PROTOCOLS.has(parsed.protocol) || parsed.hostname === '') return null;
  return parsed.href;
}

/** A normalised href when `url` is an http(s) URL or a bare host name; otherwise null. */
export function safeHttpUrl(url: string | null): string | null {
  if (url === null) return null;
  const trimmed = url.trim();
  if (trimmed === '') return null;
  if (BARE_HOST.test(trimmed)) return parseHttp(`https://${trimmed}`);
  return parseHttp(trimmed);
}
