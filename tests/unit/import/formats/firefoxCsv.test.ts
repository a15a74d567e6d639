import { describe, expect, it } from 'vitest';
import { firefoxCsv } from '../../../../src/features/import/formats/firefoxCsv';
import { parseFixture } from './csvFixtures';

describe('Firefox CSV', () => {
  it('reads logins without titles, keeps realm and a foreign form address, skips the Firefox account', async () => {
    const parsed = await parseFixture(firefoxCsv, 'firefox.csv');
    expect(parsed.format).toBe('firefox-csv');
    expect(parsed.items).toStrictEqual([
      {
        at: 'row 2',
        kind: 'login',
        title: '',
        url: 'https://accounts.example.com',
        username: 'ada@example.com',
        password: 'pa,ss"word',
        notes: '',
        folder: [],
        extras: [],
      },
      {
        at: 'row 3',
        kind: 'login',
        title: '',
        url: 'https://router.local',
        username: 'admin',
        password: 'admin',
        notes: '',
        folder: [],
        extras: [{ label: 'HTTP realm', value: 'Router admin' }],
      },
      {
        at: 'row 4',
        kind: 'login',
        title: '',
        url: 'https://shop.example',
        username: 'zoë',
        password: 'pässwörd',
        notes: '',
        folder: [],
        extras: [{ label: 'Form address', value: 'https://pay.example' }],
      },
      { at: 'row 5', kind: 'login', title: '', url: 'https://nousername.example', username: '', password: '', notes: '', folder: [], extras: [] },
    ]);
    expect(parsed.skipped).toStrictEqual([
      { at: 'row 6', title: '', reason: 'It is the sign-in of Firefox’s own account (for sync), not a website’s password.' },
    ]);
  });
});
