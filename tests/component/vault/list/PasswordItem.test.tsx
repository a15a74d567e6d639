import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openItemNow, paneOf } from '../../../support/vaultList';
import { CREATED, elapse, makeEntry, renderList, settle, stubClipboard, UPDATED } from './harness';

const github = makeEntry('gh', {
  title: 'GitHub',
  url: 'https://github.com/login',
  username: 'octocat',
  password: 'hunter2!',
  groupId: 'g-work',
});

/** The pane of the entry `name`, opened by its row when it is not the one shown. */
function row(name = 'GitHub') {
  return screen.queryByRole('heading', { name }) === null ? openItemNow(name) : paneOf(name);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ItemPane: values', () => {
  it('shows the title, username, a masked password and the group', () => {
    renderList({ entries: [github] });
    const listed = screen.getByRole('listitem', { name: 'GitHub' });
    expect(within(listed).getByText('octocat')).toBeInTheDocument();
    expect(within(listed).getByText('Work')).toBeInTheDocument();
    expect(within(listed).queryByText('hunter2!')).not.toBeInTheDocument();
    const item = row();
    expect(within(item).getByRole('heading', { name: 'GitHub' })).toBeInTheDocument();
    expect(within(item).getByText('octocat')).toBeInTheDocument();
    expect(within(item).getByText('••••••••')).toBeInTheDocument();
    expect(within(item).queryByText('hunter2!')).not.toBeInTheDocument();
    expect(within(item).getByText('Work')).toBeInTheDocument();
  });

  it('shows no group chip without a group or for an unknown group', () => {
    renderList({
      entries: [makeEntry('a', { title: 'No group' }), makeEntry('b', { title: 'Gone group', groupId: 'g-deleted' })],
    });
    for (const name of ['No group', 'Gone group']) {
      expect(within(screen.getByRole('listitem', { name })).queryByText(/Group:/)).not.toBeInTheDocument();
      expect(within(row(name)).queryByText(/Group:/)).not.toBeInTheDocument();
    }
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderList({ entries: [github] });
    row();
    await user.click(screen.getByRole('button', { name: 'Show password for GitHub' }));
    expect(within(row()).getByText('hunter2!')).toBeInTheDocument();
    expect(within(row()).queryByText('••••••••')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide password for GitHub' }));
    expect(within(row()).queryByText('hunter2!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show password for GitHub' })).toBeInTheDocument();
  });

  it('shows the url with an Open button that opens it in a new tab without an opener (issue #43)', () => {
    renderList({ entries: [github, makeEntry('b', { title: 'Bare', url: 'example.com/x' })] });
    expect(within(row()).getByText('https://github.com/login')).toBeInTheDocument();
    const open = within(row()).getByRole('link', { name: 'Open https://github.com/login in a new tab' });
    expect(open).toHaveTextContent('Open');
    expect(open).toHaveAttribute('href', 'https://github.com/login');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    // The url's text is not a second link to the same place.
    expect(within(row()).getAllByRole('link')).toHaveLength(1);
    expect(within(row('Bare')).getByRole('link', { name: /example\.com\/x/ })).toHaveAttribute(
      'href',
      'https://example.com/x',
    );
  });

  it.each([
    ['javascript:alert(1)', 'javascript:alert(1)'],
    [' JaVaScRiPt:alert(1)', 'JaVaScRiPt:alert(1)'],
    ['data:text/html,<b>x</b>', 'data:text/html,<b>x</b>'],
    ['file:///etc/passwd', 'file:///etc/passwd'],
    ['/relative/path', '/relative/path'],
  ])('shows %j as plain text, with no Open button and no link', (url, shown) => {
    renderList({ entries: [makeEntry('x', { title: 'Trap', url })] });
    expect(within(row('Trap')).getByText(shown)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(within(row('Trap')).queryByText('Open')).not.toBeInTheDocument();
    expect(document.querySelector('a')).toBeNull();
  });

  it('renders notes as text, never as HTML', () => {
    renderList({ entries: [makeEntry('n', { title: 'Notes', notes: '<img src=x onerror=alert(1)>' })] });
    expect(within(row('Notes')).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('cuts long notes in the row and shows them whole on request', async () => {
    const user = userEvent.setup();
    const notes = `Line one\nLine two\n${'x'.repeat(200)}`;
    renderList({ entries: [makeEntry('n', { title: 'Long', notes })] });
    expect(screen.queryByText(/Line one/)).not.toBeInTheDocument();
    expect(within(row('Long')).getByText(/Line one…/)).toBeInTheDocument();
    expect(within(row('Long')).queryByText(/Line two/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all notes for Long' }));
    const dialog = screen.getByRole('dialog', { name: 'Notes for Long' });
    expect(within(dialog).getByText(/Line two/)).toHaveTextContent(notes.replaceAll('\n', ' '), {
      normalizeWhitespace: true,
    });
  });

  it('shows the created and updated dates in the user’s locale, with machine-readable times', () => {
    renderList({ entries: [github] });
    const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    const created = within(row()).getByText(format.format(CREATED));
    const updated = within(row()).getByText(format.format(UPDATED));
    expect(created.tagName).toBe('TIME');
    expect(created).toHaveAttribute('dateTime', new Date(CREATED).toISOString());
    expect(updated).toHaveAttribute('dateTime', new Date(UPDATED).toISOString());
    expect(created.parentElement).toHaveTextContent(/^Created /);
    expect(updated.parentElement).toHaveTextContent(/^Updated /);
  });

  it('survives an invalid date', () => {
    renderList({ entries: [makeEntry('d', { title: 'Odd', createdAt: Number.NaN })] });
    expect(within(row('Odd')).getByText('Created unknown')).toBeInTheDocument();
  });

  it('marks an undecryptable entry and shows its stored values as they are', async () => {
    const user = userEvent.setup();
    const raw = makeEntry('u', {
      title: 'Broken',
      username: 'q1w2ZXhhbXBsZS1jaXBoZXJ0ZXh0',
      password: 'AAECAwQFBgcICQoLY2lwaGVydGV4dA==',
      undecryptable: true,
    });
    renderList({ entries: [raw, github] });
    expect(within(screen.getByRole('listitem', { name: 'Broken' })).getByText('Could not decrypt')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'GitHub' })).queryByText('Could not decrypt')).not.toBeInTheDocument();
    expect(within(row()).queryByText('Could not decrypt')).not.toBeInTheDocument();
    expect(within(row('Broken')).getByText('Could not decrypt')).toBeInTheDocument();
    expect(within(row('Broken')).getByText('q1w2ZXhhbXBsZS1jaXBoZXJ0ZXh0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show password for Broken' }));
    expect(within(row('Broken')).getByText('AAECAwQFBgcICQoLY2lwaGVydGV4dA==')).toBeInTheDocument();

    const writeText = stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for Broken' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith('AAECAwQFBgcICQoLY2lwaGVydGV4dA==');
    expect(within(row('Broken')).getByText('Copied')).toBeInTheDocument();
    elapse(30_000);
    await settle();
    expect(writeText).toHaveBeenLastCalledWith('');
  });
});

describe('ItemPane: copying', () => {
  it('copies the username with a 2-second tick', async () => {
    renderList({ entries: [github] });
    row();
    const writeText = stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy username for GitHub' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith('octocat');
    expect(within(row()).getByText('Copied')).toBeVisible();
    expect(within(row()).getByRole('status')).toHaveTextContent('Username copied.');
    elapse(1_999);
    expect(within(row()).getByText('Copied')).toBeInTheDocument();
    elapse(1);
    expect(within(row()).queryByText('Copied')).not.toBeInTheDocument();
    expect(within(row()).getByRole('status')).toHaveTextContent('');
    // No clear for a username.
    elapse(60_000);
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('copies the password, ticks for 2 s, and clears the clipboard 30 s later', async () => {
    renderList({ entries: [github] });
    row();
    const writeText = stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for GitHub' }));
    await settle();
    expect(writeText.mock.calls).toEqual([['hunter2!']]);
    expect(within(row()).getByText('Copied')).toBeInTheDocument();
    expect(within(row()).getByRole('status')).toHaveTextContent('Password copied. Clipboard clears in 30 s.');
    elapse(2_000);
    expect(within(row()).queryByText('Copied')).not.toBeInTheDocument();
    elapse(27_999);
    expect(writeText.mock.calls).toEqual([['hunter2!']]);
    elapse(1);
    await settle();
    expect(writeText.mock.calls).toEqual([['hunter2!'], ['']]);
  });

  it('restarts the tick when copying again', async () => {
    renderList({ entries: [github] });
    row();
    stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy username for GitHub' }));
    await settle();
    elapse(1_500);
    fireEvent.click(screen.getByRole('button', { name: 'Copy username for GitHub' }));
    await settle();
    elapse(1_500);
    expect(within(row()).getByText('Copied')).toBeInTheDocument();
    elapse(500);
    expect(within(row()).queryByText('Copied')).not.toBeInTheDocument();
  });

  it('still clears the clipboard after the row unmounts', async () => {
    const { unmount } = renderList({ entries: [github] });
    row();
    const writeText = stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for GitHub' }));
    await settle();
    unmount();
    elapse(30_000);
    await settle();
    expect(writeText.mock.calls).toEqual([['hunter2!'], ['']]);
  });

  it('a later copy replaces the pending clear', async () => {
    const other = makeEntry('o', { title: 'Other', password: 'other-pw' });
    renderList({ entries: [github, other] });
    row();
    const writeText = stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for GitHub' }));
    await settle();
    elapse(10_000);
    // The username replaces the password on the clipboard: nothing is left to clear.
    fireEvent.click(screen.getByRole('button', { name: 'Copy username for GitHub' }));
    await settle();
    elapse(40_000);
    expect(writeText.mock.calls).toEqual([['hunter2!'], ['octocat']]);

    // A second password restarts the 30 s from its own copy.
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for GitHub' }));
    await settle();
    elapse(20_000);
    row('Other');
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for Other' }));
    await settle();
    elapse(29_999);
    expect(writeText).toHaveBeenCalledTimes(4);
    elapse(1);
    await settle();
    expect(writeText.mock.calls.at(-1)).toEqual(['']);
    expect(writeText).toHaveBeenCalledTimes(5);
  });

  it('keeps the pending clear when a later copy fails', async () => {
    renderList({ entries: [github] });
    row();
    const writeText = stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for GitHub' }));
    await settle();
    writeText.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy username for GitHub' }));
    await settle();
    elapse(30_000);
    await settle();
    expect(writeText.mock.calls).toEqual([['hunter2!'], ['octocat'], ['']]);
  });

  it('retries the clear when the page regains focus if the browser refused it', async () => {
    renderList({ entries: [github] });
    row();
    const writeText = stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for GitHub' }));
    await settle();
    writeText.mockRejectedValueOnce(new DOMException('Document is not focused.', 'NotAllowedError'));
    elapse(30_000);
    await settle();
    expect(writeText.mock.calls).toEqual([['hunter2!'], ['']]);
    fireEvent.focus(window);
    await settle();
    expect(writeText.mock.calls).toEqual([['hunter2!'], [''], ['']]);
    fireEvent.focus(window);
    await settle();
    expect(writeText).toHaveBeenCalledTimes(3);
  });

  it('shows a short error instead of the tick when copying fails', async () => {
    renderList({ entries: [github] });
    row();
    const writeText = stubClipboard(vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError'))));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy password for GitHub' }));
    await settle();
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(within(row()).getByText('Copy failed')).toBeInTheDocument();
    expect(within(row()).queryByText('Copied')).not.toBeInTheDocument();
    expect(within(row()).getByRole('status')).toHaveTextContent('Password could not be copied.');
    elapse(30_000);
    // Nothing was copied, so nothing is cleared.
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('fails cleanly where the browser has no clipboard API', async () => {
    renderList({ entries: [github] });
    row();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy username for GitHub' }));
    await settle();
    expect(within(row()).getByText('Copy failed')).toBeInTheDocument();
  });
});
