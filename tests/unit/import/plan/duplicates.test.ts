import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan/planImport';
import { hostKey } from '../../../../src/features/import/plan/urlHost';
import { item, parsedOf, target } from './planFixtures';

const login = (fields: Partial<ImportItem>) => item({ title: 'Site', url: 'https://site.example', username: 'ana', password: 'pw', ...fields });

describe('the normalised url host', () => {
  it('ignores case, a leading www., the scheme, the path and a default port; keeps any other port', () => {
    const same = ['https://www.Example.com/login', 'http://example.com:80/', 'https://EXAMPLE.com:443?x=1', 'example.com/path', 'www.example.com'];
    expect(new Set(same.map(hostKey))).toEqual(new Set(['host:example.com']));
    expect(hostKey('https://example.com:8443')).toBe('host:example.com:8443');
    expect(hostKey('https://mail.example.com')).not.toBe(hostKey('https://example.com'));
    expect(hostKey('androidapp://com.acme.portal')).toBe('host:com.acme.portal');
  });

  it('keeps no url, and a url without a host, apart from every host', () => {
    expect(hostKey('')).toBe('none:');
    expect(hostKey('not an address')).toBe('text:not an address');
    expect(hostKey('Not An Address')).toBe(hostKey('not an address'));
  });
});

describe('planImport: duplicates of the target', () => {
  it('finds an entry with the same host, username and password, and skips the item by default', async () => {
    const to = target([{ id: 'e1', title: 'Existing site', url: 'https://www.site.example/account', username: ' ana ', password: 'pw' }]);
    const copy = login({ url: 'site.example' });
    const plan = await planImport(parsedOf([copy]), to);
    expect(plan.entries).toEqual([]);
    expect(plan.duplicates).toEqual([expect.objectContaining({ at: copy.at, title: 'Site', duplicateOf: { in: 'target', title: 'Existing site' } })]);
  });

  it('imports an item differing in host, port, username (case or spaces inside) or password', async () => {
    const to = target([{ url: 'https://site.example', username: 'ana', password: 'pw' }]);
    const items = [
      login({ url: 'https://other.example' }),
      login({ url: 'https://site.example:8443' }),
      login({ username: 'Ana' }),
      login({ username: 'a na' }),
      login({ password: 'PW' }),
      login({ url: '' }),
    ];
    const plan = await planImport(parsedOf(items), to);
    expect(plan.duplicates).toEqual([]);
    expect(plan.entries).toHaveLength(items.length);
  });

  it('asks for a target entry’s password only when its host and username match, once per entry', async () => {
    const to = target([
      { id: 'match', url: 'https://site.example', username: 'ana', password: 'other' },
      { id: 'host-only', url: 'https://site.example', username: 'bob', password: 'pw' },
      { id: 'user-only', url: 'https://elsewhere.example', username: 'ana', password: 'pw' },
      { id: 'no-url', url: null, username: 'ana', password: 'pw' },
    ]);
    const plan = await planImport(parsedOf([login({}), login({ password: 'x' }), login({ url: 'http://www.site.example' })]), to);
    expect(to.opened).toEqual(['match']);
    expect(plan.entries).toHaveLength(2);
    expect(plan.duplicates.map((duplicate) => duplicate.duplicateOf)).toEqual([{ in: 'file', at: plan.entries[0]?.at }]);
  });

  it('matches an entry without a url only with an item without one', async () => {
    const to = target([{ id: 'no-url', title: 'Router', url: null, username: 'admin', password: 'pw' }]);
    const items = [login({ url: '', username: 'admin' }), login({ url: 'https://router.example', username: 'admin' })];
    const plan = await planImport(parsedOf(items), to);
    expect(plan.duplicates.map((duplicate) => [duplicate.at, duplicate.duplicateOf])).toEqual([[items[0]?.at, { in: 'target', title: 'Router' }]]);
    expect(plan.entries.map((entry) => entry.at)).toEqual([items[1]?.at]);
    expect(to.opened).toEqual(['no-url']);
  });

  it('compares items with neither username nor password by title as well, so secure notes are not all one', async () => {
    const to = target([{ id: 'n1', title: 'Wi-Fi', url: null, username: '', password: '' }]);
    const items = [
      item({ kind: 'note', title: 'Wi-Fi', notes: 'SSID: home' }),
      item({ kind: 'note', title: 'Alarm code', notes: '1234' }),
      item({ kind: 'note', title: 'Alarm code', notes: '1234' }),
    ];
    const plan = await planImport(parsedOf(items), to);
    expect(plan.entries.map((entry) => entry.title)).toEqual(['Alarm code']);
    expect(plan.duplicates.map((duplicate) => duplicate.duplicateOf)).toEqual([
      { in: 'target', title: 'Wi-Fi' },
      { in: 'file', at: items[1]?.at },
    ]);
  });
});

describe('planImport: duplicates within the file', () => {
  it('keeps the first of several copies and marks the later ones with where the first is', async () => {
    const items = [login({ title: 'First' }), login({ title: 'Other', password: 'different' }), login({ title: 'Again', url: 'https://WWW.site.example/x' }), login({ title: 'Third', notes: 'n' })];
    const plan = await planImport(parsedOf(items), target());
    expect(plan.entries.map((entry) => entry.title)).toEqual(['First', 'Other']);
    expect(plan.duplicates.map((duplicate) => [duplicate.title, duplicate.duplicateOf])).toEqual([
      ['Again', { in: 'file', at: items[0]?.at }],
      ['Third', { in: 'file', at: items[0]?.at }],
    ]);
  });

  it('compares values as they will be stored: the username trimmed, the password exactly', async () => {
    const plan = await planImport(parsedOf([login({}), login({ username: ' ana\t' }), login({ password: ' pw ' })]), target());
    expect(plan.duplicates).toHaveLength(1);
    expect(plan.entries.map((entry) => entry.password)).toEqual([login({}).password, ' pw ']);
  });

  it("compares a target entry's password exactly too: one with an edge space is another password", async () => {
    const stored = login({});
    const spaced = target([{ title: stored.title, url: stored.url, username: stored.username, password: ` ${stored.password}` }]);
    expect((await planImport(parsedOf([stored]), spaced)).duplicates).toHaveLength(0);
    const same = target([{ title: stored.title, url: stored.url, username: stored.username, password: stored.password }]);
    expect((await planImport(parsedOf([stored]), same)).duplicates).toHaveLength(1);
  });

  it('makes an interrupted import idempotent: planning it again against what was written finds every item', async () => {
    const items = [login({}), login({ username: 'bob' }), item({ kind: 'note', title: 'Note', notes: 'n' })];
    const first = await planImport(parsedOf(items), target());
    const written = target(first.entries.slice(0, 2).map((entry) => ({ title: entry.title, url: entry.url, username: entry.username, password: entry.password })));
    const again = await planImport(parsedOf(items), written);
    expect(again.entries.map((entry) => entry.title)).toEqual(['Note']);
    expect(again.duplicates).toHaveLength(2);
  });
});

describe('planImport: 10,000 items against 10,000 entries', () => {
  it('opens only the passwords of entries whose host and username an item shares', async () => {
    const count = 10_000;
    const entries = Array.from({ length: count }, (_, at) => ({ id: `e${String(at)}`, url: `https://site${String(at)}.example`, username: `user${String(at)}`, password: `pw${String(at)}` }));
    const to = target(entries);
    // Items 0..9999 are on sites 5000..14999: the first half of the items has a matching entry,
    // and of those every other one has its password too.
    const items = Array.from({ length: count }, (_, at) => {
      const n = at + count / 2;
      return item({ title: `Item ${String(at)}`, url: `https://site${String(n)}.example/`, username: `user${String(n)}`, password: n % 2 === 0 ? `pw${String(n)}` : 'changed' });
    });
    const plan = await planImport(parsedOf(items), to);
    expect(to.opened).toHaveLength(count / 2);
    expect(new Set(to.opened).size).toBe(count / 2);
    expect(plan.duplicates).toHaveLength(count / 4);
    expect(plan.entries).toHaveLength(count - count / 4);
  });
});
