// Bitwarden's CSV export (Tools → Export vault → .csv). A personal export has `folder` and
// `favorite`; an organisation's has `collections` instead. Bitwarden writes only logins and
// secure notes to CSV; a folder path is 'Parent/Child'; `login_uri` holds every address of the
// login joined by commas; `fields` holds one 'name: value' line per custom field.
import type { ImportItemKind, LabelledValue } from '../model';
import { defineCsvFormat } from './csv/csvFormat';
import { isBlank } from './csv/readCsv';
import { addressFields, extra, flag, LABEL, makeItem, splitPath } from './csv/values';

const KINDS: ReadonlyMap<string, ImportItemKind> = new Map([
  ['login', 'login'],
  ['note', 'note'],
  ['card', 'card'],
  ['identity', 'identity'],
]);

export const BITWARDEN_LABEL = { reprompt: 'Master password re-prompt', collections: 'Collections', field: 'Custom field' } as const;

/** 'name: value' per line, as Bitwarden writes custom fields (an unnamed one as ': value'); a field with no value is left out. */
export function customFields(cell: string): LabelledValue[] {
  return cell.split(/\r?\n/).flatMap((line) => {
    const colon = line.indexOf(': ');
    if (colon === -1) return extra(BITWARDEN_LABEL.field, line);
    const name = line.slice(0, colon);
    return extra(isBlank(name) ? BITWARDEN_LABEL.field : name, line.slice(colon + 2));
  });
}

/** The item's folder: its own folder, else its first collection (both 'Parent/Child'). */
function placement(folder: string, collections: string): { folder: string[]; extras: LabelledValue[] } {
  const names = collections.split(',').filter((name) => !isBlank(name));
  const path = isBlank(folder) ? (names[0] ?? '') : folder;
  const listAll = names.length > 1 || (!isBlank(folder) && names.length > 0);
  return { folder: splitPath(path, '/'), extras: listAll ? extra(BITWARDEN_LABEL.collections, collections) : [] };
}

export const bitwardenCsv = defineCsvFormat({
  id: 'bitwarden-csv',
  label: 'Bitwarden (CSV)',
  columns: {
    folder: { names: ['folder'] },
    collections: { names: ['collections'] },
    favorite: { names: ['favorite'] },
    type: { names: ['type'], required: true },
    name: { names: ['name'], required: true },
    notes: { names: ['notes'], required: true },
    fields: { names: ['fields'] },
    reprompt: { names: ['reprompt'] },
    uri: { names: ['login_uri'], required: true },
    username: { names: ['login_username'], required: true },
    password: { names: ['login_password'], required: true },
    totp: { names: ['login_totp'] },
  },
  toItem: (row) => {
    const type = row.get('type').trim().toLowerCase();
    const addresses = addressFields(row.get('uri'));
    const place = placement(row.get('folder'), row.get('collections'));
    return {
      item: makeItem(row.at, {
        kind: type === '' ? 'login' : (KINDS.get(type) ?? 'other'),
        title: row.get('name'),
        url: addresses.url,
        username: row.get('username'),
        password: row.get('password'),
        notes: row.get('notes'),
        folder: place.folder,
        extras: [
          ...addresses.extras,
          ...extra(LABEL.totp, row.get('totp')),
          ...customFields(row.get('fields')),
          ...flag(LABEL.favorite, row.get('favorite')),
          ...flag(BITWARDEN_LABEL.reprompt, row.get('reprompt')),
          ...place.extras,
        ],
      }),
    };
  },
});
