// Issue #44, item 6: items with the title, site and username of an entry already here but other
// values are a choice in the preview, one labelled checkbox each, imported by default.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportServices } from '../../../src/features/import/ui/services';
import { previewFixture, renderImportDialog } from './importDialogHarness';
import { catchDownloads } from './importTestKit';

afterEach(() => {
  vi.restoreAllMocks();
});

const ROUTER = 'Import item 2, “Router”: like “Router” already here, but its password differs';
const VISA = 'Import item 4, “Team Visa”: like “Team Visa” already here, but its password differs';

function titles(call: Parameters<ImportServices['run']> | undefined): string[] {
  return call?.[0].entries.map((entry) => entry.title) ?? [];
}

describe('ImportDialog: near-duplicates', () => {
  it('lists each near-duplicate as a labelled checkbox, ticked: they are imported unless the user unticks them', async () => {
    const { services, user } = renderImportDialog({ target: { changed: ['Router', 'Team Visa'] } });
    await previewFixture(user, 'bitwarden-personal.json');
    expect(screen.getByText('6 entries will be imported.')).toBeInTheDocument();
    const group = screen.getByRole('group', {
      name: '2 items have the title, site and username of entries already here, but other values. Untick any you do not want imported:',
    });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(group).getByRole('checkbox', { name: ROUTER })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: VISA })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Import 6 entries' }));
    await screen.findByText('Imported 6 entries.');
    expect(titles(services.run.mock.calls[0])).toEqual(['Acme "Portal", staging', 'Wi-Fi 🔑 guest', 'Passport identity', 'Deploy key', 'Router', 'Team Visa']);
  });

  it('is operable from the keyboard: Space on a focused checkbox skips that item, and the counts follow', async () => {
    const { services, user } = renderImportDialog({ target: { changed: ['Router', 'Team Visa'] } });
    await previewFixture(user, 'bitwarden-personal.json');
    const router = screen.getByRole('checkbox', { name: ROUTER });
    router.focus();
    await user.keyboard(' ');
    expect(router).not.toBeChecked();
    expect(screen.getByText('5 entries will be imported.')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: VISA })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Import 5 entries' }));
    await screen.findByText('Imported 5 entries.');
    expect(titles(services.run.mock.calls[0])).not.toContain('Router');
    expect(titles(services.run.mock.calls[0])).toContain('Team Visa');
  });

  it('skips or imports them all at once', async () => {
    const { user } = renderImportDialog({ target: { changed: ['Router', 'Team Visa'] } });
    await previewFixture(user, 'bitwarden-personal.json');
    await user.click(screen.getByRole('button', { name: 'Skip them all' }));
    expect(screen.getByRole('checkbox', { name: ROUTER })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: VISA })).not.toBeChecked();
    expect(screen.getByText('4 entries will be imported.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import them all' }));
    expect(screen.getByRole('checkbox', { name: ROUTER })).toBeChecked();
    expect(screen.getByText('6 entries will be imported.')).toBeInTheDocument();
  });

  it('puts a skipped near-duplicate, and only that one, in the list of items not imported', async () => {
    const { downloads } = catchDownloads();
    const { services, user } = renderImportDialog({ target: { changed: ['Router'] } });
    await previewFixture(user, 'bitwarden-personal.json');
    // One near-duplicate: no "all" buttons.
    expect(screen.queryByRole('button', { name: 'Skip them all' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: ROUTER }));
    await user.click(screen.getByRole('button', { name: 'Download the list of items not imported' }));
    expect(services.skippedListCsv.mock.calls[0]?.[0].duplicates.map((entry) => entry.at)).toEqual(['item 2']);
    expect(await downloads[0]?.blob.text()).toBe("at,title,reason\r\nitem 7,Old forum,It is in Bitwarden's trash.\r\nitem 2,Router,near-duplicate");
  });

  it('shows nothing of the kind when the plan has no near-duplicate', async () => {
    const { user } = renderImportDialog();
    await previewFixture(user, 'chrome.csv');
    expect(screen.queryByText(/Untick any you do not want imported/)).not.toBeInTheDocument();
  });
});
