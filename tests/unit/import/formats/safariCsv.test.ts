import { describe, expect, it } from 'vitest';
import { safariCsv } from '../../../../src/features/import/formats/safariCsv';
import { parseFixture, parseText } from './csvFixtures';

describe('Safari or Apple Passwords CSV', () => {
  it('reads logins with notes over several lines, verification codes and empty cells', async () => {
    const parsed = await parseFixture(safariCsv, 'safari.csv');
    expect(parsed.format).toBe('safari-csv');
    expect(parsed.skipped).toStrictEqual([]);
    expect(parsed.items).toStrictEqual([
      {
        at: 'row 2',
        kind: 'login',
        title: 'example.com (ada@example.com)',
        url: 'https://example.com/',
        username: 'ada@example.com',
        password: 'pa,ss"word',
        notes: 'Line one\nLine two',
        folder: [],
        extras: [
          {
            label: 'One-time password (TOTP)',
            value: 'otpauth://totp/example.com:ada%40example.com?secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30&issuer=example.com',
          },
        ],
      },
      { at: 'row 3', kind: 'login', title: 'Bäckerei Müller', url: 'https://bäckerei.example/', username: '', password: '', notes: '', folder: [], extras: [] },
    ]);
  });

  it('reads an export from before Safari added the Notes column', async () => {
    const parsed = await parseText(safariCsv, 'Title,Url,Username,Password,OTPAuth\nA,https://a.example,u,p,\n');
    expect(parsed.items[0]).toMatchObject({ title: 'A', url: 'https://a.example', notes: '', extras: [] });
  });

  // Issue #44: older exports have no OTPAuth column, and some no Notes either.
  it('reads an export without the OTPAuth column', async () => {
    const parsed = await parseText(safariCsv, 'Title,URL,Username,Password,Notes\r\nMail,https://mail.example/,ada,"p,w","two\r\nlines"\r\n');
    expect(parsed).toStrictEqual({
      format: 'safari-csv',
      skipped: [],
      items: [
        { at: 'row 2', kind: 'login', title: 'Mail', url: 'https://mail.example/', username: 'ada', password: 'p,w', notes: 'two\r\nlines', folder: [], extras: [] },
      ],
    });
  });

  it('reads an export with neither Notes nor OTPAuth', async () => {
    const parsed = await parseText(safariCsv, 'Title,URL,Username,Password\nBank,https://bank.example,ana,s3cret\n');
    expect(parsed).toStrictEqual({
      format: 'safari-csv',
      skipped: [],
      items: [{ at: 'row 2', kind: 'login', title: 'Bank', url: 'https://bank.example', username: 'ana', password: 's3cret', notes: '', folder: [], extras: [] }],
    });
  });
});
