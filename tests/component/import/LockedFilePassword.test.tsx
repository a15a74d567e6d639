// The import's password step for the encrypted files another manager writes (issue #44): a KeePass
// database (master password and an optional key file) and a password-protected Bitwarden export.
// Keyboard only, once a file is picked: Tab moves, Enter submits, typing fills; a wrong password
// says so and keeps what was typed; nothing is planned or written until the file opens.
//
// The Bitwarden export is opened for real. The KeePass database's opening is a stand-in here, with
// unlockKdbx's contract (the password and key file in; KeePass XML, or NeedsFilePasswordError, out):
// under jsdom, kdbxweb's raw ArrayBuffers come from another realm than Node's WebCrypto accepts
// (a browser has one realm). The real opening is tests/unit/import/unlock/keepassKdbx.test.ts.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NeedsFilePasswordError } from '../../../src/features/import/model';
import { KEEPASS_PASSWORD_REQUIRED } from '../../../src/features/import/ui/ImportSourceStep';
import { PASSWORD, PBKDF2, protectedExport } from '../../unit/import/unlock/bitwardenFixtures';
import { renderImportDialog, upload, type User } from './importDialogHarness';

const MASTER_PASSWORD = 'correct horse battery staple ☃';
const KEY_FILE = new TextEncoder().encode('<KeyFile><Meta><Version>2.0</Version></Meta><Key><Data>00112233</Data></Key></KeyFile>');
const OTHER_KEY_FILE = new TextEncoder().encode('<KeyFile><Meta><Version>2.0</Version></Meta><Key><Data>99887766</Data></Key></KeyFile>');
// The signature and version of a KDBX 4 file: what detection reads.
const KDBX = new Uint8Array([0x03, 0xd9, 0xa2, 0x9a, 0x67, 0xfb, 0x4b, 0xb5, 0x00, 0x00, 0x04, 0x00]);
const OPENED_XML = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<KeePassFile><Meta><Generator>KdbxWeb</Generator></Meta><Root><Group><Name>Family vault</Name>
<Entry><String><Key>Title</Key><Value>Mail</Value></String><String><Key>Password</Key><Value ProtectInMemory="True">mail-pw</Value></String></Entry>
<Group><Name>Work</Name><Group><Name>Clients</Name>
<Entry><String><Key>Title</Key><Value>Bank</Value></String><String><Key>Password</Key><Value ProtectInMemory="True"> n3w pass </Value></String></Entry>
</Group></Group></Group></Root></KeePassFile>`;

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && a.length === b.length && a.every((byte, index) => byte === b[index]);

vi.mock('../../../src/features/import/unlock/kdbx', () => ({
  unlockKdbx: vi.fn((_bytes: Uint8Array, password: string, keyFile?: Uint8Array) =>
    password === MASTER_PASSWORD && sameBytes(keyFile, KEY_FILE)
      ? Promise.resolve(OPENED_XML)
      : Promise.reject(new NeedsFilePasswordError(true, 'keepass', keyFile !== undefined)),
  ),
}));

/** Tabs (forwards, or backwards with shift) until the element named `name` has focus. */
async function tabTo(user: User, name: RegExp, shift = false): Promise<HTMLElement> {
  for (let step = 0; step < 15; step += 1) {
    await user.tab({ shift });
    const focused = document.activeElement;
    if (focused instanceof HTMLElement) {
      const labelled = focused instanceof HTMLInputElement ? focused.labels?.[0]?.textContent : null;
      const label = focused.getAttribute('aria-label') ?? labelled ?? focused.textContent;
      if (name.test(label)) return focused;
    }
  }
  throw new Error(`Nothing named ${String(name)} was reached by Tab`);
}

const formatSelect = () => screen.getByLabelText('Format');

describe('the password step of a KeePass database', () => {
  it('asks for the master password and takes a key file; a wrong one of either is said so, keeping what was typed', async () => {
    const { services, user } = renderImportDialog();
    await upload(user, new File([KDBX], 'Passwords.kdbx'));
    expect(formatSelect()).toHaveDisplayValue('KeePass 2 database (.kdbx)');

    await tabTo(user, /^Preview$/);
    await user.keyboard('{Enter}');
    const field = await screen.findByLabelText('Master password');
    expect(field).toHaveAccessibleDescription(
      'This KeePass database is encrypted. Enter its master password, and choose its key file too if it has one.',
    );
    await waitFor(() => {
      expect(field).toHaveFocus();
    });

    // Nothing typed and no key file: nothing to try.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(KEEPASS_PASSWORD_REQUIRED);

    // The right password without the key file.
    await user.keyboard(`${MASTER_PASSWORD}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('That password does not open this database. If it also has a key file, choose it too.');
    expect(field).toHaveValue(MASTER_PASSWORD);
    await waitFor(() => {
      expect(field).toHaveFocus();
    });

    // Another key file: both named as not opening it.
    const keyInput = await tabTo(user, /^Key file \(optional\)$/);
    await user.upload(keyInput, new File([OTHER_KEY_FILE], 'other.keyx'));
    expect(await screen.findByText('other.keyx')).toBeInTheDocument();
    await tabTo(user, /^Preview$/);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That password and key file do not open this database.');
    expect(field).toHaveValue(MASTER_PASSWORD);

    // Remove it, choose the right one, and the database opens.
    await tabTo(user, /^Remove key file$/);
    await user.keyboard('{Enter}');
    expect(screen.queryByText('other.keyx')).not.toBeInTheDocument();
    const again = await tabTo(user, /^Key file \(optional\)$/, true);
    await user.upload(again, new File([KEY_FILE], 'Passwords.keyx'));
    expect(await screen.findByText('Passwords.keyx')).toBeInTheDocument();
    expect(services.plan).not.toHaveBeenCalled();
    await tabTo(user, /^Preview$/);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('2 entries will be imported.')).toBeInTheDocument();
    const parsed = services.plan.mock.calls[0]?.[0];
    expect(parsed?.format).toBe('keepass-kdbx');
    expect(parsed?.items.map((item) => [item.title, item.password, item.folder.join(' / ')])).toEqual([
      ['Mail', 'mail-pw', ''],
      ['Bank', ' n3w pass ', 'Work / Clients'],
    ]);
    expect(services.run).not.toHaveBeenCalled();
  });
});

describe('the password step of a password-protected Bitwarden export', () => {
  it('asks for the file password; a wrong one is said so, keeping what was typed; the right one opens it', async () => {
    const { services, user } = renderImportDialog();
    const file = JSON.stringify(await protectedExport(PBKDF2), null, 2);
    await upload(user, new File([file], 'bitwarden_encrypted_export_20261207.json', { type: 'application/json' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(formatSelect()).toHaveDisplayValue('Bitwarden (JSON)');

    await tabTo(user, /^Preview$/);
    await user.keyboard('{Enter}');
    const field = await screen.findByLabelText('File password');
    expect(field).toHaveAccessibleDescription('This file is encrypted. Enter the password it was exported with.');
    expect(screen.queryByLabelText('Key file (optional)')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(field).toHaveFocus();
    });

    await user.keyboard('not it{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That password does not open this file.');
    expect(field).toHaveValue('not it');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(services.plan).not.toHaveBeenCalled();

    await waitFor(() => {
      expect(field).toHaveFocus();
    });
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.keyboard(`${PASSWORD}{Enter}`);
    expect(await screen.findByText(/will be imported\.$/)).toBeInTheDocument();
    const parsed = services.plan.mock.calls[0]?.[0];
    expect(parsed?.format).toBe('bitwarden-json');
    expect(parsed?.items.map((item) => [item.kind, item.title])).toEqual([
      ['login', 'GitHub'],
      ['note', 'Wi-Fi'],
      ['card', 'Visa'],
    ]);
    expect(services.run).not.toHaveBeenCalled();
  });
});
