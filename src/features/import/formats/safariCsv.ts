// Safari's and the Passwords app's CSV export (File → Export Passwords):
// `Title,URL,Username,Password,Notes,OTPAuth`; exports before macOS 13 have no `Notes` column.
// OTPAuth holds an 'otpauth://' address when the login has a verification code.
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
    otp: { names: ['OTPAuth'], required: true },
  },
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
