import { describe, expect, it } from 'vitest';
import { keepassxcCsv } from '../../../../src/features/import/formats/keepassxcCsv';
import { parseFixture, parseText } from './csvFixtures';

describe('KeePassXC CSV', () => {
  it('reads group paths below the root as folders, TOTP into extras, and skips the Recycle Bin', async () => {
    const parsed = await parseFixture(keepassxcCsv, 'keepassxc.csv');
    expect(parsed.format).toBe('keepassxc-csv');
    expect(parsed.items).toStrictEqual([
      { at: 'row 2', kind: 'login', title: 'Top level', url: 'https://top.example', username: 'ada', password: 'pw', notes: '', folder: [], extras: [] },
      {
        at: 'row 3',
        kind: 'login',
        title: 'Outlook',
        url: 'https://outlook.office.com',
        username: 'ada@corp.example',
        password: 'pa,ss"word',
        notes: 'Line one\nLine two',
        folder: ['Email', 'Work'],
        extras: [
          {
            label: 'One-time password (TOTP)',
            value: 'otpauth://totp/Outlook:ada?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&issuer=Outlook',
          },
        ],
      },
      { at: 'row 4', kind: 'login', title: 'Ключ 🔑', url: '', username: '', password: '', notes: '', folder: ['Persönlich'], extras: [] },
    ]);
    expect(parsed.skipped).toStrictEqual([
      { at: 'row 5', title: 'Old thing', reason: 'It is in the KeePassXC Recycle Bin: the entry was deleted.' },
    ]);
  });

  it('reads an export from before KeePassXC added TOTP, icon and dates, with a renamed root group', async () => {
    const parsed = await parseText(keepassxcCsv, '"Group","Title","Username","Password","URL","Notes"\n"Passwords/Banking","Bank","u","p","https://bank.example",""\n');
    expect(parsed.items[0]).toMatchObject({ title: 'Bank', folder: ['Banking'], extras: [] });
  });
});
