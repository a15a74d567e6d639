// Large import files written by the tests and the browser bench (issue #44, item 4): a KeePass 2
// XML export of `size` entries in a few nested groups, laid out as KeePass writes it.

const escapeXml = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function entryXml(i: number): string {
  const strings: [string, string][] = [
    ['Title', `Site ${String(i)} ${i % 7 === 0 ? 'bank & co' : 'shop'}`],
    ['UserName', `user${String(i)}@example.com`],
    ['Password', `Pw-${String(i)}-${'k9Q#x<'.repeat(3)}`],
    ['URL', `https://login.site-${String(i)}.example.com/`],
    ['Notes', i % 4 === 0 ? `Account ${String(i)}\nsecurity question: first pet` : ''],
  ];
  const pairs = strings.map(([key, value]) => `<String><Key>${key}</Key><Value>${escapeXml(value)}</Value></String>`).join('');
  return `<Entry><UUID>${String(i).padStart(22, 'A')}==</UUID>${pairs}<Times><Expires>False</Expires></Times></Entry>`;
}

/** The XML text of a KeePass 2 export holding `size` entries, spread over a root, three groups and one nested group. */
export function keepassXmlOf(size: number): string {
  const groups: string[][] = [[], [], [], [], []];
  for (let i = 0; i < size; i += 1) groups[i % 5]?.push(entryXml(i));
  const [root = '', work = '', servers = '', home = '', finance = ''] = groups.map((entries) => entries.join('\n'));
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<KeePassFile><Meta><Generator>KeePass</Generator></Meta><Root><Group><UUID>cm9vdA==</UUID><Name>Database</Name>
${root}
<Group><Name>Work</Name>${work}<Group><Name>Servers</Name>${servers}</Group></Group>
<Group><Name>Home</Name>${home}</Group>
<Group><Name>Finance</Name>${finance}</Group>
</Group></Root></KeePassFile>
`;
}
