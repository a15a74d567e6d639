// Keyloft's own CSV export (../export/csvExport.ts; issue #44, item 4):
// `folder,title,url,username,password,notes`, nothing else. Its writer put a ' before every cell a
// spreadsheet would run as a formula; this reader drops exactly that ' (unescapeCsvCell) and no
// other, so a round trip gives back every value the CSV carries. Only this format undoes it: for
// other exporters' files a leading ' is part of the value.
import { unescapeCsvCell } from '../export/csvExport';
import { defineCsvFormat } from './csv/csvFormat';
import { makeItem } from './csv/values';

export const keyloftCsv = defineCsvFormat({
  id: 'keyloft-csv',
  label: 'Keyloft (CSV)',
  columns: {
    folder: { names: ['folder'], required: true },
    title: { names: ['title'], required: true },
    url: { names: ['url'], required: true },
    username: { names: ['username'], required: true },
    password: { names: ['password'], required: true },
    notes: { names: ['notes'], required: true },
  },
  onlyItsColumns: true,
  toItem: (row) => {
    const cell = (key: 'folder' | 'title' | 'url' | 'username' | 'password' | 'notes') => unescapeCsvCell(row.get(key));
    const folder = cell('folder');
    return {
      item: makeItem(row.at, {
        title: cell('title'),
        url: cell('url'),
        username: cell('username'),
        password: cell('password'),
        notes: cell('notes'),
        // The group's name, whole: a '/' in it is part of the name, as in Keyloft's JSON export.
        folder: folder === '' ? [] : [folder],
      }),
    };
  },
});
