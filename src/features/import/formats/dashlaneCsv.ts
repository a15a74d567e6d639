// Dashlane's CSV export (My account → Settings → Export data → CSV) is a zip of one CSV per kind;
// this reads its logins, credentials.csv:
// `username,username2,username3,title,password,note,url,category,otpSecret` (newer exports write
// `otpUrl`, an 'otpauth://' address, instead of the bare secret). `category` is Dashlane's folder.
import { defineCsvFormat } from './csv/csvFormat';
import { isBlank } from './csv/readCsv';
import { extra, LABEL, makeItem } from './csv/values';

export const dashlaneCsv = defineCsvFormat({
  id: 'dashlane-csv',
  label: 'Dashlane (CSV)',
  columns: {
    username: { names: ['username'], required: true },
    // Some exports have no username2 and username3: `category`, with `title` and `note` (not
    // `notes`), is what tells Dashlane's layout from the others.
    username2: { names: ['username2'] },
    username3: { names: ['username3'] },
    title: { names: ['title'], required: true },
    password: { names: ['password'], required: true },
    note: { names: ['note'], required: true },
    url: { names: ['url'], required: true },
    category: { names: ['category'], required: true },
    otp: { names: ['otpSecret', 'otpUrl'] },
  },
  toItem: (row) => ({
    item: makeItem(row.at, {
      title: row.get('title'),
      url: row.get('url'),
      username: row.get('username'),
      password: row.get('password'),
      notes: row.get('note'),
      // Dashlane's categories are one level: a '/' in one is part of its name.
      folder: isBlank(row.get('category')) ? [] : [row.get('category')],
      extras: [
        ...extra(LABEL.username(2), row.get('username2')),
        ...extra(LABEL.username(3), row.get('username3')),
        ...extra(LABEL.totp, row.get('otp')),
      ],
    }),
  }),
});
