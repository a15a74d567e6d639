import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../../../src/features/import/detect';
import { MAX_IMPORT_BYTES } from '../../../../src/features/import/fileGuards';
import { keepassXmlFormat } from '../../../../src/features/import/formats/keepassXml';
import { expectFileError, fileOf, fixtureBytes, fixtureText } from '../importFixtures';

const parse = (content: string | Uint8Array, name = 'export.xml') => keepassXmlFormat.parse(fileOf(name, content), {});

/** A minimal KeePass file around one root group's inner XML. */
function keepass(rootInner: string, meta = '<Generator>KeePass</Generator>'): string {
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<KeePassFile><Meta>${meta}</Meta><Root><Group><UUID>cm9vdA==</UUID><Name>Database</Name>${rootInner}</Group></Root></KeePassFile>`;
}

function entry(strings: Record<string, string>): string {
  const pairs = Object.entries(strings).map(([key, value]) => `<String><Key>${key}</Key><Value>${value}</Value></String>`);
  return `<Entry>${pairs.join('')}</Entry>`;
}

describe('KeePass XML: entries', () => {
  it('maps the standard strings one to one, decoding entities and keeping spaces, quotes, commas and lines', async () => {
    const parsed = await parse(fixtureBytes('keepass.xml'));
    expect(parsed.format).toBe('keepass-xml');
    expect(parsed.items[0]).toMatchObject({
      at: 'item 1',
      kind: 'login',
      title: 'Office Wi-Fi — Zürich',
      url: '',
      username: '',
      password: ' guest pass, "quoted" ',
      notes: 'Guest network.\nSecond line & "quotes", commas.\n<not a tag> café 🔑',
      folder: [],
    });
  });

  it('puts otp, custom strings, tags and attachment names into extras, leaving empty ones out', async () => {
    const parsed = await parse(fixtureBytes('keepass.xml'));
    expect(parsed.items[0]?.extras).toEqual([
      { label: 'SSID', value: 'office-guest' },
      { label: 'Tags', value: 'shared;wifi' },
    ]);
    expect(parsed.items[1]).toMatchObject({
      title: 'GitHub',
      username: 'ada-l',
      password: 'gh-current-pw',
      url: 'https://github.com/login',
      notes: '',
    });
    expect(parsed.items[1]?.extras).toEqual([
      { label: 'One-time password (TOTP)', value: 'otpauth://totp/GitHub:ada-l?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&issuer=GitHub' },
      { label: 'Recovery codes', value: 'aaaa-bbbb\ncccc-dddd' },
      { label: 'Attached file', value: 'github-recovery.txt' },
    ]);
  });

  it('makes no item of a history version; an old password whose replacement the file does not date is listed as not carried', async () => {
    const parsed = await parse(fixtureBytes('keepass.xml'));
    expect(parsed.items.filter((item) => item.title === 'GitHub')).toHaveLength(1);
    // The fixture's versions have no times: the history cannot say when gh-old-pw was replaced.
    expect(JSON.stringify(parsed)).not.toContain('gh-old-pw');
    expect(parsed.items[1]?.notCarried).toStrictEqual([{ kind: 'attachment', name: 'github-recovery.txt' }, { kind: 'undated-history' }]);
  });

  it("nests folders by group below the database's root group, decoding names", async () => {
    const parsed = await parse(fixtureBytes('keepass.xml'));
    expect(parsed.items.map((item) => [item.title, item.folder])).toEqual([
      ['Office Wi-Fi — Zürich', []],
      ['GitHub', ['Internet']],
      ['Mastodon', ['Internet', 'Social & Forums']],
    ]);
  });

  it('lists entries in the Recycle Bin (by Meta/RecycleBinUUID), and in its subgroups, as skipped', async () => {
    const parsed = await parse(fixtureBytes('keepass.xml'));
    expect(parsed.skipped).toEqual([
      { at: 'item 4', title: 'Old bank login', reason: "It is in KeePass's Recycle Bin." },
      { at: 'item 5', title: 'Old shop', reason: "It is in KeePass's Recycle Bin." },
    ]);
  });

  it("without a RecycleBinUUID, skips the root's group named Recycle Bin, and only that one", async () => {
    const xml = keepass(
      `<Group><Name>Recycle Bin</Name>${entry({ Title: 'gone' })}</Group>` +
        `<Group><Name>Work</Name><Group><Name>Recycle Bin</Name>${entry({ Title: 'kept' })}</Group></Group>`,
    );
    const parsed = await parse(xml);
    expect(parsed.skipped.map((item) => item.title)).toEqual(['gone']);
    expect(parsed.items.map((item) => [item.title, item.folder])).toEqual([['kept', ['Work', 'Recycle Bin']]]);
  });

  it('with a RecycleBinUUID, a group merely named Recycle Bin is an ordinary folder', async () => {
    const xml = keepass(`<Group><UUID>b3RoZXI=</UUID><Name>Recycle Bin</Name>${entry({ Title: 'kept' })}</Group>`, '<RecycleBinUUID>YmluYmlu</RecycleBinUUID>');
    const parsed = await parse(xml);
    expect(parsed.items.map((item) => item.folder)).toEqual([['Recycle Bin']]);
  });

  it('keeps values exactly: leading zeros, whitespace-only values, numeric character references', async () => {
    const parsed = await parse(keepass(entry({ Title: '007', Password: '   ', UserName: '&#x41;&amp;#66;', PIN: '0042' })));
    expect(parsed.items[0]).toMatchObject({ title: '007', password: '   ', username: 'A&#66;' });
    expect(parsed.items[0]?.extras).toEqual([{ label: 'PIN', value: '0042' }]);
  });
});

describe('KeePass XML: files it refuses', () => {
  it('refuses an XML bomb (billion laughs) before parsing', async () => {
    await expectFileError(parse(fixtureBytes('keepass-billion-laughs.xml')), /^The file declares XML entities, which Keyloft refuses to expand\.$/);
  });

  it('refuses any DOCTYPE, even one without entities', async () => {
    const xml = fixtureText('keepass.xml').replace('<KeePassFile>', '<!DOCTYPE KeePassFile SYSTEM "file:///etc/passwd"><KeePassFile>');
    await expectFileError(parse(xml), /declares XML entities/);
  });

  it('refuses invalid and cut-short XML', async () => {
    const text = fixtureText('keepass.xml');
    await expectFileError(parse(text.slice(0, text.length / 2)), /^The file is not valid XML/);
    await expectFileError(parse(keepass('<Entry><String></Entry>')), /^The file is not valid XML/);
  });

  it("refuses another format's file", async () => {
    await expectFileError(parse('<?xml version="1.0"?><rss><channel/></rss>'), /not a KeePass 2 XML export/);
    await expectFileError(parse(fixtureBytes('bitwarden-personal.json')), /not valid XML/);
    await expectFileError(parse(new Uint8Array([0x3c, 0x4b, 0xff, 0xfe])), /^The file is not UTF-8 text\.$/);
  });

  it('refuses values KeePass encrypted (a database dump, not an export)', async () => {
    const xml = keepass('<Entry><String><Key>Password</Key><Value Protected="True">q1w2e3==</Value></String></Entry>');
    await expectFileError(parse(xml), /encrypted values/);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x20);
    await expectFileError(parse(big), /Keyloft imports files of at most 20 MiB/);
  });
});

describe('KeePass XML: recognition', () => {
  it('recognises a KeePassFile document and nothing else', () => {
    expect(keepassXmlFormat.recognises(sampleOf(fileOf('x.xml', fixtureBytes('keepass.xml'))))).toBe(true);
    expect(keepassXmlFormat.recognises(sampleOf(fileOf('x.xml', '<?xml version="1.0"?><rss/>')))).toBe(false);
    expect(keepassXmlFormat.recognises(sampleOf(fileOf('x.json', fixtureBytes('bitwarden-personal.json'))))).toBe(false);
  });
});
