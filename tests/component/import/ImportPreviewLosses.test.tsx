// Issue #44, item 7: before anything is written, the preview counts and lists by item what
// entries will be imported without (passkeys, attached files, re-prompts…), and says
// "nothing is lost" only when that is true.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preview, previewFixture, renderImportDialog, upload } from './importDialogHarness';

afterEach(() => {
  vi.restoreAllMocks();
});

const KINDS_SENTENCE = 'Secure notes, cards, identities and SSH keys come in as items of their kind, and fields Keyloft has no place for as custom fields';
const NOTHING_LOST = `${KINDS_SENTENCE}, so nothing is lost.`;

function bitwardenFile(items: readonly object[]): File {
  return new File([JSON.stringify({ encrypted: false, folders: [], items })], 'bitwarden_export.json');
}

const passkeyLogin = {
  type: 1,
  name: 'GitHub',
  favorite: true,
  login: { username: 'ada', password: 'pw', uris: [{ uri: 'https://github.com' }], fido2Credentials: [{ credentialId: 'c1', rpId: 'github.com' }, { credentialId: 'c2' }] },
};
const note = { type: 2, name: 'Locker', notes: 'Code 1234', favorite: false, secureNote: { type: 0 } };
const reprompted = { type: 1, name: 'Bank', reprompt: 1, login: { username: 'ana', password: 'b' } };

describe('ImportDialog: what entries are imported without', () => {
  it('lists each entry with what it will lose, counts them in all, and does not say nothing is lost', async () => {
    const { user } = renderImportDialog();
    await upload(user, bitwardenFile([passkeyLogin, note, reprompted]));
    await preview(user);
    await screen.findByText('3 entries will be imported.');

    const list = screen.getByRole('list', { name: '2 entries will be imported without something the file holds for them:' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'item 1, “GitHub”: 2 passkeys (github.com)',
      'item 3, “Bank”: 1 master-password re-prompt',
    ]);
    expect(screen.getByText('Keyloft cannot keep these yet, and they are not imported: 2 passkeys and 1 master-password re-prompt in all.')).toBeInTheDocument();
    expect(screen.queryByText(NOTHING_LOST)).not.toBeInTheDocument();
    expect(screen.getByText(`${KINDS_SENTENCE}.`)).toBeInTheDocument();
  });

  it('says nothing is lost when no entry loses anything, and lists nothing', async () => {
    const { user } = renderImportDialog();
    await upload(user, bitwardenFile([note, { type: 1, name: 'Mail', login: { username: 'u', password: 'p' } }]));
    await preview(user);
    await screen.findByText('2 entries will be imported.');
    expect(screen.getByText(NOTHING_LOST)).toBeInTheDocument();
    expect(screen.queryByText(/will be imported without something/)).not.toBeInTheDocument();
  });

  it('counts only the entries that will be written: a skipped duplicate’s losses appear once the user includes it', async () => {
    const { user } = renderImportDialog({ target: { titles: ['GitHub'] } });
    await upload(user, bitwardenFile([passkeyLogin, note]));
    await preview(user);
    await screen.findByText('1 entry will be imported.');
    expect(screen.queryByText(/will be imported without something/)).not.toBeInTheDocument();
    expect(screen.getByText(NOTHING_LOST)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Also import the 1 duplicate' }));
    const list = screen.getByRole('list', { name: '1 entry will be imported without something the file holds for it:' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('item 1, “GitHub”: 2 passkeys (github.com)');
    expect(screen.queryByText(NOTHING_LOST)).not.toBeInTheDocument();
  });

  it('keeps the fixture’s favourite mark and SSH key (issue #44): nothing is listed, and nothing is lost', async () => {
    const { user } = renderImportDialog();
    await previewFixture(user, 'bitwarden-personal.json');
    expect(screen.queryByText(/will be imported without something/)).not.toBeInTheDocument();
    expect(screen.getByText(NOTHING_LOST)).toBeInTheDocument();
  });

  it('lists an item of a kind Keyloft does not have, which comes in as a login, and does not say nothing is lost', async () => {
    const { user } = renderImportDialog();
    await upload(user, bitwardenFile([{ type: 9, name: 'Server', login: { username: 'root', password: 'r' } }]));
    await preview(user);
    await screen.findByText('1 entry will be imported.');
    const list = screen.getByRole('list', { name: '1 entry will be imported without something the file holds for it:' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('item 1, “Server”: 1 kind Keyloft does not have (it comes in as a login or a secure note)');
    expect(screen.getByText(`${KINDS_SENTENCE}.`)).toBeInTheDocument();
  });
});
