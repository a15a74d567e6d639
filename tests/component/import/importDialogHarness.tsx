// Renders the import dialog over stand-in services, and the steps every flow test walks through.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { ParsedImport } from '../../../src/features/import/model';
import type { NotImported } from '../../../src/features/import/plan/skippedList';
import type { ImportReader } from '../../../src/features/import/read/importReader';
import { ImportDialog } from '../../../src/features/import/ui/ImportDialog';
import type { ImportServices } from '../../../src/features/import/ui/services';
import { fixtureFile, standInPlan, type TargetStandIn } from './importTestKit';

export type User = ReturnType<typeof userEvent.setup>;

const finishAll: ImportServices['run'] = (input) =>
  Promise.resolve({ written: input.entries.length, total: input.entries.length, cancelled: false });

export function renderImportDialog(options: { target?: TargetStandIn; run?: ImportServices['run']; reader?: ImportReader } = {}) {
  const services = {
    plan: vi.fn((parsed: ParsedImport) => Promise.resolve(standInPlan(parsed, options.target))),
    run: vi.fn(options.run ?? finishAll),
    skippedListCsv: vi.fn((left: NotImported) =>
      [
        'at,title,reason',
        ...left.skipped.map((item) => `${item.at},${item.title},${item.reason}`),
        ...left.duplicates.map((entry) => `${entry.at},${entry.title},${'differs' in entry ? 'near-duplicate' : 'duplicate'}`),
      ].join('\r\n'),
    ),
  };
  const onClose = vi.fn();
  const user = userEvent.setup();
  const { unmount } = render(<ImportDialog open onClose={onClose} services={services} {...(options.reader === undefined ? {} : { reader: options.reader })} />);
  return { services, onClose, user, unmount };
}

export async function upload(user: User, file: File) {
  await user.upload(screen.getByLabelText('File to import'), file);
}

export async function preview(user: User) {
  await user.click(screen.getByRole('button', { name: 'Preview' }));
}

/** Picks a fixture and opens its preview. */
export async function previewFixture(user: User, name: string) {
  await upload(user, fixtureFile(name));
  await preview(user);
  const summary = await screen.findByText(/will be imported\.$/);
  // The preview takes focus once its effects have run, which may be after its text is shown (the
  // read ends outside act): a test that moves focus before then would have it taken back.
  await waitFor(() => {
    expect(summary.closest('p')).toHaveFocus();
  });
}
