// The host of an entry's url, for the duplicate check and for naming an untitled entry
// (docs/import.md "What the import decides"). Exporters write urls loosely: 'example.com/login'
// without a scheme, 'androidapp://com.acme', or text that is no address at all.

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The url's host name, lower-case (an international name in its xn-- form); null when it has none. */
export function urlHost(url: string): string | null {
  const parsed = parseLoosely(url);
  return parsed === null || parsed.hostname === '' ? null : parsed.hostname;
}

/**
 * What two urls must share to be the same site: the host without a leading 'www.', with the port
 * only when it is not the scheme's default (URL drops default ports itself). A url without a host
 * is compared as its whole text, and no url only matches no url: the prefixes keep the three apart.
 */
export function hostKey(url: string): string {
  if (url === '') return 'none:';
  const parsed = parseLoosely(url);
  if (parsed === null || parsed.hostname === '') return `text:${url.toLowerCase()}`;
  const host = parsed.hostname.startsWith('www.') ? parsed.hostname.slice(4) : parsed.hostname;
  return parsed.port === '' ? `host:${host}` : `host:${host}:${parsed.port}`;
}

function parseLoosely(url: string): URL | null {
  if (url === '') return null;
  // 'example.com:8080' would parse as the scheme 'example.com:'; a bare host reads as https.
  const candidate = HAS_SCHEME.test(url) ? url : `https://${url}`;
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}
