import { describe, expect, it } from 'vitest';
import type { ItemUrl, UrlMatch } from '../../../../src/features/vault/items/kinds';
import { matchesUrl, normaliseSavedUrl } from '../../../../src/features/vault/items/urlMatch';

// Issue #44: which pages a saved URL is for. The browser extension will ask this before filling a
// password, so every rule is tested both ways, and every hostile page below must match nothing.

const saved = (url: string, match: UrlMatch): ItemUrl => ({ url, match });

type Case = readonly [saved: string, page: string];

function expectMatches(match: UrlMatch, cases: readonly Case[], expected: boolean): void {
  for (const [url, page] of cases) {
    expect({ saved: url, page, matches: matchesUrl(saved(url, match), page) }).toEqual({ saved: url, page, matches: expected });
  }
}

describe('normaliseSavedUrl', () => {
  it.each([
    ['bank.example', 'https://bank.example/'],
    ['  bank.example/login  ', 'https://bank.example/login'],
    ['bank.example:8443', 'https://bank.example:8443/'],
    ['localhost:3000', 'https://localhost:3000/'],
    ['HTTPS://Bank.EXAMPLE:443/Login', 'https://bank.example/Login'],
    ['http://bank.example:80', 'http://bank.example/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['https://bank.example/a/../b', 'https://bank.example/b'],
    ['192.168.1.1', 'https://192.168.1.1/'],
  ])('reads "%s" as %s', (text, url) => {
    expect(normaliseSavedUrl(text)).toBe(url);
  });

  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'data:text/html,<b>hi</b>',
    'file:///etc/passwd',
    'ftp://files.example/',
    'https://bank.example@evil.example/',
    'https://user:pass@bank.example/',
    'https://bank..example/',
    'https:// bank.example',
    'not a url at all',
  ])('refuses "%s"', (text) => {
    expect(normaliseSavedUrl(text)).toBeNull();
  });
});

describe("matchesUrl: 'origin' (the default)", () => {
  it('matches the same scheme, host and port, whatever the path', () => {
    expectMatches('origin', [
      ['https://bank.example', 'https://bank.example/'],
      ['https://bank.example/login', 'https://bank.example/account/settings?x=1#top'],
      ['bank.example', 'https://bank.example/login'],
      ['https://bank.example', 'https://bank.example:443/'],
      ['https://bank.example:443', 'https://bank.example/'],
      ['http://intranet.example:8080', 'http://intranet.example:8080/app'],
      ['https://BANK.example', 'https://bank.EXAMPLE/'],
      ['https://bank.example', 'https://bank.example./login'],
      ['https://bücher.example', 'https://xn--bcher-kva.example/'],
      ['https://ｂａｎｋ.example', 'https://bank.example/'],
      ['https://127.0.0.1', 'https://0x7f.1/'],
      ['https://[::1]:8443', 'https://[0:0:0:0:0:0:0:1]:8443/'],
      ['http://localhost:3000', 'http://localhost:3000/'],
    ], true);
  });

  it('never matches across schemes, hosts or ports', () => {
    expectMatches('origin', [
      ['http://bank.example', 'https://bank.example/'],
      ['https://bank.example', 'http://bank.example/'],
      ['https://bank.example', 'https://www.bank.example/'],
      ['https://www.bank.example', 'https://bank.example/'],
      ['https://bank.example', 'https://bank.example:8443/'],
      ['https://bank.example:8443', 'https://bank.example/'],
      ['http://localhost:3000', 'http://localhost:3001/'],
      ['https://bank.example', 'https://bank.example.evil.example/'],
    ], false);
  });
});

describe("matchesUrl: 'site'", () => {
  it('matches any host of the same registrable domain on https', () => {
    expectMatches('site', [
      ['https://bank.example', 'https://login.bank.example/'],
      ['https://www.bank.co.uk/login', 'https://secure.bank.co.uk/'],
      ['https://bank.example', 'https://bank.example:8443/'],
      ['https://alice.github.io', 'https://alice.github.io/blog'],
      ['http://bank.example', 'https://login.bank.example/'],
      ['http://bank.example', 'http://login.bank.example/'],
      ['https://127.0.0.1', 'https://127.0.0.1:8443/'],
      ['https://localhost', 'https://localhost:3000/'],
    ], true);
  });

  it('does not match an http page for a URL saved with https, other domains, or across a public suffix', () => {
    expectMatches('site', [
      ['https://bank.example', 'http://bank.example/'],
      ['https://bank.example', 'http://login.bank.example/'],
      ['https://bank.co.uk', 'https://other.co.uk/'],
      ['https://alice.github.io', 'https://bob.github.io/'],
      ['https://github.io', 'https://bob.github.io/'],
      ['https://bank.example', 'https://bank.example.evil.example/'],
      ['https://bank.example', 'https://evilbank.example/'],
      ['https://127.0.0.1', 'https://127.0.0.2/'],
      ['https://10.0.0.1', 'https://1.0.0.1/'],
      ['https://localhost', 'https://evil.localhost/'],
      ['https://[::1]', 'https://[::2]/'],
    ], false);
  });
});

describe("matchesUrl: 'prefix'", () => {
  it('matches pages whose path starts with the saved one at a path boundary', () => {
    expectMatches('prefix', [
      ['https://a.example.com', 'https://a.example.com/anything'],
      ['https://a.example.com/app', 'https://a.example.com/app'],
      ['https://a.example.com/app', 'https://a.example.com/app/'],
      ['https://a.example.com/app', 'https://a.example.com/app/settings'],
      ['https://a.example.com/app', 'https://a.example.com/app?tab=1'],
      ['https://a.example.com/app', 'https://a.example.com/app#top'],
      ['https://a.example.com/app/', 'https://a.example.com/app/x'],
      ['https://a.example.com/app?tenant=1', 'https://a.example.com/app?tenant=1'],
      ['https://a.example.com/app?tenant=1', 'https://a.example.com/app?tenant=1&page=2'],
      ['https://a.example.com/app', 'https://A.EXAMPLE.COM:443/app/'],
      ['https://a.example.com/a b', 'https://a.example.com/a%20b/c'],
    ], true);
  });

  it('does not match another origin, a longer segment, or a path that climbs out', () => {
    expectMatches('prefix', [
      ['https://a.example.com', 'https://a.example.com.evil.net/'],
      ['https://a.example.com', 'https://evil.net/https://a.example.com/'],
      ['https://a.example.com/app', 'https://a.example.com/application'],
      ['https://a.example.com/app', 'https://a.example.com/ap'],
      ['https://a.example.com/app', 'https://a.example.com/App'],
      ['https://a.example.com/app/', 'https://a.example.com/app/../admin'],
      ['https://a.example.com/app/', 'https://a.example.com/app/%2e%2e/admin'],
      ['https://a.example.com/app?tenant=1', 'https://a.example.com/app?tenant=12'],
      ['https://a.example.com/app?tenant=1', 'https://a.example.com/app'],
      ['https://a.example.com/app', 'http://a.example.com/app'],
      ['https://a.example.com/app', 'https://b.example.com/app'],
      ['https://a.example.com/app', 'https://a.example.com:8443/app'],
    ], false);
  });
});

describe("matchesUrl: 'never'", () => {
  it('matches nothing, not even the saved URL itself', () => {
    expect(matchesUrl(saved('https://bank.example/', 'never'), 'https://bank.example/')).toBe(false);
  });
});

describe('matchesUrl: hostile pages and saved URLs', () => {
  const rules: readonly UrlMatch[] = ['origin', 'site', 'prefix'];

  it.each(rules)("lets no trick page match a URL saved for bank.example under '%s'", (match) => {
    const tricks = [
      'https://bank.example@evil.example/',
      'https://bank.example:443@evil.example/',
      'https://bank.example%40evil.example/',
      'https://bаnk.example/', // Cyrillic а: xn--bnk-6cd.example once parsed
      'https://bank.example.evil.example/',
      'https://evil.example/bank.example',
      'https://evil.example/?https://bank.example/',
      'https://bank.example../',
      'data:text/html,https://bank.example/',
      'javascript:location="https://bank.example/"',
      'file:///bank.example/index.html',
      'blob:https://bank.example/5d1c7d7b-3c1b-4b3c-9d0b-1f2a3b4c5d6e',
      'about:blank',
      'bank.example',
      '',
    ];
    for (const page of tricks) {
      expect({ page, matches: matchesUrl(saved('https://bank.example', match), page) }).toEqual({ page, matches: false });
    }
  });

  it('reads the host the browser connects to, past any user name in the page URL', () => {
    expect(matchesUrl(saved('https://bank.example', 'origin'), 'https://evil.example@bank.example/')).toBe(true);
  });

  it.each(rules)("matches nothing for a saved URL that is not a web address under '%s'", (match) => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc', 'https://bank.example@evil.example', '']) {
      expect(matchesUrl(saved(url, match), 'https://evil.example/')).toBe(false);
      expect(matchesUrl(saved(url, match), 'https://bank.example/')).toBe(false);
    }
  });

  it('keeps an IP address its own site, never one of a domain', () => {
    expect(matchesUrl(saved('https://93.184.215.14', 'site'), 'https://example.com/')).toBe(false);
    expect(matchesUrl(saved('https://1.1.1.1', 'site'), 'https://1.1.1.1/')).toBe(true);
    expect(matchesUrl(saved('https://[2001:db8::1]', 'site'), 'https://[2001:db8:0::1]/')).toBe(true);
  });

  it('refuses an unknown rule read from damaged data', () => {
    expect(matchesUrl({ url: 'https://bank.example', match: 'any' as UrlMatch }, 'https://bank.example/')).toBe(false);
  });
});
