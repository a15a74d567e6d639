import { describe, expect, it } from 'vitest';
import { dashlaneCsv } from '../../../../src/features/import/formats/dashlaneCsv';
import { parseFixture, parseText } from './csvFixtures';

describe('Dashlane CSV', () => {
  it('reads credentials.csv: categories as folders, extra usernames and the OTP secret into extras', async () => {
    const parsed = await parseFixture(dashlaneCsv, 'dashlane.csv');
    expect(parsed.format).toBe('dashlane-csv');
    expect(parsed.skipped).toStrictEqual([]);
    expect(parsed.items).toStrictEqual([
      {
        at: 'row 2',
        kind: 'login',
        title: 'GitHub',
        url: 'https://github.com',
        username: 'ada@example.com',
        password: 'pa,ss"word',
        notes: 'Line one\nLine two',
        folder: ['Work'],
        extras: [
          { label: 'Username 2', value: 'ada' },
          { label: 'One-time password (TOTP)', value: 'JBSWY3DPEHPK3PXP' },
        ],
      },
      { at: 'row 3', kind: 'login', title: 'Router', url: 'http://192.168.1.1', username: '', password: 'r0uter', notes: '', folder: [], extras: [] },
      {
        at: 'row 4',
        kind: 'login',
        title: 'Café',
        url: 'https://café.example',
        username: 'zoë@example.com',
        password: 'pässwörd',
        notes: 'Grüße 👋',
        folder: ['Loisirs / Sorties'],
        extras: [{ label: 'Username 3', value: 'zoe.alt' }],
      },
    ]);
  });

  it('reads the newer otpUrl column', async () => {
    const parsed = await parseText(
      dashlaneCsv,
      'username,username2,username3,title,password,note,url,category,otpUrl\nu,,,A,p,,https://a.example,,otpauth://totp/A?secret=X\n',
    );
    expect(parsed.items[0]?.extras).toStrictEqual([{ label: 'One-time password (TOTP)', value: 'otpauth://totp/A?secret=X' }]);
  });
});
