// Chrome's CSV export (Password Manager → Settings → Export passwords), which Edge and Brave write
// too: `name,url,username,password,note`; versions before 2023 have no `note` column. `name` is
// the site's host, the title Chrome shows. Passwords of Android apps have an 'android://' url.
import { defineCsvFormat } from './csv/csvFormat';
import { makeItem } from './csv/values';

export const chromeCsv = defineCsvFormat({
  id: 'chrome-csv',
  label: 'Chrome, Edge or Brave (CSV)',
  columns: {
    name: { names: ['name'], required: true },
    url: { names: ['url'], required: true },
    username: { names: ['username'], required: true },
    password: { names: ['password'], required: true },
    note: { names: ['note', 'notes'] },
  },
  // Other exporters extend this layout (Bitwarden has 'name' and 'notes' too): a Chrome file has
  // nothing else.
  onlyItsColumns: true,
  toItem: (row) => ({
    item: makeItem(row.at, {
      title: row.get('name'),
      url: row.get('url'),
      username: row.get('username'),
      password: row.get('password'),
      notes: row.get('note'),
    }),
  }),
});
