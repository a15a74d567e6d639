import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportOutcome } from '../../../src/features/import/run/types';
import type { ImportServices } from '../../../src/features/import/ui/services';
import { preview, previewFixture, renderImportDialog, upload } from './importDialogHarness';
import { catchDownloads } from './importTestKit';

afterEach(() => {
  vi.restoreAllMocks();
});

function titles(call: Parameters<ImportServices['run']> | undefined): string[] {
  return call?.[0].entries.map((entry) => entry.title) ?? [];
}

describe('ImportDialog: the preview', () => {
  it('counts every kind, says what becomes of non-logins, and shows which folders become which groups', async () => {
    const { user } = renderImportDialog({ target: { groups: ['Work'] } });
    await previewFixture(user, 'bitwarden-personal.json');
    expect(screen.getByText('6 entries will be imported.')).toBeInTheDocument();
    expect(screen.getByText('The file holds 6 items: 2 logins, 1 secure note, 1 card, 1 identity and 1 SSH key.')).toBeInTheDocument();
    expect(screen.getByText(/Secure notes, cards, identities and SSH keys come in as items of their kind/)).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Folders and the groups they go into' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Work / Clients / Zürich', 'new'],
      ['Work', 'existing'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Work / Clients / Zürich' })).toBeInTheDocument();

    const skipped = screen.getByRole('list', { name: '1 item cannot be imported:' });
    expect(within(skipped).getByRole('listitem')).toHaveTextContent('item 7, “Old forum”: It is in Bitwarden\'s trash.');
  });

  it('skips duplicates by default; ticking the box imports them too and changes the count', async () => {
    const { services, user } = renderImportDialog({ target: { titles: ['Router', 'Team Visa'] } });
    await previewFixture(user, 'bitwarden-personal.json');
    expect(screen.getByText('4 entries will be imported.')).toBeInTheDocument();
    expect(
      screen.getByText('2 items are the same as entries already here in every field (title, URL, username, password, notes, one-time code and group) and will be skipped.'),
    ).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'Also import the 2 duplicates' });
    expect(box).not.toBeChecked();

    await user.click(screen.getByText('Show the duplicates'));
    const listed = within(screen.getByRole('list', { name: 'Duplicates' })).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual([
      'item 2, “Router”: same as “Router” already here',
      'item 4, “Team Visa”: same as “Team Visa” already here',
    ]);

    await user.click(box);
    expect(screen.getByText('6 entries will be imported.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 6 entries' }));
    await screen.findByText('Imported 6 entries.');
    expect(titles(services.run.mock.calls[0])).toEqual(['Acme "Portal", staging', 'Wi-Fi 🔑 guest', 'Passport identity', 'Deploy key', 'Router', 'Team Visa']);
  });

  it('lists at most 200 duplicates, saying how many more there are', async () => {
    const rows = Array.from({ length: 450 }, (_, index) => `site-${String(index)},https://site-${String(index)}.example/,user,pw`);
    const titles = rows.map((_, index) => `site-${String(index)}`);
    const { user } = renderImportDialog({ target: { titles } });
    await upload(user, new File([`name,url,username,password\n${rows.join('\n')}\n`], 'passwords.csv'));
    await preview(user);
    expect(await screen.findByText('0 entries will be imported.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 entries' })).toBeDisabled();
    const listed = within(screen.getByRole('list', { name: 'Duplicates' })).getAllByRole('listitem');
    expect(listed).toHaveLength(201);
    expect(listed[199]).toHaveTextContent('row 201, “site-199”');
    expect(listed[200]).toHaveTextContent('…and 250 more.');
    await user.click(screen.getByRole('checkbox', { name: 'Also import the 450 duplicates' }));
    expect(screen.getByRole('button', { name: 'Import 450 entries' })).toBeEnabled();
  });

  it('downloads the list of items not imported as a CSV the services write', async () => {
    const { downloads, revoked } = catchDownloads();
    const { services, user } = renderImportDialog({ target: { titles: ['Router'] } });
    await previewFixture(user, 'bitwarden-personal.json');
    await user.click(screen.getByRole('button', { name: 'Download the list of items not imported' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.fileName).toBe('keyloft-import-skipped.csv');
    expect(await downloads[0]?.blob.text()).toBe(services.skippedListCsv.mock.results[0]?.value);
    expect(await downloads[0]?.blob.text()).toBe("at,title,reason\r\nitem 7,Old forum,It is in Bitwarden's trash.\r\nitem 2,Router,duplicate");
    await waitFor(() => {
      expect(revoked).toEqual(['blob:keyloft/1']);
    });

    // Duplicates the user includes are no longer "not imported".
    await user.click(screen.getByRole('checkbox', { name: 'Also import the 1 duplicate' }));
    await user.click(screen.getByRole('button', { name: 'Download the list of items not imported' }));
    expect(await downloads[1]?.blob.text()).toBe("at,title,reason\r\nitem 7,Old forum,It is in Bitwarden's trash.");
  });

  it('writes only the groups the chosen entries go into, and Cancel writes nothing', async () => {
    const { services, onClose, user } = renderImportDialog({ target: { titles: ['Acme "Portal", staging'] } });
    await previewFixture(user, 'bitwarden-personal.json');
    const rows = within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rows).toEqual(['Work']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(services.run).not.toHaveBeenCalled();
  });
});

/** A run that reports `written` of its entries, then waits for Stop or for the test to settle it. */
function heldRun(written: number) {
  let settle: { resolve: (outcome: ImportOutcome) => void; reject: (error: Error) => void } | null = null;
  const run: ImportServices['run'] = (input, options) =>
    new Promise<ImportOutcome>((resolve, reject) => {
      const total = input.entries.length;
      options.onProgress({ written, total });
      settle = { resolve, reject };
      options.signal.addEventListener('abort', () => {
        resolve({ written, total, cancelled: true });
      });
    });
  return {
    run,
    fail: (error: Error) => settle?.reject(error),
    finish: (outcome: ImportOutcome) => settle?.resolve(outcome),
  };
}

describe('ImportDialog: the run', () => {
  it('shows progress, and Stop ends it saying what was written and that running it again finishes it', async () => {
    const held = heldRun(2);
    const { onClose, user } = renderImportDialog({ run: held.run });
    await previewFixture(user, 'chrome.csv');
    await user.click(screen.getByRole('button', { name: 'Import 4 entries' }));
    const bar = await screen.findByRole('progressbar', { name: 'Importing' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '4');
    expect(screen.getByRole('status')).toHaveTextContent('Imported 2 of 4');
    expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus();

    // Escape does not close the dialog under a running import.
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Import stopped. 2 of 4 entries were imported. Running the same import again imports only what is missing.',
    );
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('shows a failure in words, with how to finish the import', async () => {
    const held = heldRun(1);
    const { user } = renderImportDialog({ run: held.run });
    await previewFixture(user, 'chrome.csv');
    await user.click(screen.getByRole('button', { name: 'Import 4 entries' }));
    await screen.findByRole('progressbar');
    held.fail(new Error('The connection was lost while saving entries.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The connection was lost while saving entries. At least 1 of 4 entries was imported. Running the same import again imports only what is missing.',
    );
  });

  it('says how many were imported, and closes', async () => {
    const held = heldRun(3);
    const { services, onClose, user } = renderImportDialog({ run: held.run });
    await previewFixture(user, 'chrome.csv');
    await user.click(screen.getByRole('button', { name: 'Import 4 entries' }));
    await screen.findByRole('progressbar');
    held.finish({ written: 4, total: 4, cancelled: false });
    expect(await screen.findByText('Imported 4 entries.')).toBeInTheDocument();
    const [input, options] = services.run.mock.calls[0] ?? [];
    expect(input?.entries.map((entry) => entry.username)).toEqual(['ada@gmail.com', '', 'ada', 'jürgen']);
    expect(input?.groups).toEqual([]);
    expect(options?.signal.aborted).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
