import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportKeyloftEncrypted } from '../../../src/features/import/export';
import { importFormat } from '../../../src/features/import/formats';
import { LOCKED_FILE_MESSAGES } from '../../../src/features/import/formats/lockedFiles';
import type { ImportFormatId } from '../../../src/features/import/model';
import { PREVIEW_FAILED } from '../../../src/features/import/ui/ImportSourceStep';
import { expectConsoleError } from '../../support/consoleErrors';
import { preview, renderImportDialog, upload } from './importDialogHarness';
import { fixtureFile } from './importTestKit';

afterEach(() => {
  vi.restoreAllMocks();
});

const setup = renderImportDialog;

/** The message the format's own parser gives for the file, as the dialog must show it. */
async function parserMessage(id: ImportFormatId, file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const failure: unknown = await importFormat(id).parse({ name: file.name, bytes }, {}).then(() => null, (error: unknown) => error);
  if (!(failure instanceof Error)) throw new Error(`${id} parsed ${file.name}`);
  return failure.message;
}

function formatSelect() {
  return screen.getByLabelText<HTMLSelectElement>('Format');
}

describe('ImportDialog: the file', () => {
  it('detects the format of a picked file, and the preview is shown before anything is written', async () => {
    const { services, user } = setup();
    expect(screen.getByRole('dialog', { name: 'Import Passwords' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    await upload(user, fixtureFile('chrome.csv', 'text/csv'));
    expect(screen.getByText('chrome.csv')).toBeInTheDocument();
    expect(formatSelect()).toHaveDisplayValue('Chrome, Edge or Brave (CSV)');
    expect(screen.getByText(/Recognised from the file’s content/)).toBeInTheDocument();
    await preview(user);
    expect(await screen.findByText('4 entries will be imported.')).toBeInTheDocument();
    expect(screen.getByText('The file holds 4 items: 4 logins.')).toBeInTheDocument();
    expect(screen.getByText('The file has no folders: the entries go into no group.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 4 entries' })).toBeEnabled();
    expect(services.plan).toHaveBeenCalledTimes(1);
    expect(services.plan.mock.calls[0]?.[0].format).toBe('chrome-csv');
    expect(services.run).not.toHaveBeenCalled();
  });

  it('offers every format, and a file no format recognises waits for the user to choose one', async () => {
    const { services, user } = setup();
    const text = new File(['just some text, not an export\n'], 'notes.txt', { type: 'text/plain' });
    await upload(user, text);
    expect(formatSelect()).toHaveValue('');
    expect(screen.getByText(/could not tell which password manager wrote this file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    const labels = within(formatSelect()).getAllByRole('option').map((option) => option.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Keyloft (JSON, encrypted or plain)', 'Bitwarden (JSON)', 'KeePass 2 database (.kdbx)', 'LastPass (CSV)', 'Chrome, Edge or Brave (CSV)']));
    expect(labels).toHaveLength(15);

    await user.selectOptions(formatSelect(), 'Firefox (CSV)');
    await preview(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(await parserMessage('firefox-csv', text));
    expect(services.plan).not.toHaveBeenCalled();
  });

  it('lets the user correct a detected format', async () => {
    const { services, user } = setup();
    const chrome = fixtureFile('chrome.csv');
    await upload(user, chrome);
    await user.selectOptions(formatSelect(), 'Bitwarden (JSON)');
    expect(screen.queryByText(/Recognised from the file’s content/)).not.toBeInTheDocument();
    await preview(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(await parserMessage('bitwarden-json', chrome));
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus();
    await user.selectOptions(formatSelect(), 'Chrome, Edge or Brave (CSV)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await preview(user);
    expect(await screen.findByText('4 entries will be imported.')).toBeInTheDocument();
    expect(services.plan).toHaveBeenCalledTimes(1);
  });

  it('refuses a file over the size limit in words, keeping the file picked before', async () => {
    const { user } = setup();
    await upload(user, fixtureFile('chrome.csv'));
    // A 50 MB file, as its size says: it is refused before it is read into memory.
    const huge = new File(['name,url,username,password\n'], 'huge.csv');
    Object.defineProperty(huge, 'size', { value: 50_000_000 });
    const read = vi.spyOn(huge, 'arrayBuffer');
    await upload(user, huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is 47.7 MiB; Keyloft imports files of at most 20 MiB.');
    expect(read).not.toHaveBeenCalled();
    expect(screen.getByText('chrome.csv')).toBeInTheDocument();
    expect(formatSelect()).toHaveDisplayValue('Chrome, Edge or Brave (CSV)');
    // Another pick clears the message.
    await upload(user, fixtureFile('bitwarden-personal.json'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(formatSelect()).toHaveDisplayValue('Bitwarden (JSON)');
  });

  it('names an encrypted file when it is picked and says what to export instead; the file picked before stays', async () => {
    const { services, user } = setup();
    await upload(user, fixtureFile('chrome.csv'));
    const kdb = new File([new Uint8Array([0x03, 0xd9, 0xa2, 0x9a, 0x65, 0xfb, 0x4b, 0xb5, 0x03, 0x00, 0x00, 0x00])], 'Passwords.kdb');
    await upload(user, kdb);
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCKED_FILE_MESSAGES.kdb);
    expect(screen.getByText('chrome.csv')).toBeInTheDocument();
    expect(formatSelect()).toHaveDisplayValue('Chrome, Edge or Brave (CSV)');
    await upload(user, fixtureFile('bitwarden-encrypted.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCKED_FILE_MESSAGES.bitwardenAccount);
    expect(screen.getByText('chrome.csv')).toBeInTheDocument();
    expect(services.plan).not.toHaveBeenCalled();
    await preview(user);
    expect(await screen.findByText('4 entries will be imported.')).toBeInTheDocument();
    expect(services.plan.mock.calls[0]?.[0].format).toBe('chrome-csv');
  });

  it('says so when the preview cannot be prepared, and the user can try again', async () => {
    const failed = expectConsoleError(/^The preview could not be prepared/);
    const { services, user } = setup();
    services.plan.mockRejectedValueOnce(new Error('decrypt failed'));
    await upload(user, fixtureFile('chrome.csv'));
    await preview(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(PREVIEW_FAILED);
    expect(failed.calls).toHaveLength(1);
    await preview(user);
    expect(await screen.findByText('4 entries will be imported.')).toBeInTheDocument();
  });

  it('takes a file dropped on the drop zone', async () => {
    setup();
    fireEvent.drop(screen.getByRole('group', { name: 'Drop a file to import' }), {
      dataTransfer: { files: [fixtureFile('lastpass.csv')] },
    });
    expect(await screen.findByText('lastpass.csv')).toBeInTheDocument();
    expect(formatSelect()).toHaveDisplayValue('LastPass (CSV)');
  });
});

describe('ImportDialog: a Keyloft encrypted export', () => {
  async function encryptedFile(password: string): Promise<File> {
    const vault = {
      entries: [{ title: 'Intranet', url: 'https://intranet.example.com', username: 'ana', password: 'p,a"ss', notes: 'VPN first.\nThen 2FA.', group: 'Work' }],
      groups: [{ name: 'Work', description: null }],
    };
    const text = await exportKeyloftEncrypted(vault, { password, iterations: 100_000 });
    return new File([text], 'keyloft-export-2026-11-26.json', { type: 'application/json' });
  }

  it('asks for the file password, says when it is wrong keeping what was typed, then opens the file', async () => {
    const { services, user } = setup({ target: { groups: ['Work'] } });
    await upload(user, await encryptedFile('file secret'));
    expect(formatSelect()).toHaveDisplayValue('Keyloft (JSON, encrypted or plain)');
    expect(screen.queryByLabelText('File password')).not.toBeInTheDocument();
    await preview(user);
    const field = await screen.findByLabelText('File password');
    expect(field).toHaveAccessibleDescription('This file is encrypted. Enter the password it was exported with.');
    await waitFor(() => {
      expect(field).toHaveFocus();
    });

    await preview(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the password the file was exported with.');

    await user.type(field, 'file secreT');
    await preview(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('That password does not open this file.');
    expect(field).toHaveValue('file secreT');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => {
      expect(field).toHaveFocus();
    });
    // Enter in the field submits the form.
    await user.clear(field);
    await user.type(field, 'file secreT{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That password does not open this file.');
    expect(services.plan).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'file secret');
    await preview(user);
    expect(await screen.findByText('1 entry will be imported.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Work/ });
    expect(row).toHaveTextContent('existing');
    expect(services.plan.mock.calls[0]?.[0].items[0]?.password).toBe('p,a"ss');
  });
});
