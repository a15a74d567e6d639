import { describe, expect, it } from 'vitest';
import { CSV_FORMATS } from '../../../../src/features/import/formats/csvFormats';
import { fixture, sampleOf, textFile } from './csvFixtures';

const FIXTURES: Readonly<Record<string, string>> = {
  'bitwarden.csv': 'bitwarden-csv',
  'bitwarden-org.csv': 'bitwarden-csv',
  '1password.csv': '1password-csv',
  'lastpass.csv': 'lastpass-csv',
  'chrome.csv': 'chrome-csv',
  'firefox.csv': 'firefox-csv',
  'safari.csv': 'safari-csv',
  'keepassxc.csv': 'keepassxc-csv',
  'dashlane.csv': 'dashlane-csv',
  'keyloft.csv': 'keyloft-csv',
};

function recognisedBy(file: ReturnType<typeof fixture>): string[] {
  return CSV_FORMATS.filter((format) => format.recognises(sampleOf(file))).map((format) => format.id);
}

describe('CSV format detection', () => {
  it('offers every CSV format once', () => {
    expect(CSV_FORMATS.map((format) => format.id).sort()).toStrictEqual(
      ['1password-csv', 'bitwarden-csv', 'chrome-csv', 'dashlane-csv', 'firefox-csv', 'keepassxc-csv', 'keyloft-csv', 'lastpass-csv', 'safari-csv'],
    );
  });

  it.each(Object.entries(FIXTURES))('recognises %s as %s and as nothing else', (name, id) => {
    expect(recognisedBy(fixture(name))).toStrictEqual([id]);
  });

  it.each([
    ['Chrome before notes', 'name,url,username,password', 'chrome-csv'],
    ['Safari before notes', 'Title,Url,Username,Password,OTPAuth', 'safari-csv'],
    ['Safari without OTPAuth', 'Title,URL,Username,Password,Notes', 'safari-csv'],
    ['Safari with neither Notes nor OTPAuth', 'Title,URL,Username,Password', 'safari-csv'],
    ['LastPass before totp', 'url,username,password,extra,name,grouping,fav', 'lastpass-csv'],
    ['KeePassX', '"Group","Title","Username","Password","URL","Notes"', 'keepassxc-csv'],
    ['1Password with Website', 'Title,Website,Username,Password,One-time password,Favorite,Archived,Tags,Notes', '1password-csv'],
    ['Dashlane with otpUrl', 'username,username2,username3,title,password,note,url,category,otpUrl', 'dashlane-csv'],
    ['Dashlane without extra usernames', 'username,title,password,note,url,category,otpUrl', 'dashlane-csv'],
    ['a header with a byte order mark, other case and spaces', '\uFEFFName, URL ,UserName,PASSWORD,Note', 'chrome-csv'],
  ])('recognises %s', (_, header, id) => {
    expect(recognisedBy(textFile('export.csv', `${header}\r\nx\r\n`))).toStrictEqual([id]);
  });

  it('recognises nothing in a file of another layout or another kind', () => {
    expect(recognisedBy(textFile('export.csv', 'site,secret\na,b\n'))).toStrictEqual([]);
    expect(recognisedBy(textFile('export.csv', 'name,url,username,password,note,folder\na,b,c,d,e,f\n'))).toStrictEqual([]);
    expect(recognisedBy(textFile('export.csv', 'title,url,username,password,note\na,b,c,d,e\n'))).toStrictEqual([]);
    // Safari's columns without OTPAuth, beside another layout's: not Safari's file.
    expect(recognisedBy(textFile('export.csv', 'Title,URL,Username,Password,Notes,Category\na,b,c,d,e,f\n'))).toStrictEqual([]);
    expect(recognisedBy(textFile('export.csv', ''))).toStrictEqual([]);
    expect(recognisedBy(textFile('export.json', '{"encrypted":false}'))).toStrictEqual([]);
  });

  it('looks at the file name: a CSV header in a file not named .csv or .txt is not a CSV export', () => {
    const file = fixture('chrome.csv');
    expect(recognisedBy({ ...file, name: 'Chrome Passwords.CSV' })).toStrictEqual(['chrome-csv']);
    expect(recognisedBy({ ...file, name: 'lastpass-export.txt' })).toStrictEqual(['chrome-csv']);
    expect(recognisedBy({ ...file, name: 'passwords.xml' })).toStrictEqual([]);
  });
});
