import { describe, expect, it } from 'vitest';
import { buildSearchIndex, filterEntries } from '../../../src/features/vault/list/filterEntries';
import type { PasswordEntry } from '../../../src/features/vault/model';

function entry(id: string, fields: Partial<PasswordEntry> = {}): PasswordEntry {
  return {
    id,
    title: `Title ${id}`,
    url: null,
    notes: null,
    username: `user-${id}`,
    password: 'secret',
    groupId: null,
    createdAt: 0,
    updatedAt: 0,
    revision: 1,
    undecryptable: false,
    ...fields,
  };
}

const github = entry('1', { title: 'GitHub', url: 'https://github.com/login', username: 'octocat@example.com' });
const bank = entry('2', { title: 'First Bank', url: 'bank.example', username: 'Alice' });
const mail = entry('3', { title: 'Mail', url: null, username: 'alice@mail.test', notes: 'github recovery codes' });
const entries = [github, bank, mail];

function ids(found: readonly PasswordEntry[]): string[] {
  return found.map((item) => item.id);
}

describe('filterEntries', () => {
  it('returns every entry for an empty or blank query', () => {
    expect(filterEntries(entries, '')).toBe(entries);
    expect(filterEntries(entries, '   \t')).toBe(entries);
  });

  it('matches the title, case-insensitively', () => {
    expect(ids(filterEntries(entries, 'GITHUB'))).toEqual(['1']);
    expect(ids(filterEntries(entries, 'first b'))).toEqual(['2']);
  });

  it('matches the url', () => {
    expect(ids(filterEntries(entries, 'BANK.EXAMPLE'))).toEqual(['2']);
    expect(ids(filterEntries(entries, '/login'))).toEqual(['1']);
  });

  it('matches the username', () => {
    expect(ids(filterEntries(entries, 'OctoCat'))).toEqual(['1']);
    expect(ids(filterEntries(entries, 'alice'))).toEqual(['2', '3']);
  });

  it('does not search notes or passwords', () => {
    expect(ids(filterEntries(entries, 'recovery'))).toEqual([]);
    expect(ids(filterEntries(entries, 'secret'))).toEqual([]);
  });

  it('trims the query', () => {
    expect(ids(filterEntries(entries, '  mail  '))).toEqual(['3']);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterEntries(entries, 'zzz')).toEqual([]);
  });

  it('never matches across two fields', () => {
    // "GitHub" + "https…": a query spanning the end of the title and the start of the url.
    expect(filterEntries(entries, 'hubhttps')).toEqual([]);
    expect(filterEntries(entries, 'hub https')).toEqual([]);
  });

  it('keeps the order of the entries', () => {
    const reversed = [mail, bank, github];
    expect(ids(filterEntries(reversed, 'a'))).toEqual(['3', '2', '1']);
  });
});

describe('buildSearchIndex', () => {
  it('builds one lower-cased key per entry, once per entries array', () => {
    const index = buildSearchIndex(entries);
    expect(index).toHaveLength(3);
    expect(index[0]).toContain('github');
    expect(index[0]).toContain('octocat@example.com');
    expect(buildSearchIndex(entries)).toBe(index);
    expect(buildSearchIndex([...entries])).not.toBe(index);
  });

  it('finds exactly the right entries among 10,000', () => {
    const many = Array.from({ length: 10_000 }, (_, n) =>
      entry(String(n), {
        title: n % 1000 === 0 ? `Special Account ${n}` : `Account ${n}`,
        url: n % 2 === 0 ? `https://site${n}.example` : null,
        username: `member${n}@EXAMPLE.org`,
      }),
    );
    const index = buildSearchIndex(many);
    expect(ids(filterEntries(many, 'SPECIAL'))).toEqual(['0', '1000', '2000', '3000', '4000', '5000', '6000', '7000', '8000', '9000']);
    expect(ids(filterEntries(many, 'site9998.'))).toEqual(['9998']);
    expect(ids(filterEntries(many, 'member4242@example'))).toEqual(['4242']);
    expect(filterEntries(many, 'example.org')).toHaveLength(10_000);
    expect(filterEntries(many, 'site')).toHaveLength(5_000);
    // The searches above reused the index built once.
    expect(buildSearchIndex(many)).toBe(index);
  });
});
