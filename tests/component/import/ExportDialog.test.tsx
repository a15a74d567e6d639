import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openExportFile } from '../../../src/crypto';
import { exportBitwardenJson, exportCsv, exportKeyloftJson, type ExportedVault } from '../../../src/features/import/export';
import { ExportDialog } from '../../../src/features/import/ui/ExportDialog';
import type { CollectProgress, ExportServices } from '../../../src/features/import/ui/services';
import { expectConsoleError } from '../../support/consoleErrors';
import { catchDownloads } from './importTestKit';

afterEach(() => {
  vi.restoreAllMocks();
});

const MASTER = 'correct horse';
const NOW = new Date(2026, 10, 26, 9, 30);

const VAULT: ExportedVault = {
  entries: [
    { title: 'Intranet', url: 'https://intranet.example.com', username: 'ana', password: 'p,a"ss\nword', notes: 'VPN first.', group: 'Work' },
    { title: '=HYPERLINK("http://evil.example","x")', url: null, username: '@ana', password: 'straße 👋', notes: null, group: null },
  ],
  groups: [
    { name: 'Work', description: 'Office logins' },
    { name: 'Empty', description: null },
  ],
};

function setup(collect: ExportServices['collect'] = (onProgress) => {
  onProgress({ done: 1, total: 2 });
  onProgress({ done: 2, total: 2 });
  return Promise.resolve(VAULT);
}) {
  const services = {
    verifyMasterPassword: vi.fn((password: string) => Promise.resolve(password === MASTER)),
    iterations: 100_000,
    collect: vi.fn(collect),
  };
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<ExportDialog open onClose={onClose} services={services} now={() => NOW} />);
  return { services, onClose, user };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillEncrypted(user: User, master: string, file: string, confirm: string) {
  if (master !== '') await user.type(screen.getByLabelText('Master password'), master);
  if (file !== '') await user.type(screen.getByLabelText('File password'), file);
  if (confirm !== '') await user.type(screen.getByLabelText('Confirm file password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Export' }));
}

async function choosePlain(user: User, label: 'Keyloft JSON (unencrypted)' | 'CSV, logins only (unencrypted)' | 'Bitwarden JSON (unencrypted)') {
  await user.click(screen.getByRole('radio', { name: label }));
}

/** Bitwarden ids are random: each is replaced by its order of first appearance, in both texts alike. */
function withoutIds(text: string): string {
  const seen = new Map<string, string>();
  return text.replace(/"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g, (id) => {
    if (!seen.has(id)) seen.set(id, `"id-${String(seen.size + 1)}"`);
    return seen.get(id) ?? id;
  });
}

describe('ExportDialog: the form', () => {
  it('asks for the master password, with the encrypted file chosen by default and its password fields focused in order', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Export Passwords' })).toBeInTheDocument();
    expect(screen.getByLabelText('Master password')).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Encrypted Keyloft file (recommended)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'CSV, logins only (unencrypted)' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Format' })).toBeInTheDocument();
    expect(screen.getByLabelText('File password')).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a wrong master password is wrong, keeps what was typed and opens nothing', async () => {
    const { services, user } = setup();
    await fillEncrypted(user, 'wrong horse', 'file pw', 'file pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid master password. Please try again.');
    expect(screen.getByLabelText('Master password')).toHaveValue('wrong horse');
    expect(screen.getByLabelText('Master password')).toHaveFocus();
    expect(screen.getByLabelText('File password')).toHaveValue('file pw');
    expect(services.verifyMasterPassword).toHaveBeenCalledWith('wrong horse');
    expect(services.collect).not.toHaveBeenCalled();
  });

  it.each([
    ['no master password', '', 'file pw', 'file pw', 'Enter your master password.'],
    ['no file password', MASTER, '', '', 'Choose a password for the file.'],
    ['file passwords that differ', MASTER, 'file pw', 'file pW', 'File passwords do not match.'],
  ])('refuses %s before checking anything', async (_what, master, file, confirm, message) => {
    const { services, user } = setup();
    await fillEncrypted(user, master, file, confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert').closest('.field')?.querySelector('input')).toHaveFocus();
    expect(screen.getByLabelText('File password')).toHaveValue(file);
    expect(screen.getByLabelText('Confirm file password')).toHaveValue(confirm);
    expect(services.verifyMasterPassword).not.toHaveBeenCalled();
  });

  it('warns that a plain file is readable and requires "I understand"', async () => {
    const { services, user } = setup();
    await choosePlain(user, 'CSV, logins only (unencrypted)');
    expect(screen.queryByLabelText('File password')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This file holds every password in readable form. Anyone who gets the file can read them. Delete it once you have imported it elsewhere.',
    );
    await user.type(screen.getByLabelText('Master password'), MASTER);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Tick “I understand” to export an unencrypted file.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I understand' })).toHaveAttribute('aria-invalid', 'true');
    expect(services.verifyMasterPassword).not.toHaveBeenCalled();
  });

  it('shows the failure of opening the entries and keeps the form as it was', async () => {
    expectConsoleError(/^The export could not be built\. .* Error: Some entries could not be decrypted\./);
    const { user } = setup(() => Promise.reject(new Error('Some entries could not be decrypted.')));
    await fillEncrypted(user, MASTER, 'file pw', 'file pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('Some entries could not be decrypted.');
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
    expect(screen.getByLabelText('Confirm file password')).toHaveValue('file pw');
  });
});

describe('ExportDialog: the file', () => {
  it('saves an encrypted Keyloft file that the file password opens, showing progress while entries open', async () => {
    const { downloads } = catchDownloads();
    let release: (vault: ExportedVault) => void = () => undefined;
    const progress: ((progress: CollectProgress) => void)[] = [];
    const { services, onClose, user } = setup(
      (onProgress) =>
        new Promise((resolve) => {
          progress.push(onProgress);
          release = resolve;
        }),
    );
    await fillEncrypted(user, MASTER, 'file secret', 'file secret');
    await waitFor(() => {
      expect(progress).toHaveLength(1);
    });
    progress[0]?.({ done: 1, total: 2 });
    expect(await screen.findByRole('status')).toHaveTextContent('Opening 1 of 2 entries');
    await user.click(screen.getByRole('button', { name: 'Exporting…' }));
    expect(services.verifyMasterPassword).toHaveBeenCalledTimes(1);
    release(VAULT);

    expect(await screen.findByText('Saved keyloft-export-2026-11-26.json.')).toBeInTheDocument();
    expect(downloads.map((download) => download.fileName)).toEqual(['keyloft-export-2026-11-26.json']);
    const sealed = JSON.parse(await downloads[0]!.blob.text()) as { kdf: { iterations: number } };
    expect(sealed.kdf.iterations).toBe(services.iterations);
    const opened = JSON.parse(await openExportFile('file secret', sealed)) as { exportedAt: string; entries: unknown; groups: unknown };
    expect(opened.exportedAt).toBe(NOW.toISOString());
    // Each entry as the document writes it: its one-time code and history named, none here (issue #23).
    expect(opened.entries).toEqual(VAULT.entries.map((entry) => ({ ...entry, otp: null, passwordHistory: [] })));
    expect(opened.groups).toEqual(VAULT.groups);
    expect(screen.queryByText(/Delete it once/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('saves the CSV the writer builds, and says how many values were written with a leading \'', async () => {
    const { downloads } = catchDownloads();
    const { user } = setup();
    await choosePlain(user, 'CSV, logins only (unencrypted)');
    await user.type(screen.getByLabelText('Master password'), MASTER);
    await user.click(screen.getByRole('checkbox', { name: 'I understand' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Saved keyloft-export-2026-11-26.csv. Delete it once you have imported it elsewhere.')).toBeInTheDocument();
    expect(downloads.map((download) => download.fileName)).toEqual(['keyloft-export-2026-11-26.csv']);
    const written = exportCsv(VAULT);
    expect(await downloads[0]!.blob.text()).toBe(written.text);
    expect(written.escaped).toHaveLength(2);
    expect(
      screen.getByText(
        "2 values look like spreadsheet formulas and were written with a leading ' so that spreadsheets do not run them. Remove the ' if you import the file into another password manager.",
      ),
    ).toBeInTheDocument();
  });

  it('saves the plain Keyloft JSON behind the same warning, an item with its kind (issue #44)', async () => {
    const { downloads } = catchDownloads();
    const note = { kind: 'note' as const, favourite: true, urls: [], customFields: [], fields: {}, expiry: null };
    const withNote: ExportedVault = { ...VAULT, entries: [...VAULT.entries, { title: 'Wi-Fi', url: null, username: '', password: '', notes: 'SSID', group: null, item: note }] };
    const { user } = setup(() => Promise.resolve(withNote));
    await choosePlain(user, 'Keyloft JSON (unencrypted)');
    expect(screen.getByRole('alert')).toHaveTextContent('This file holds every password in readable form.');
    await user.type(screen.getByLabelText('Master password'), MASTER);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Tick “I understand” to export an unencrypted file.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I understand' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Saved keyloft-export-2026-11-26.json. Delete it once you have imported it elsewhere.')).toBeInTheDocument();
    expect(await downloads[0]!.blob.text()).toBe(exportKeyloftJson(withNote, { now: NOW }));
  });

  it('says what a CSV left out, by count: items not logins, a login’s further URLs, custom fields, earlier passwords, one-time codes', async () => {
    catchDownloads();
    const card = { kind: 'card' as const, favourite: false, urls: [], customFields: [], fields: { cardholder: 'A', number: '4111111111111111', code: '1' }, expiry: null };
    const login = {
      kind: 'login' as const,
      favourite: false,
      urls: [{ url: 'https://a.example', match: 'origin' as const }, { url: 'https://b.example', match: 'origin' as const }, { url: 'https://c.example', match: 'site' as const }],
      customFields: [{ name: 'PIN', type: 'hidden' as const, value: '1' }],
      fields: {},
      expiry: null,
    };
    const withCard: ExportedVault = {
      ...VAULT,
      entries: [
        ...VAULT.entries,
        { title: 'Visa', url: null, username: '', password: '', notes: null, group: null, item: card },
        { title: 'Many', url: 'https://a.example', username: 'u', password: 'p', notes: null, group: null, otp: 'otpauth://totp/Many?secret=JBSWY3DPEHPK3PXP', passwordHistory: [{ password: 'old', replacedAt: 1 }], item: login },
      ],
    };
    const { user } = setup(() => Promise.resolve(withCard));
    await choosePlain(user, 'CSV, logins only (unencrypted)');
    await user.type(screen.getByLabelText('Master password'), MASTER);
    await user.click(screen.getByRole('checkbox', { name: 'I understand' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText('Not in the CSV, which holds one row per login with its first web address: 1 item that is not a login, 2 further web addresses of logins, 1 custom field, 1 earlier password and 1 one-time code. Export a JSON file to keep everything.'),
    ).toBeInTheDocument();
  });

  it('saves the Bitwarden JSON the writer builds, with no note about escaped values', async () => {
    const { downloads } = catchDownloads();
    const { user } = setup();
    await choosePlain(user, 'Bitwarden JSON (unencrypted)');
    await user.type(screen.getByLabelText('Master password'), MASTER);
    await user.click(screen.getByRole('checkbox', { name: 'I understand' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/^Saved keyloft-export-2026-11-26\.json\./)).toBeInTheDocument();
    const text = await downloads[0]!.blob.text();
    expect(withoutIds(text)).toBe(withoutIds(exportBitwardenJson(VAULT)));
    expect(text).toContain('"name": "Empty"');
    expect(screen.queryByText(/leading '/)).not.toBeInTheDocument();
  });
});
