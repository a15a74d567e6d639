import { describe, expect, it } from 'vitest';
import type { SealedItemUrl } from '../../../src/crypto';
import type { PasswordEntry } from '../../../src/features/vault/model';
import type { ListedItem } from '../../../src/features/vault/service/itemService';
import { itemsForTab, matchesPage, searchItems } from '../../../extension/src/tabItems';

function login(id: string, title: string, urls: readonly SealedItemUrl[], username = `${id}@example.test`): ListedItem {
  const entry = { id, title, url: urls[0]?.url ?? null, notes: null, username, password: '', groupId: null, createdAt: 0, updatedAt: 0, revision: 1, undecryptable: false } as PasswordEntry;
  return { entry, overview: { kind: 'login', title, favourite: false, urls, username, hasOneTimeCode: false } };
}

const bank = login('bank', 'Bank', [{ url: 'https://bank.test/login', match: 'origin' }]);
const bankWww = login('bank-www', 'Bank (www)', [{ url: 'https://www.bank.test/', match: 'origin' }]);
const bankSite = login('bank-site', 'Bank, whole site', [{ url: 'https://bank.test/', match: 'site' }]);
const bankNever = login('bank-never', 'Bank, never', [{ url: 'https://bank.test/', match: 'never' }]);
const httpBank = login('bank-http', 'Bank over http', [{ url: 'http://bank.test/', match: 'origin' }]);
const mail = login('mail', 'Mail', [{ url: 'https://mail.test/', match: 'origin' }, { url: 'https://bank.test/sso', match: 'prefix' }]);
const note: ListedItem = { entry: { ...bank.entry, id: 'note' }, overview: { kind: 'note', title: 'Bank notes', favourite: false } };
const damaged: ListedItem = { entry: { ...bank.entry, id: 'damaged', undecryptable: true }, overview: null };
const vault = [bank, bankWww, bankSite, bankNever, httpBank, mail, note, damaged];

describe('the logins for the current tab', () => {
  it('puts first the logins whose own rule matches the page: exact origin by default', () => {
    const { matching, sameSite } = itemsForTab(vault, 'https://bank.test/login?next=/');
    expect(matching.map((item) => item.entry.id)).toEqual(['bank', 'bank-site']);
    // Same site, another address: listed apart, never offered for a fill. A "never" URL is neither.
    expect(sameSite.map((item) => item.entry.id)).toEqual(['bank-www', 'bank-http', 'mail']);
  });

  it('follows a site rule onto a sub-domain, and a prefix rule onto its path only', () => {
    expect(itemsForTab(vault, 'https://www.bank.test/').matching.map((item) => item.entry.id)).toEqual(['bank-www', 'bank-site']);
    expect(itemsForTab(vault, 'https://bank.test/sso/start').matching.map((item) => item.entry.id)).toEqual(['bank', 'bank-site', 'mail']);
  });

  it('never offers an https login for the http page, nor a look-alike host', () => {
    const onHttp = itemsForTab(vault, 'http://bank.test/login');
    expect(onHttp.matching.map((item) => item.entry.id)).toEqual(['bank-http']);
    expect(onHttp.sameSite.map((item) => item.entry.id)).toContain('bank');
    expect(itemsForTab(vault, 'https://bank.test.evil.test/login')).toEqual({ matching: [], sameSite: [] });
    expect(itemsForTab(vault, 'https://evilbank.test/')).toEqual({ matching: [], sameSite: [] });
    expect(matchesPage(bank, 'https://bank.test@evil.test/')).toBe(false);
  });

  it('offers nothing where the tab has no web page or no URL', () => {
    expect(itemsForTab(vault, null)).toEqual({ matching: [], sameSite: [] });
    expect(itemsForTab(vault, 'chrome://extensions/')).toEqual({ matching: [], sameSite: [] });
  });
});

describe('search over the vault', () => {
  it('finds by title, username and URL, every word, ignoring case', () => {
    expect(searchItems(vault, 'BANK sso').map((item) => item.entry.id)).toEqual(['mail']);
    expect(searchItems(vault, 'mail@example').map((item) => item.entry.id)).toEqual(['mail']);
    expect(searchItems(vault, 'notes').map((item) => item.entry.id)).toEqual(['note']);
    expect(searchItems(vault, '  ')).toEqual(vault);
    expect(searchItems(vault, 'nothing-like-it')).toEqual([]);
  });
});
