// Safari's and the Passwords app's CSV export (File → Export Passwords):
// `Title,URL,Username,Password,Notes,OTPAuth`. Older versions leave out `Notes`, `OTPAuth` or both
// (issue #44). OTPAuth holds an 'otpauth://' address when the login has a verification code.
import { defineCsvFormat } from './csv/csvFormat';
import { extra, LABEL, makeItem } from './csv/values';

export const safariCsv = defineCsvFormat({
  id: 'safari-csv',
  label: 'Safari or Apple Passwords (CSV)',
  columns: {
    title: { names: ['Title'], required: true },
    url: { names: ['URL'], required: true },
    username: { names: ['Username'], required: true },
    password: { names: ['Password'], required: true },
    notes: { names: ['Notes'] },
    otp: { names: ['OTPAuth'] },
  },
  // Title, URL, Username and Password alone are in many layouts (KeePassXC's, Dashlane's,
  // Keyloft's): without OTPAuth, a Safari file has no other column.
  distinctive: ['otp'],
  // 1Password's CSV has all of these columns too, and these besides.
  notWith: ['Archived', 'Favorite', 'Tags'],
  toItem: (row) => ({
    item: makeItem(row.at, {
      title: row.get('title'),
      url: row.get('url'),
      username: row.get('username'),
      password: row.get('password'),
      notes: row.get('notes'),
      extras: extra(LABEL.totp, row.get('otp')),
    }),
  }),
});
