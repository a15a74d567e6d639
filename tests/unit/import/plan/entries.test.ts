import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan/planImport';
import { EMPTY_ITEM_REASON, UNTITLED } from '../../../../src/features/import/plan/toEntry';
import { item, parsedOf, target } from './planFixtures';

async function planOne(fields: Partial<ImportItem>) {
  const plan = await planImport(parsedOf([item(fields)]), target());
  return { plan, entry: plan.entries[0], skipped: plan.skipped[0] };
}

describe('planImport: one item becomes one entry', () => {
  it('trims every value but the password and writes an empty url or notes as null', async () => {
    const { entry } = await planOne({ title: '  Mail \t', url: ' https://mail.example ', username: ' ana ', password: '\tpw\n', notes: '  ' });
    expect(entry).toMatchObject({ title: 'Mail', url: 'https://mail.example', username: 'ana', password: '\tpw\n' });
    const { entry: bare } = await planOne({ title: 'Bare', url: '   ', username: 'u', password: 'p', notes: '\n' });
    expect(bare).toMatchObject({ url: null, notes: null, groupName: null });
  });

  it("keeps the item's notes as written inside, line breaks as \\n, and the password exactly", async () => {
    const { entry } = await planOne({ title: 'T', username: 'u', password: ' p@ss, "word" ', notes: '\r\n  first\r\n\r\n  indented "quoted", line\r\n' });
    expect(entry?.password).toBe(' p@ss, "word" ');
    expect(entry?.notes).toBe('first\n\n  indented "quoted", line');
    const { entry: clean } = await planOne({ title: 'T', username: 'u', password: 'p', notes: 'n' });
    expect(clean?.notes).toBe('n');
  });

  it('keeps extras out of the notes: further URLs, custom fields (a TOTP one hidden), the fields of the kind', async () => {
    const { entry } = await planOne({
      title: 'Server',
      notes: 'My notes',
      url: 'https://a.example',
      extras: [
        { label: 'URL 2', value: ' https://b.example ' },
        { label: 'PIN', value: '1234' },
        { label: 'Empty', value: '  ' },
        { label: 'Private key', value: '-----BEGIN KEY-----\r\n  abc\r\n-----END KEY-----' },
        { label: 'Secret', value: 's', type: 'hidden' },
        { label: 'Agreed', value: 'true', type: 'boolean' },
        { label: 'Favorite', value: 'Yes' },
      ],
    });
    expect(entry?.notes).toBe('My notes');
    expect(entry?.item).toEqual({
      kind: 'login',
      favourite: true,
      urls: [
        { url: 'https://a.example', match: 'origin' },
        { url: 'https://b.example', match: 'origin' },
      ],
      customFields: [
        { name: 'PIN', type: 'text', value: '1234' },
        { name: 'Private key', type: 'text', value: '-----BEGIN KEY-----\n  abc\n-----END KEY-----' },
        { name: 'Secret', type: 'hidden', value: 's' },
        { name: 'Agreed', type: 'boolean', value: true },
      ],
      fields: {},
      expiry: null,
    });
  });

  it('makes each kind an item of its kind, its fields read from what the parser marks or from their labels', async () => {
    const { entry: card } = await planOne({
      kind: 'card',
      title: 'Visa',
      extras: [
        { label: 'Card number', value: '4111111111111111' },
        { label: 'Card brand', value: 'Visa' },
        { label: 'Expiry month', value: '7' },
        { label: 'Expiry year', value: '2031' },
        { label: 'Cardholder name', value: 'Ana Lima' },
        { label: 'Security code', value: '123', field: 'code' },
        { label: 'PIN', value: '0000' },
      ],
    });
    expect(card).toMatchObject({ kind: 'card', notes: null, username: '', password: '' });
    expect(card?.item).toEqual({
      kind: 'card',
      favourite: false,
      urls: [],
      customFields: [{ name: 'PIN', type: 'text', value: '0000' }],
      fields: { cardholder: 'Ana Lima', number: '4111111111111111', code: '123' },
      expiry: { month: 7, year: 2031 },
    });
    const { entry: unread } = await planOne({ kind: 'card', title: 'Old', extras: [{ label: 'Expiry date', value: 'soon' }, { label: 'Card brand', value: 'Visa' }] });
    expect(unread?.item).toMatchObject({ expiry: null, customFields: [{ name: 'Expiry date', type: 'text', value: 'soon' }, { name: 'Card brand', type: 'text', value: 'Visa' }] });
    const { entry: identity } = await planOne({ kind: 'identity', title: 'Me', extras: [{ label: 'First name', value: 'Ana' }, { label: 'Username', value: 'ana' }, { label: 'Social security number', value: '123-45-6789' }] });
    expect(identity?.item?.fields).toMatchObject({ firstName: 'Ana', nationalId: '123-45-6789', lastName: '' });
    expect(identity?.item?.customFields).toEqual([{ name: 'Username', type: 'text', value: 'ana' }]);
    const { entry: ssh } = await planOne({ kind: 'ssh', title: 'Deploy', extras: [{ label: 'Private key', value: 'KEY' }, { label: 'Public key', value: 'ssh-ed25519 AAA' }, { label: 'Key fingerprint', value: 'SHA256:x' }] });
    expect(ssh?.item).toMatchObject({ kind: 'ssh', fields: { privateKey: 'KEY', publicKey: 'ssh-ed25519 AAA' }, customFields: [] });
    const { entry: note } = await planOne({ kind: 'note', title: 'Wi-Fi', notes: 'SSID: guest' });
    expect(note).toMatchObject({ notes: 'SSID: guest', item: { kind: 'note', fields: {} } });
  });

  it('imports a kind Keyloft has not as a login, or a secure note when it has nothing to sign in with, listing it', async () => {
    const { entry: server } = await planOne({ kind: 'other', title: 'DB', username: 'root', extras: [{ label: 'Hostname', value: 'db.local' }] });
    expect(server).toMatchObject({ item: { kind: 'login', customFields: [{ name: 'Hostname', type: 'text', value: 'db.local' }] }, notCarried: [{ kind: 'kind' }] });
    const { entry: other } = await planOne({ kind: 'other', title: 'Key', notes: 'n' });
    expect(other).toMatchObject({ notes: 'n', item: { kind: 'note' }, notCarried: [{ kind: 'kind' }] });
    const { entry: login } = await planOne({ title: 'Login', extras: [{ label: 'PIN', value: '1' }] });
    expect(login?.notes).toBeNull();
    expect(login).not.toHaveProperty('notCarried');
  });

  it('uses the URLs and rules a file gives, the first as the url', async () => {
    const urls = [{ url: ' https://a.example ', match: 'site' as const }, { url: 'https://b.example/app', match: 'prefix' as const }];
    const { entry } = await planOne({ title: 'T', url: 'ignored', urls, extras: [{ label: 'URL 2', value: 'https://c.example' }] });
    expect(entry?.url).toBe('https://a.example');
    expect(entry?.item?.urls).toEqual([{ url: 'https://a.example', match: 'site' }, { url: 'https://b.example/app', match: 'prefix' }]);
    expect(entry?.item?.customFields).toEqual([{ name: 'URL 2', type: 'text', value: 'https://c.example' }]);
  });

  it('names an untitled item after its url host, else its username, else Untitled item', async () => {
    expect((await planOne({ url: 'https://Accounts.Example.com:8443/login?x=1', username: 'ana' })).entry?.title).toBe('accounts.example.com');
    expect((await planOne({ url: 'mail.example.org/inbox', username: 'ana' })).entry?.title).toBe('mail.example.org');
    expect((await planOne({ url: 'not an address', username: ' ana ' })).entry?.title).toBe('ana');
    expect((await planOne({ password: 'only a password' })).entry?.title).toBe(UNTITLED);
    expect((await planOne({ title: 'Own title', url: 'https://x.example' })).entry?.title).toBe('Own title');
  });

  it('cuts a made-up title to 500 characters without splitting an emoji, and keeps the username whole', async () => {
    const username = `${'a'.repeat(498)}😀${'b'.repeat(100)}`;
    const { entry } = await planOne({ username, password: 'p' });
    expect(entry?.username).toBe(username);
    expect(entry?.title).toBe(`${'a'.repeat(498)}…`);
    expect(entry?.title.length).toBeLessThanOrEqual(500);
  });
});

describe('planImport: items without a username or password, and empty items', () => {
  it('imports an item without a username or password with the empty value, whatever its kind', async () => {
    const items = [item({ title: 'No user', password: 'p' }), item({ title: 'No password', username: 'u' }), item({ title: 'Neither', kind: 'note', notes: 'n' })];
    const plan = await planImport(parsedOf(items), target());
    expect(plan.entries.map((entry) => [entry.title, entry.username, entry.password])).toEqual([
      ['No user', '', 'p'],
      ['No password', 'u', ''],
      ['Neither', '', ''],
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it('skips an item with nothing at all (blank values, empty extras, a folder alone) as an Empty item', async () => {
    const blank = item({ title: ' ', url: '\t', username: ' ', password: ' ', notes: '\n', extras: [{ label: 'PIN', value: ' ' }], folder: ['Work'] });
    const plan = await planImport(parsedOf([blank]), target());
    expect(plan.entries).toEqual([]);
    expect(plan.skipped).toEqual([{ at: blank.at, title: ' ', reason: EMPTY_ITEM_REASON }]);
    expect(EMPTY_ITEM_REASON).toMatch(/^Empty item/);
    expect(plan.groups).toEqual([]);
  });

  it('imports an item whose only value is one extra', async () => {
    const { entry } = await planOne({ extras: [{ label: 'PIN', value: '0000' }] });
    expect(entry).toMatchObject({ title: UNTITLED, notes: null, item: { customFields: [{ name: 'PIN', type: 'text', value: '0000' }] } });
  });
});

describe('planImport: what the stored rules would refuse is skipped with its reason, never cut', () => {
  const base = { title: 'T', username: 'u', password: 'p' };

  it('a title over 500 characters (500 is fine)', async () => {
    expect((await planOne({ ...base, title: 'x'.repeat(500) })).entry?.title).toHaveLength(500);
    const { plan, skipped } = await planOne({ ...base, title: `  ${'x'.repeat(501)}  ` });
    expect(plan.entries).toEqual([]);
    expect(skipped?.reason).toBe('Title must be at most 500 characters; this one has 501.');
  });

  it('a url over 2048 characters', async () => {
    const url = `https://x.example/${'a'.repeat(2048 - 18)}`;
    expect((await planOne({ ...base, url })).entry?.url).toBe(url);
    expect((await planOne({ ...base, url: `${url}a` })).skipped?.reason).toBe('URL must be at most 2048 characters; this one has 2049.');
  });

  it('notes over 10,000 characters (extras are fields of their own, not added to them)', async () => {
    expect((await planOne({ ...base, notes: 'n'.repeat(10_000) })).entry?.notes).toHaveLength(10_000);
    expect((await planOne({ ...base, notes: 'n'.repeat(9_990), extras: [{ label: 'PIN', value: '123456' }] })).entry?.notes).toHaveLength(9_990);
    expect((await planOne({ ...base, kind: 'card', notes: 'n'.repeat(10_001) })).skipped?.reason).toBe('Notes must be at most 10000 characters; this one has 10001.');
  });

  it('a custom field name over 100 characters, a text field over 10,000, a hidden one over the sealed limit, a card field over 500', async () => {
    expect((await planOne({ ...base, extras: [{ label: 'n'.repeat(101), value: 'v' }] })).skipped?.reason).toBe('A field name must be at most 100 characters; this one has 101.');
    expect((await planOne({ ...base, extras: [{ label: 'Long', value: 'v'.repeat(10_001) }] })).skipped?.reason).toBe('The field “Long” must be at most 10000 characters; this one has 10001.');
    expect((await planOne({ ...base, extras: [{ label: 'Key', value: 'é'.repeat(3059), type: 'hidden' }] })).skipped?.reason).toMatch(/^The field “Key” must be at most 6116 bytes .*this one has 6118\.$/);
    expect((await planOne({ ...base, kind: 'card', extras: [{ label: 'Cardholder name', value: 'c'.repeat(501) }] })).skipped?.reason).toBe('The cardholder field must be at most 500 characters; this one has 501.');
  });

  it('a username or password over the sealed limit in UTF-8 bytes, counting accents as two', async () => {
    expect((await planOne({ ...base, password: 'p'.repeat(6116) })).entry?.password).toHaveLength(6116);
    expect((await planOne({ ...base, password: 'é'.repeat(3059) })).skipped?.reason).toBe(
      'Password must be at most 6116 bytes (fewer characters for accented letters, other scripts or emoji); this one has 6118.',
    );
    expect((await planOne({ ...base, username: 'u'.repeat(6117) })).skipped?.reason).toMatch(/^Username must be at most 6116 bytes .*; this one has 6117\.$/);
  });

  it('names every limit an item breaks', async () => {
    const { skipped } = await planOne({ ...base, title: 't'.repeat(501), url: `https://${'u'.repeat(2048)}` });
    expect(skipped?.reason).toBe('Title must be at most 500 characters; this one has 501. URL must be at most 2048 characters; this one has 2056.');
  });

  it('text with half of an emoji, naming the field, an extra by its label, or the folder', async () => {
    const half = '\uD83D';
    expect((await planOne({ ...base, password: `pw${half}` })).skipped?.reason).toBe(
      'Password contains a broken character (half of an emoji or symbol), which cannot be stored.',
    );
    expect((await planOne({ ...base, extras: [{ label: 'PIN', value: `1${half}2` }] })).skipped?.reason).toMatch(/^The field “PIN” contains a broken character/);
    expect((await planOne({ ...base, folder: ['Work', `A${half}`] })).skipped?.reason).toMatch(/^The folder name contains a broken character/);
    expect((await planOne({ ...base, title: 'Whole 😀 emoji' })).entry?.title).toBe('Whole 😀 emoji');
  });

  it('lists the skipped item with the title as the file has it', async () => {
    const long = item({ ...base, title: ` ${'x'.repeat(600)}` });
    const plan = await planImport(parsedOf([long]), target());
    expect(plan.skipped).toEqual([{ at: long.at, title: long.title, reason: expect.stringMatching(/^Title must be/) as unknown }]);
  });
});
