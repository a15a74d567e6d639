// KeePassXC's CSV export (Database → Export → CSV File):
// "Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created".
// Versions before 2.6.3 stop after "Notes" (KeePassX the same). `Group` is the entry's path
// from the database's root group ('Root/Email/Work'); the root's own name is not a folder.
import { defineCsvFormat } from './csv/csvFormat';
import { extra, LABEL, makeItem, splitPath } from './csv/values';

/** KeePassXC's default name for the group deleted entries wait in. */
const RECYCLE_BIN = 'Recycle Bin';

export const keepassxcCsv = defineCsvFormat({
  id: 'keepassxc-csv',
  label: 'KeePassXC (CSV)',
  columns: {
    group: { names: ['Group'], required: true },
    title: { names: ['Title'], required: true },
    username: { names: ['Username'], required: true },
    password: { names: ['Password'], required: true },
    url: { names: ['URL'], required: true },
    notes: { names: ['Notes'], required: true },
    totp: { names: ['TOTP'] },
  },
  // The icon number and the two dates are KeePassXC's bookkeeping.
  ignored: ['Icon', 'Last Modified', 'Created'],
  toItem: (row) => {
    const folder = splitPath(row.get('group'), '/').slice(1);
    if (folder[0] === RECYCLE_BIN) {
      return {
        skipped: { at: row.at, title: row.get('title'), reason: 'It is in the KeePassXC Recycle Bin: the entry was deleted.' },
      };
    }
    return {
      item: makeItem(row.at, {
        title: row.get('title'),
        url: row.get('url'),
        username: row.get('username'),
        password: row.get('password'),
        notes: row.get('notes'),
        folder,
        extras: extra(LABEL.totp, row.get('totp')),
      }),
    };
  },
});
