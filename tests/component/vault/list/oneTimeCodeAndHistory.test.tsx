import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asStoredCiphertext } from '../../../../src/crypto';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { openItemNow, paneOf } from '../../../support/vaultList';
import { elapse, makeEntry, renderList, settle, stubClipboard } from './harness';

// Issue #23: the item pane's one-time code (live, with its countdown and Copy) and password history.
// The code's secret is RFC 6238's SHA-1 seed; its published codes at 1111111109 s and 1111111111 s
// are 07081804 and 14050471 (8 digits).

const LINK = 'otpauth://totp/GitHub:octocat?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=8&period=30';
const AT = 1111111109_000;

const withCode = makeEntry('gh', { title: 'GitHub', username: 'octocat', password: 'hunter2!', otp: LINK });

function pane(name = 'GitHub') {
  return screen.queryByRole('heading', { name }) === null ? openItemNow(name) : paneOf(name);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ItemPane: one-time code', () => {
  it('shows the current code and the seconds it has left, and the next code when the period turns', () => {
    vi.useFakeTimers({ now: AT });
    renderList({ entries: [withCode] });
    const item = pane();
    expect(within(item).getByText('0708 1804')).toBeInTheDocument();
    expect(within(item).getByText('1 s')).toBeInTheDocument();
    elapse(2_000);
    expect(within(item).getByText('1405 0471')).toBeInTheDocument();
    expect(within(item).getByText('29 s')).toBeInTheDocument();
  });

  it('copies the code of the moment, ticks for 2 s and clears the clipboard 30 s later', async () => {
    vi.useFakeTimers({ now: AT + 1_500 });
    renderList({ entries: [withCode] });
    const item = pane();
    const writeText = stubClipboard();
    fireEvent.click(within(item).getByRole('button', { name: 'Copy one-time code for GitHub' }));
    await settle();
    expect(writeText.mock.calls).toEqual([['14050471']]);
    expect(within(item).getByText('Copied')).toBeInTheDocument();
    expect(within(item).getByRole('status')).toHaveTextContent('One-time code copied. Clipboard clears in 30 s.');
    elapse(2_000);
    expect(within(item).queryByText('Copied')).not.toBeInTheDocument();
    elapse(28_000);
    await settle();
    expect(writeText.mock.calls).toEqual([['14050471'], ['']]);
  });

  it('a sealed entry marked as having a code offers Show and Copy, which open the details first', async () => {
    vi.useFakeTimers({ now: AT });
    const sealed = makeEntry('gh', {
      title: 'GitHub',
      password: '',
      sealed: true,
      hasOneTimeCode: true,
      sealedDetails: { sealed: asStoredCiphertext('entry-details', 'AAAA'), keyVersion: null },
    });
    const { otp: _link, ...openedFields } = withCode;
    const opened: PasswordEntry = { ...openedFields, otp: LINK };
    const onOpenDetails = vi.fn<(entry: PasswordEntry) => Promise<PasswordEntry>>(() => Promise.resolve(opened));
    const list = renderList({ entries: [sealed], onOpenDetails });
    const item = pane();
    expect(within(item).queryByText('0708 1804')).not.toBeInTheDocument();
    expect(onOpenDetails).not.toHaveBeenCalled();
    const writeText = stubClipboard();
    fireEvent.click(within(item).getByRole('button', { name: 'Copy one-time code for GitHub' }));
    await settle();
    expect(onOpenDetails).toHaveBeenCalledWith(sealed);
    expect(writeText).toHaveBeenCalledWith('07081804');
    fireEvent.click(within(item).getByRole('button', { name: 'Show one-time code for GitHub' }));
    await settle();
    expect(onOpenDetails).toHaveBeenCalledTimes(2);
    // The vault then holds the opened entry (vaultSession.withDetails): the pane shows the live code.
    list.rerender({ entries: [opened], onOpenDetails });
    expect(within(pane()).getByText('0708 1804')).toBeInTheDocument();
  });

  it('an entry without a code has no code row; a stored code that cannot be used says why', () => {
    renderList({ entries: [makeEntry('a', { title: 'Plain' }), makeEntry('b', { title: 'Odd', otp: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=7' })] });
    expect(within(pane('Plain')).queryByText('One-time code')).not.toBeInTheDocument();
    expect(within(pane('Odd')).getByText('This one-time code cannot be used: One-time codes of 6 or 8 digits are supported.')).toBeInTheDocument();
  });
});

describe('ItemPane: password history', () => {
  const history = [
    { password: 'second-old', replacedAt: Date.UTC(2026, 5, 2, 10, 0) },
    { password: 'first-old', replacedAt: Date.UTC(2025, 0, 1, 8, 0) },
  ];

  it('lists the earlier passwords newest first, masked, with when each was replaced; Show and Copy each', async () => {
    renderList({ entries: [makeEntry('gh', { title: 'GitHub', password: 'current', passwordHistory: history })] });
    const section = within(pane()).getByRole('region', { name: 'Password history for GitHub' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText(/Replaced/).querySelector('time')).toHaveAttribute('dateTime', new Date(history[0]!.replacedAt).toISOString());
    expect(within(section).queryByText('second-old')).not.toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Show earlier password 1 for GitHub' }));
    expect(within(items[0]!).getByText('second-old')).toBeInTheDocument();
    expect(within(section).queryByText('first-old')).not.toBeInTheDocument();

    const writeText = stubClipboard();
    vi.useFakeTimers();
    fireEvent.click(within(section).getByRole('button', { name: 'Copy earlier password 2 for GitHub' }));
    await settle();
    expect(writeText.mock.calls).toEqual([['first-old']]);
    expect(within(items[1]!).getByText('Copied')).toBeInTheDocument();
    expect(within(items[0]!).queryByText('Copied')).not.toBeInTheDocument();
    expect(within(pane()).getByRole('status')).toHaveTextContent('Earlier password copied. Clipboard clears in 30 s.');
    elapse(30_000);
    await settle();
    expect(writeText.mock.calls).toEqual([['first-old'], ['']]);
  });

  it('is not shown for an entry without one', () => {
    renderList({ entries: [makeEntry('gh', { title: 'GitHub' })] });
    expect(within(pane()).queryByRole('region', { name: /Password history/ })).not.toBeInTheDocument();
  });
});
