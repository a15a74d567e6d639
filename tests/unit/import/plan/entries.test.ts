import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../../../../src/features/import/model';
import { KIND_LINES } from '../../../../src/features/import/plan/entryNotes';
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

  it('writes extras after the notes as Label: value lines, a multi-line value as its own block', async () => {
    const { entry } = await planOne({
      title: 'Server',
      notes: 'My notes',
      extras: [
        { label: 'URL 2', value: ' https://b.example ' },
        { label: 'PIN', value: '1234' },
        { label: 'Empty', value: '  ' },
        { label: 'Private key', value: '-----BEGIN KEY-----\r\n  abc\r\n-----END KEY-----' },
        { label: 'Public key', value: 'ssh-ed25519 AAA' },
      ],
    });
    expect(entry?.notes).toBe(
      'My notes\n\nURL 2: https://b.example\nPIN: 1234\n\nPrivate key:\n-----BEGIN KEY-----\n  abc\n-----END KEY-----\n\nPublic key: ssh-ed25519 AAA',
    );
  });

  it('opens the notes of anything but a login with the kind it was; a login gets no such line', async () => {
    const { entry: card } = await planOne({ kind: 'card', title: 'Visa', extras: [{ label: 'Card number', value: '4111' }] });
    expect(card?.notes).toBe(`${KIND_LINES.card}\n\nCard number: 4111`);
    expect(card?.kind).toBe('card');
    const { entry: note } = await planOne({ kind: 'note', title: 'Wi-Fi', notes: 'SSID: guest' });
    expect(note?.notes).toBe('Imported from a secure note.\n\nSSID: guest');
    const { entry: other } = await planOne({ kind: 'other', title: 'Key' });
    expect(other?.notes).toBe('Imported from an item that was not a login.');
    expect(KIND_LINES.identity).toBe('Imported from an identity.');
    const { entry: login } = await planOne({ title: 'Login', extras: [{ label: 'PIN', value: '1' }] });
    expect(login?.notes).toBe('PIN: 1');
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
    expect(entry).toMatchObject({ title: UNTITLED, notes: 'PIN: 0000' });
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

  it('notes over 10,000 characters once the extras and the kind line are added', async () => {
    expect((await planOne({ ...base, notes: 'n'.repeat(10_000) })).entry?.notes).toHaveLength(10_000);
    const { skipped } = await planOne({ ...base, notes: 'n'.repeat(9_990), extras: [{ label: 'PIN', value: '123456' }] });
    expect(skipped?.reason).toBe(
      "Notes must be at most 10000 characters; with the item's other fields added to them, this one's have 10003.",
    );
    expect((await planOne({ ...base, kind: 'card', notes: 'n'.repeat(9_990) })).skipped?.reason).toMatch(/^Notes must be at most 10000 characters/);
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
