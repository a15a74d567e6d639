import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan/planImport';
import { hostKey } from '../../../../src/features/import/plan/urlHost';
import { oneTimeCodeIdentity, readOneTimeCode } from '../../../../src/features/vault/otp/oneTimeCode';
import { item, parsedOf, target } from './planFixtures';

const login = (fields: Partial<ImportItem>) => item({ title: 'Site', url: 'https://site.example', username: 'ana', password: 'pw', ...fields });
/** The target entry `login({})` becomes: equal in every field. */
const stored = { title: 'Site', url: 'https://site.example', username: 'ana', password: 'pw' };

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

// Issue #44, item 6: a duplicate is equal in every field that comes in; one equal in title, site
// and username but not in the rest is a near-duplicate, imported unless the user skips it.
describe('planImport: duplicates of the target, equal in every field', () => {
  it('skips an item equal in title, url, username, password, notes, one-time code and group', async () => {
    const to = target(
      [{ id: 'e1', ...stored, url: ' https://site.example ', username: ' ana ', notes: 'note', otp: 'otpauth://totp/Site:ana?secret=A', groupId: 'g1' }],
      [{ id: 'g1', name: 'Work' }],
    );
    const copy = login({ notes: ' note ', otp: 'otpauth://totp/Site:ana?secret=A', folder: ['work'] });
    const plan = await planImport(parsedOf([copy]), { ...to, oneTimeCode: (value) => value });
    expect(plan.entries).toEqual([]);
    expect(plan.nearDuplicates).toEqual([]);
    expect(plan.duplicates).toEqual([expect.objectContaining({ at: copy.at, title: 'Site', duplicateOf: { in: 'target', title: 'Site' } })]);
  });

  it.each([
    ['url (same site, another page)', { url: 'https://www.site.example/login' }, ['url']],
    ['password', { password: 'PW' }, ['password']],
    ['password, by an edge space', { password: ' pw ' }, ['password']],
    ['notes', { notes: 'a note' }, ['notes']],
    ['group', { folder: ['Home'] }, ['group']],
    ['password and notes', { password: 'new', notes: 'n' }, ['password', 'notes']],
  ] as const)('makes an item differing only in its %s a near-duplicate, saying what differs', async (_, fields, differs) => {
    const plan = await planImport(parsedOf([login(fields)]), target([stored]));
    expect(plan.duplicates).toEqual([]);
    expect(plan.entries).toEqual([]);
    expect(plan.nearDuplicates).toEqual([expect.objectContaining({ title: 'Site', duplicateOf: { in: 'target', title: 'Site' }, differs })]);
  });

  it('makes an item differing only in its one-time code a near-duplicate', async () => {
    const to = target([{ ...stored, otp: 'otpauth://totp/Site:ana?secret=OLD' }]);
    const plan = await planImport(parsedOf([login({ otp: 'otpauth://totp/Site:ana?secret=NEW' })]), { ...to, oneTimeCode: (value) => value });
    expect(plan.nearDuplicates.map((entry) => entry.differs)).toEqual([['otp']]);
  });

  it('takes the same code under another label for the same code (a code saved labelled Keyloft, imported as Title:username)', async () => {
    const tail = 'secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
    const to = target([{ ...stored, otp: `otpauth://totp/Keyloft?${tail}` }]);
    const reading = { ...to, oneTimeCode: readOneTimeCode, sameCode: oneTimeCodeIdentity };
    const same = await planImport(parsedOf([login({ otp: 'JBSWY3DPEHPK3PXP' })]), reading);
    expect(same.duplicates).toEqual([expect.objectContaining({ title: 'Site', duplicateOf: { in: 'target', title: 'Site' } })]);
    const otherPeriod = await planImport(parsedOf([login({ otp: `otpauth://totp/Site:ana?${tail.replace('period=30', 'period=60')}` })]), reading);
    expect(otherPeriod.nearDuplicates.map((entry) => entry.differs)).toEqual([['otp']]);
  });

  it('imports as new an item differing in title, site or username: no choice to make', async () => {
    const items = [login({ title: 'Other title' }), login({ url: 'https://other.example' }), login({ url: 'https://site.example:8443' }), login({ username: 'Ana' }), login({ url: '' })];
    const plan = await planImport(parsedOf(items), target([stored]));
    expect(plan.duplicates).toEqual([]);
    expect(plan.nearDuplicates).toEqual([]);
    expect(plan.entries).toHaveLength(items.length);
  });

  it('restores a backup: nothing equal to what is there is skipped silently, changed entries are choices', async () => {
    // The vault since the backup: one entry unchanged, one with a new password, one deleted.
    const to = target([
      { title: 'Mail', url: 'https://mail.example', username: 'ana', password: 'same', notes: 'n' },
      { title: 'Bank', url: 'https://bank.example', username: 'ana', password: 'newer' },
    ]);
    const backup = [
      item({ title: 'Mail', url: 'https://mail.example', username: 'ana', password: 'same', notes: 'n' }),
      item({ title: 'Bank', url: 'https://bank.example', username: 'ana', password: 'older' }),
      item({ title: 'Shop', url: 'https://shop.example', username: 'ana', password: 'same' }),
    ];
    const plan = await planImport(parsedOf(backup), to);
    expect(plan.duplicates.map((entry) => entry.title)).toEqual(['Mail']);
    expect(plan.nearDuplicates.map((entry) => [entry.title, entry.differs])).toEqual([['Bank', ['password']]]);
    expect(plan.entries.map((entry) => entry.title)).toEqual(['Shop']);
  });

  it('compares an entry in a group whose name cannot be read with no planned group', async () => {
    const plan = await planImport(parsedOf([login({ folder: ['Work'] }), login({})]), target([{ ...stored, groupId: 'unreadable' }], [{ id: 'g1', name: 'Work' }]));
    expect(plan.nearDuplicates.map((entry) => entry.differs)).toEqual([['group'], ['group']]);
  });

  it('names, among several entries of one title, site and username, the one differing least', async () => {
    const to = target([
      { id: 'far', ...stored, password: 'x', notes: 'y' },
      { id: 'near', title: 'Site', url: 'https://site.example/other', username: 'ana', password: 'pw' },
    ]);
    const plan = await planImport(parsedOf([login({})]), to);
    expect(plan.nearDuplicates.map((entry) => entry.differs)).toEqual([['url']]);
    expect(to.opened.sort()).toEqual(['far', 'near']);
  });

  it('opens a target entry’s details only when its title, site and username match an item’s, once per entry', async () => {
    const to = target([
      { id: 'match', ...stored, password: 'other' },
      { id: 'title-only', ...stored, title: 'Another' },
      { id: 'user-only', ...stored, username: 'bob' },
      { id: 'no-url', ...stored, url: null },
    ]);
    await planImport(parsedOf([login({}), login({ password: 'x' }), login({ url: 'http://www.site.example' })]), to);
    expect(to.opened).toEqual(['match']);
  });
});

describe('planImport: duplicates within the file', () => {
  it('keeps the first of several copies, marks later equal ones as its duplicates and later near ones as near-duplicates of it', async () => {
    const items = [login({}), login({ password: 'different' }), login({}), login({ title: 'Other' }), login({ password: 'different' })];
    const plan = await planImport(parsedOf(items), target());
    expect(plan.entries.map((entry) => entry.at)).toEqual([items[0]?.at, items[3]?.at]);
    expect(plan.nearDuplicates.map((entry) => [entry.at, entry.duplicateOf, entry.differs])).toEqual([[items[1]?.at, { in: 'file', at: items[0]?.at }, ['password']]]);
    expect(plan.duplicates.map((entry) => [entry.at, entry.duplicateOf])).toEqual([
      [items[2]?.at, { in: 'file', at: items[0]?.at }],
      [items[4]?.at, { in: 'file', at: items[1]?.at }],
    ]);
  });

  it('compares secure notes by title and notes: notes of other titles are not one', async () => {
    const items = [
      item({ kind: 'note', title: 'Alarm code', notes: '1234' }),
      item({ kind: 'note', title: 'Alarm code', notes: '1234' }),
      item({ kind: 'note', title: 'Wi-Fi', notes: '1234' }),
      item({ kind: 'note', title: 'Alarm code', notes: '9999' }),
    ];
    const plan = await planImport(parsedOf(items), target());
    expect(plan.entries.map((entry) => entry.title)).toEqual(['Alarm code', 'Wi-Fi']);
    expect(plan.duplicates.map((entry) => entry.at)).toEqual([items[1]?.at]);
    expect(plan.nearDuplicates.map((entry) => [entry.at, entry.differs])).toEqual([[items[3]?.at, ['notes']]]);
  });

  it('makes an interrupted import idempotent: planning it again against what was written finds every item a duplicate', async () => {
    const items = [login({ notes: 'n' }), login({ username: 'bob', folder: ['Work'] }), item({ kind: 'note', title: 'Note', notes: 'n' })];
    const first = await planImport(parsedOf(items), target());
    const written = target(
      first.entries.slice(0, 2).map((entry) => ({
        title: entry.title,
        url: entry.url,
        username: entry.username,
        password: entry.password,
        notes: entry.notes,
        groupId: entry.groupName === null ? null : 'g-work',
      })),
      [{ id: 'g-work', name: 'Work' }],
    );
    const again = await planImport(parsedOf(items), written);
    expect(again.entries.map((entry) => entry.title)).toEqual(['Note']);
    expect(again.duplicates).toHaveLength(2);
    expect(again.nearDuplicates).toEqual([]);
  });
});

describe('planImport: 10,000 items against 10,000 entries', () => {
  it('opens only the details of entries whose title, site and username an item shares', async () => {
    const count = 10_000;
    const entries = Array.from({ length: count }, (_, at) => ({ id: `e${String(at)}`, title: `Site ${String(at)}`, url: `https://site${String(at)}.example`, username: `user${String(at)}`, password: `pw${String(at)}` }));
    const to = target(entries);
    // Items 0..9999 are sites 5000..14999: the first half of the items has a matching entry, and
    // of those every other one its password too (a duplicate); the rest are near-duplicates.
    const items = Array.from({ length: count }, (_, at) => {
      const n = at + count / 2;
      return item({ title: `Site ${String(n)}`, url: `https://site${String(n)}.example/`, username: `user${String(n)}`, password: n % 2 === 0 ? `pw${String(n)}` : 'changed' });
    });
    const plan = await planImport(parsedOf(items), to);
    expect(to.opened).toHaveLength(count / 2);
    expect(new Set(to.opened).size).toBe(count / 2);
    // The items' urls end in '/', the entries' do not: the same site, another url.
    expect(plan.duplicates).toHaveLength(0);
    expect(plan.nearDuplicates).toHaveLength(count / 2);
    expect(plan.nearDuplicates.filter((entry) => entry.differs.length === 1)).toHaveLength(count / 4);
    expect(plan.entries).toHaveLength(count / 2);
  });
});
