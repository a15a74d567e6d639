// Firefox's CSV export (about:logins → Export Passwords):
// `url,username,password,httpRealm,formActionOrigin,guid,timeCreated,timeLastUsed,timePasswordChanged`.
// Firefox keeps no title: the shared step names the entry. The guid and the three timestamps
// (milliseconds since 1970) are Firefox's bookkeeping and are not imported.
import { defineCsvFormat } from './csv/csvFormat';
import { extra, makeItem } from './csv/values';

export const FIREFOX_LABEL = { realm: 'HTTP realm', formAction: 'Form address' } as const;

/** The sign-in Firefox keeps for its own account (sync): not a website's password. */
const FIREFOX_ACCOUNT = 'chrome://FirefoxAccounts';

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

export const firefoxCsv = defineCsvFormat({
  id: 'firefox-csv',
  label: 'Firefox (CSV)',
  columns: {
    url: { names: ['url'], required: true },
    username: { names: ['username'], required: true },
    password: { names: ['password'], required: true },
    realm: { names: ['httpRealm'], required: true },
    formAction: { names: ['formActionOrigin'], required: true },
  },
  ignored: ['guid', 'timeCreated', 'timeLastUsed', 'timePasswordChanged'],
  toItem: (row) => {
    const url = row.get('url');
    if (url.trim() === FIREFOX_ACCOUNT) {
      return { skipped: { at: row.at, title: '', reason: 'It is the sign-in of Firefox’s own account (for sync), not a website’s password.' } };
    }
    // The form's origin is almost always the page's own: only a different one is worth a line in notes.
    const formAction = row.get('formAction');
    return {
      item: makeItem(row.at, {
        url,
        username: row.get('username'),
        password: row.get('password'),
        extras: [
          ...extra(FIREFOX_LABEL.realm, row.get('realm')),
          ...(formAction === originOf(url) ? [] : extra(FIREFOX_LABEL.formAction, formAction)),
        ],
      }),
    };
  },
});
