// 1Password 8's CSV export (File → Export → CSV): Login and Password items only, one row each,
// `Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes`. Some versions name the
// columns 'Website' and 'One-time password'. 1Password has vaults and tags, not folders, so no
// item has a folder; tags are a custom field.
import { defineCsvFormat } from './csv/csvFormat';
import { extra, flag, LABEL, makeItem } from './csv/values';

export const onePasswordCsv = defineCsvFormat({
  id: '1password-csv',
  label: '1Password (CSV)',
  columns: {
    title: { names: ['Title'], required: true },
    url: { names: ['Url', 'Website'], required: true },
    username: { names: ['Username'], required: true },
    password: { names: ['Password'], required: true },
    otp: { names: ['OTPAuth', 'One-time password'] },
    favorite: { names: ['Favorite'] },
    // The column no other exporter writes: it tells 1Password's file from Safari's.
    archived: { names: ['Archived'], required: true },
    tags: { names: ['Tags'] },
    notes: { names: ['Notes'] },
  },
  toItem: (row) => ({
    item: makeItem(row.at, {
      title: row.get('title'),
      url: row.get('url'),
      username: row.get('username'),
      password: row.get('password'),
      notes: row.get('notes'),
      extras: [
        ...extra(LABEL.totp, row.get('otp')),
        ...extra(LABEL.tags, row.get('tags')),
        ...flag(LABEL.favorite, row.get('favorite')),
        ...flag(LABEL.archived, row.get('archived')),
      ],
    }),
  }),
});
