import { parse as parseDomain } from 'tldts';
import type { ItemUrl } from './kinds';

// Which pages a login's saved URL is for (issue #44): what autofill and the browser extension will
// ask before offering an item, so a wrong "yes" hands a password to the wrong site. Every rule
// compares what the WHATWG URL parser made of both URLs, never the text: the parser lowercases the
// host, turns Unicode into punycode, reads IPv4 in its canonical form, drops default ports and
// resolves dot segments, and the host it gives is the one the browser connects to, whatever
// userinfo (`https://bank.com@evil.net`) precedes it. docs/items.md has the rules with examples.

/** Only web pages are matched: data:, javascript:, file:, blob: and the rest never are. */
const WEB_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

// A scheme followed by '//': what tells a full URL from a bare host. 'localhost:3000' and
// 'example.com:8443' are bare hosts with a port (their "scheme" would be the host).
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

// The private section of the Public Suffix List counts: alice.github.io and bob.github.io are two
// sites, as browsers keep their cookies apart.
const DOMAIN_OPTIONS = { allowPrivateDomains: true, extractHostname: false } as const;

interface WebUrl {
  readonly scheme: string;
  /** Lower case, punycode, without the one trailing dot of a fully qualified name. */
  readonly host: string;
  /** '' for the scheme's default port. */
  readonly port: string;
  /** Path and query, without the fragment: the part a prefix rule compares. */
  readonly rest: string;
  readonly hasQuery: boolean;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * A web URL as the parser read it, or null. A host written with one trailing dot
 * (`bank.com.`) is the same DNS name as without it and compares as such; any other empty label
 * (`bank.com..`) is refused.
 */
function webUrl(url: URL | null): WebUrl | null {
  if (url === null || !WEB_SCHEMES.has(url.protocol)) return null;
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  if (host === '' || host.startsWith('.') || host.includes('..') || host.endsWith('.')) return null;
  return { scheme: url.protocol, host, port: url.port, rest: url.pathname + url.search, hasQuery: url.search !== '' };
}

/**
 * The saved URL as the vault keeps it: trimmed, a bare host given https://, and written the way
 * the parser writes it. Null for what is not an http(s) URL with a host, or that carries a user
 * name or password (a saved URL never needs one, and `https://bank.com@evil.net` is a trick).
 */
export function normaliseSavedUrl(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  const url = parseUrl(HAS_SCHEME.test(typed) ? typed : `https://${typed}`);
  if (url === null || webUrl(url) === null || url.username !== '' || url.password !== '') return null;
  return url.href;
}

function sameOrigin(saved: WebUrl, page: WebUrl): boolean {
  return saved.scheme === page.scheme && saved.host === page.host && saved.port === page.port;
}

/**
 * The registrable domain (eTLD+1), or null where there is none: an IP address (tldts detects
 * IPv4 and bracketed IPv6), a public suffix itself (`github.io`, `co.uk`), a single label such as
 * `localhost`. Without one a host is its own site and matches only itself.
 */
function registrableDomain(host: string): string | null {
  return parseDomain(host, DOMAIN_OPTIONS).domain;
}

/**
 * Same site: an https page, or an http one only when the URL was saved with http (a rule saved
 * from an https page never fills a page an attacker on the network can forge). Ports do not
 * count, as for browsers' sites.
 */
function sameSite(saved: WebUrl, page: WebUrl): boolean {
  if (page.scheme !== 'https:' && page.scheme !== saved.scheme) return false;
  if (saved.host === page.host) return true;
  const domain = registrableDomain(saved.host);
  return domain !== null && domain === registrableDomain(page.host);
}

/**
 * The page's path and query start with the saved ones, cut where a path segment or the query
 * ends: `/app` covers `/app`, `/app/x` and `/app?x`, not `/application`; a saved query
 * `?tenant=1` covers `&more=…` after it, not `?tenant=12`. The fragment never counts.
 */
function hasPrefix(saved: WebUrl, page: WebUrl): boolean {
  if (!sameOrigin(saved, page) || !page.rest.startsWith(saved.rest)) return false;
  if (page.rest.length === saved.rest.length || saved.rest.endsWith(saved.hasQuery ? '&' : '/')) return true;
  const next = page.rest.charAt(saved.rest.length);
  return saved.hasQuery ? next === '&' : next === '/' || next === '?';
}

/** Whether the page at `pageUrl` is one `saved` is for. Anything that does not parse matches nothing. */
export function matchesUrl(saved: ItemUrl, pageUrl: string): boolean {
  if (saved.match === 'never') return false;
  const savedText = normaliseSavedUrl(saved.url);
  const savedUrl = savedText === null ? null : webUrl(parseUrl(savedText));
  const page = webUrl(parseUrl(pageUrl.trim()));
  if (savedUrl === null || page === null) return false;
  switch (saved.match) {
    case 'origin':
      return sameOrigin(savedUrl, page);
    case 'site':
      return sameSite(savedUrl, page);
    case 'prefix':
      return hasPrefix(savedUrl, page);
    default:
      return false;
  }
}
