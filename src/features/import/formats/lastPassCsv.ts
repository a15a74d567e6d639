// LastPass's CSV export (Advanced Options → Export): `url,username,password,totp,extra,name,grouping,fav`
// (exports before 2021 have no `totp`). A login's free notes are in `extra`. A secure note has the
// url 'http://sn' and its text, or its template's fields, in `extra`. `grouping` is the folder,
// nested with backslashes ('Shared-Team\Servers'); an empty folder is a row with url 'http://group'.
import { defineCsvFormat } from './csv/csvFormat';
import { extra, flag, LABEL, makeItem, splitPath } from './csv/values';
import { readTypedNote } from './lastPassNote';

export const LASTPASS_LABEL = { noteType: 'Note type' } as const;

const SECURE_NOTE = 'http://sn';
const EMPTY_FOLDER = 'http://group';

/** LastPass writes '(none)' for an item outside every folder in some exports. */
function folderOf(grouping: string): string[] {
  return grouping === '(none)' ? [] : splitPath(grouping, '\\');
}

export const lastPassCsv = defineCsvFormat({
  id: 'lastpass-csv',
  label: 'LastPass (CSV)',
  columns: {
    url: { names: ['url'], required: true },
    username: { names: ['username'], required: true },
    password: { names: ['password'], required: true },
    totp: { names: ['totp'] },
    extra: { names: ['extra'], required: true },
    name: { names: ['name'], required: true },
    grouping: { names: ['grouping'], required: true },
    fav: { names: ['fav'] },
  },
  toItem: (row) => {
    const url = row.get('url').trim();
    const folder = folderOf(row.get('grouping'));
    const favorite = flag(LABEL.favorite, row.get('fav'));
    if (url === EMPTY_FOLDER) {
      const reason = `It is an empty LastPass folder (${folder.join(' / ')}), not an item.`;
      return { skipped: { at: row.at, title: row.get('name'), reason } };
    }
    if (url !== SECURE_NOTE) {
      return {
        item: makeItem(row.at, {
          title: row.get('name'),
          url: row.get('url'),
          username: row.get('username'),
          password: row.get('password'),
          notes: row.get('extra'),
          folder,
          extras: [...extra(LABEL.totp, row.get('totp')), ...favorite],
        }),
      };
    }
    const typed = readTypedNote(row.get('extra'));
    if (typed === undefined) {
      return { item: makeItem(row.at, { kind: 'note', title: row.get('name'), notes: row.get('extra'), folder, extras: favorite }) };
    }
    return {
      item: makeItem(row.at, {
        kind: typed.kind,
        title: row.get('name'),
        username: typed.username,
        password: typed.password,
        notes: typed.notes,
        folder,
        extras: [...extra(LASTPASS_LABEL.noteType, typed.noteType), ...typed.fields, ...favorite],
      }),
    };
  },
});
