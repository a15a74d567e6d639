// Reading the picked file (issue #44, item 4): 'Preview' shows how far the reading is, with Cancel;
// Cancel stops the reading worker, nothing is planned or written, and the dialog works again, all
// from the keyboard. The worker here is a stand-in that stalls mid-file (the real worker module and
// its termination are tested in tests/unit/import/read/readWorker.test.ts).
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importReader, inThisThread, type ReadWorker } from '../../../src/features/import/read/importReader';
import { READ_CANCELLED } from '../../../src/features/import/ui/ReadProgressView';
import { renderImportDialog, upload, type User } from './importDialogHarness';
import { fixtureFile } from './importTestKit';

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A reader whose first parse reports 1,200 of 10,000 items read and then says nothing more, as a
 * worker busy with a large file; detection, and every parse after the first, answered in this thread.
 */
function stallingReader() {
  const terminated = vi.fn();
  let stalls = 1;
  const reader = importReader((): ReadWorker => {
    const here = inThisThread();
    let onMessage: (message: unknown) => void = () => undefined;
    return {
      postMessage: (request) => {
        if (request.type === 'parse' && stalls > 0) {
          stalls -= 1;
          queueMicrotask(() => {
            onMessage({ type: 'progress', read: 1200, total: 10_000 });
          });
          return;
        }
        here.postMessage(request);
      },
      listen: (listener, onFailure) => {
        onMessage = listener;
        here.listen(listener, onFailure);
      },
      terminate: () => {
        terminated();
        here.terminate();
      },
    };
  });
  return { reader, terminated };
}

/** Tabs forward until the named button has focus (at most 10 presses). */
async function tabTo(user: User, name: string | RegExp) {
  for (let press = 0; press < 10; press += 1) {
    await user.tab();
    if (document.activeElement === screen.queryByRole('button', { name })) return;
  }
  throw new Error(`Tab never reached the button ${String(name)}`);
}

describe('ImportDialog: reading the file', () => {
  it('shows progress while the file is read; Cancel stops the reading, writes nothing, and the dialog works again (keyboard only)', async () => {
    const { reader, terminated } = stallingReader();
    const { services, user } = renderImportDialog({ reader });
    await upload(user, fixtureFile('keepass.xml'));
    expect(screen.getByLabelText<HTMLSelectElement>('Format')).toHaveDisplayValue('KeePass 2 (XML)');
    // Detection's worker has been let go.
    expect(terminated).toHaveBeenCalledTimes(1);

    await tabTo(user, 'Preview');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Read 1,200 of 10,000 items');
    const bar = screen.getByRole('progressbar', { name: 'Reading keepass.xml' });
    expect(bar).toHaveAttribute('value', '1200');
    expect(bar).toHaveAttribute('max', '10000');
    // The form is hidden meanwhile (the dialog's × stays, and closing stops the reading too); Cancel has focus.
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Format')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(await screen.findByText(READ_CANCELLED)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(terminated).toHaveBeenCalledTimes(2);
    expect(services.plan).not.toHaveBeenCalled();
    expect(services.run).not.toHaveBeenCalled();
    // Back where the user was: the same file and format, focus on Preview.
    expect(screen.getByText('keepass.xml')).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLSelectElement>('Format')).toHaveDisplayValue('KeePass 2 (XML)');
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus();

    // And it works again: the file is read to its end, previewed, and imported.
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^\d+ entries will be imported\.$/)).toBeInTheDocument();
    expect(services.plan).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(READ_CANCELLED)).not.toBeInTheDocument();
    await tabTo(user, /^Import \d+ entries$/);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^Imported \d+ entries\.$/)).toBeInTheDocument();
    expect(services.run).toHaveBeenCalledTimes(1);
  });

  it('stops the reading worker when the dialog closes while the file is read', async () => {
    const { reader, terminated } = stallingReader();
    const { services, user, unmount } = renderImportDialog({ reader });
    await upload(user, fixtureFile('keepass.xml'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Read 1,200 of 10,000 items');
    unmount();
    await vi.waitFor(() => {
      expect(terminated).toHaveBeenCalledTimes(2);
    });
    expect(services.plan).not.toHaveBeenCalled();
  });

  it("shows the parser's own error, as before, when the worker's read fails", async () => {
    const { services, user } = renderImportDialog({ reader: importReader(null) });
    await upload(user, fixtureFile('chrome.csv'));
    await user.selectOptions(screen.getByLabelText('Format'), 'KeePass 2 (XML)');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The file is not valid XML/);
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus();
    expect(services.plan).not.toHaveBeenCalled();
  });
});
