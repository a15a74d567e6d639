import { describe, expect, it } from 'vitest';
import { onePasswordCsv } from '../../../../src/features/import/formats/onePasswordCsv';
import { parseFixture, parseText } from './csvFixtures';

describe('1Password CSV', () => {
  it('reads 1Password 8 logins: TOTP, tags, favorite and archived into extras, notes with line breaks', async () => {
    const parsed = await parseFixture(onePasswordCsv, '1password.csv');
    expect(parsed.format).toBe('1password-csv');
    expect(parsed.skipped).toStrictEqual([]);
    expect(parsed.items).toStrictEqual([
      {
        at: 'row 2',
        kind: 'login',
        title: 'GitHub',
        url: 'https://github.com/login',
        username: 'octocat',
        password: 'hunter2,with,commas',
        notes: 'Recovery codes:\nabcd-efgh\nijkl-mnop',
        folder: [],
        extras: [
          { label: 'One-time password (TOTP)', value: 'otpauth://totp/GitHub:octocat?secret=JBSWY3DPEHPK3PXP&issuer=GitHub' },
          { label: 'Tags', value: 'work,dev' },
          { label: 'Favorite', value: 'Yes' },
        ],
      },
      {
        at: 'row 3',
        kind: 'login',
        title: 'Café Crème',
        url: 'https://café.example',
        username: 'zoë@example.com',
        password: 'pässwörd 🔐',
        notes: '',
        folder: [],
        extras: [],
      },
      {
        at: 'row 4',
        kind: 'login',
        title: 'Old bank',
        url: 'https://oldbank.example',
        username: 'ada',
        password: '',
        notes: 'Closed in 2022, "do not use"',
        folder: [],
        extras: [{ label: 'Archived', value: 'Yes' }],
      },
    ]);
  });

  it('reads the variant that names the columns Website and One-time password', async () => {
    const parsed = await parseText(
      onePasswordCsv,
      'Title,Website,Username,Password,One-time password,Favorite,Archived,Tags,Notes\nA,https://a.example,u,p,otpauth://totp/A?secret=X,TRUE,FALSE,,\n',
    );
    expect(parsed.items[0]).toMatchObject({
      url: 'https://a.example',
      extras: [
        { label: 'One-time password (TOTP)', value: 'otpauth://totp/A?secret=X' },
        { label: 'Favorite', value: 'Yes' },
      ],
    });
  });
});
