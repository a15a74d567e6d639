import { describe, expect, it } from 'vitest';
import { exportKeyloftJson } from '../../../../src/features/import/export/keyloftExport';
import { keyloftFormat } from '../../../../src/features/import/formats/keyloft';
import { TOTP_LABEL } from '../../../../src/features/import/formats/values';
import type { ImportItem, ParsedImport } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan';
import { canonicalOneTimeCode, readOneTimeCode as oneTimeCode } from '../../../../src/features/vault/otp/oneTimeCode';
import { fixtureVault } from '../export/fixtureVault';

// Issue #23: an import maps each format's one-time secret to the entry's one-time code where the
// target reads it (the vault's reading, as src/app hands it over), and keeps a password history.

const KEY = 'JBSWY3DPEHPK3PXP';

const item = (fields: Partial<ImportItem>): ImportItem => ({
  at: 'row 2',
  kind: 'login',
  title: 'GitHub',
  url: '',
  username: 'octocat',
  password: 'hunter2!',
  notes: '',
  extras: [],
  folder: [],
  ...fields,
});

const parsed = (items: ImportItem[]): ParsedImport => ({ format: 'bitwarden-csv', items, skipped: [] });

describe('import: one-time codes', () => {
  it('a TOTP secret or otpauth:// link becomes the entry’s code (stored canonical), not a custom field', async () => {
    const plan = await planImport(
      parsed([
        item({ extras: [{ label: TOTP_LABEL, value: KEY }] }),
        item({ at: 'row 3', title: 'Mail', username: 'ana', password: 'mail secret', extras: [{ label: 'PIN', value: '1234' }, { label: TOTP_LABEL, value: `otpauth://totp/Mail:ana?secret=${KEY}&digits=8` }] }),
      ]),
      { entries: [], groups: [], oneTimeCode },
    );
    expect(plan.entries[0]).toMatchObject({ title: 'GitHub', otp: `otpauth://totp/GitHub:octocat?issuer=GitHub&secret=${KEY}&algorithm=SHA1&digits=6&period=30`, notes: null });
    expect(plan.entries[1]).toMatchObject({ title: 'Mail', otp: canonicalOneTimeCode(`otpauth://totp/Mail:ana?secret=${KEY}&digits=8`), notes: null });
    expect(plan.entries[1]?.item?.customFields).toEqual([{ name: 'PIN', type: 'text', value: '1234' }]);
  });

  // Issue #44: a bare setup key has no label of its own; it was labelled "Keyloft".
  it('labels a code given as a bare setup key with the entry’s title and username; a link keeps its own label', async () => {
    const link = `otpauth://totp/Other:someone?issuer=Other&secret=${KEY}`;
    const plan = await planImport(
      parsed([
        item({ title: 'Bank', username: 'ana@example.com', extras: [{ label: TOTP_LABEL, value: 'jbsw y3dp ehpk 3pxp' }] }),
        item({ at: 'row 3', title: 'Router', username: '', password: 'r', extras: [{ label: TOTP_LABEL, value: KEY }] }),
        item({ at: 'row 4', title: '', url: 'https://login.example.com/x', username: 'bob', password: 'b', extras: [{ label: TOTP_LABEL, value: KEY }] }),
        item({ at: 'row 5', title: 'Mail: work', username: 'ana:1', password: 'm', extras: [{ label: TOTP_LABEL, value: KEY }] }),
        item({ at: 'row 6', title: 'Linked', extras: [{ label: TOTP_LABEL, value: link }] }),
      ]),
      { entries: [], groups: [], oneTimeCode },
    );
    const tail = `secret=${KEY}&algorithm=SHA1&digits=6&period=30`;
    expect(plan.entries.map((entry) => entry.otp)).toEqual([
      `otpauth://totp/Bank:ana%40example.com?issuer=Bank&${tail}`,
      `otpauth://totp/Router?${tail}`,
      `otpauth://totp/login.example.com:bob?issuer=login.example.com&${tail}`,
      `otpauth://totp/Mail%20work:ana%201?issuer=Mail%20work&${tail}`,
      canonicalOneTimeCode(link),
    ]);
    expect(plan.entries.every((entry) => !entry.otp?.includes('Keyloft'))).toBe(true);
  });

  it('keeps a code as a hidden custom field when its labelled link would be longer than the stored limit', async () => {
    const title = 'T'.repeat(500);
    const plan = await planImport(parsed([item({ title, username: 'u'.repeat(1700), extras: [{ label: TOTP_LABEL, value: KEY }] })]), { entries: [], groups: [], oneTimeCode });
    expect(plan.entries[0]).not.toHaveProperty('otp');
    expect(plan.entries[0]?.item?.customFields).toEqual([{ name: TOTP_LABEL, type: 'hidden', value: KEY }]);
  });

  it('a secret the vault does not take (a counter-based link, a Steam code), or a target without a reader, keeps it as a hidden custom field: nothing is lost', async () => {
    const hotp = `otpauth://hotp/x?secret=${KEY}&counter=3`;
    const plan = await planImport(parsed([item({ extras: [{ label: TOTP_LABEL, value: hotp }] }), item({ at: 'row 3', title: 'Steam', username: 'gabe', password: 'steam secret', extras: [{ label: TOTP_LABEL, value: 'steam://ABCDE' }] })]), {
      entries: [],
      groups: [],
      oneTimeCode,
    });
    expect(plan.entries[0]).not.toHaveProperty('otp');
    expect(plan.entries[0]?.item?.customFields).toEqual([{ name: TOTP_LABEL, type: 'hidden', value: hotp }]);
    expect(plan.entries[1]?.item?.customFields).toEqual([{ name: TOTP_LABEL, type: 'hidden', value: 'steam://ABCDE' }]);
    const withoutReader = await planImport(parsed([item({ extras: [{ label: TOTP_LABEL, value: KEY }] })]), { entries: [], groups: [] });
    expect(withoutReader.entries[0]).not.toHaveProperty('otp');
    expect(withoutReader.entries[0]?.item?.customFields).toEqual([{ name: TOTP_LABEL, type: 'hidden', value: KEY }]);
  });

  it('a Keyloft export gives back each entry’s code and password history', async () => {
    const file = await keyloftFormat.parse({ name: 'keyloft.json', bytes: new TextEncoder().encode(exportKeyloftJson(fixtureVault)) }, {});
    const mail = fixtureVault.entries[0]!;
    expect(file.items[0]).toMatchObject({ otp: mail.otp, passwordHistory: mail.passwordHistory });
    expect(file.items[1]).not.toHaveProperty('otp');
    const plan = await planImport(file, { entries: [], groups: [], oneTimeCode });
    expect(plan.entries[0]).toMatchObject({ title: 'Mail', otp: canonicalOneTimeCode(mail.otp!), passwordHistory: mail.passwordHistory });
    expect(plan.entries[0]?.notes).not.toContain('otpauth');
  });

  it('passes on what the parser could not carry, with nothing added for an item that lost nothing', async () => {
    const plan = await planImport(parsed([item({ notCarried: [{ kind: 'passkey', name: 'github.com' }, { kind: 'reprompt' }] }), item({ at: 'row 3', title: 'Other', username: 'o' })]), { entries: [], groups: [] });
    expect(plan.entries[0]?.notCarried).toEqual([{ kind: 'passkey', name: 'github.com' }, { kind: 'reprompt' }]);
    expect(plan.entries[1]).not.toHaveProperty('notCarried');
  });

  it('keeps the newest ten earlier passwords, and skips an item whose earlier password is too large to store, saying so', async () => {
    const history = Array.from({ length: 12 }, (_, index) => ({ password: `p${index}`, replacedAt: index }));
    const plan = await planImport(
      parsed([item({ passwordHistory: history }), item({ at: 'row 3', title: 'Huge', username: 'huge', passwordHistory: [{ password: 'x'.repeat(7000), replacedAt: 1 }] })]),
      { entries: [], groups: [] },
    );
    expect(plan.entries[0]?.passwordHistory?.map((earlier) => earlier.password)).toEqual(['p11', 'p10', 'p9', 'p8', 'p7', 'p6', 'p5', 'p4', 'p3', 'p2']);
    // The two oldest are not kept, and the preview says so (issue #44).
    expect(plan.entries[0]?.notCarried).toEqual([{ kind: 'older-history' }, { kind: 'older-history' }]);
    expect(plan.skipped).toEqual([{ at: 'row 3', title: 'Huge', reason: expect.stringMatching(/^An earlier password must be at most 6116 bytes/) as string }]);
  });

  it('refuses a Keyloft export entry whose history is not a list of earlier passwords, with its reason', async () => {
    const document = JSON.parse(exportKeyloftJson(fixtureVault)) as { entries: Record<string, unknown>[] };
    document.entries[0]!.passwordHistory = [{ password: 'x' }];
    document.entries[1]!.otp = 42;
    const file = await keyloftFormat.parse({ name: 'k.json', bytes: new TextEncoder().encode(JSON.stringify(document)) }, {});
    expect(file.skipped).toEqual([
      { at: 'item 1', title: 'Mail', reason: 'Its password history is not a list of earlier passwords with the time each was replaced.' },
      { at: 'item 2', title: 'Bank – Zoë', reason: 'Its one-time code is not text.' },
    ]);
  });
});
