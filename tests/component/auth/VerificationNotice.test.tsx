import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VerificationNotice } from '../../../src/features/auth';
import { verificationNoticeKey } from '../../../src/features/auth/verificationNotice/noticeMemory';
import { MemoryStorage } from '../../support/memoryStorage';

const UID = 'notice-user';

function renderNotice(storage: MemoryStorage, options: { sentNow?: boolean; emailVerified?: boolean; checkVerified?: () => Promise<boolean> } = {}) {
  return render(
    <VerificationNotice
      uid={UID}
      sentNow={options.sentNow ?? true}
      emailVerified={options.emailVerified ?? false}
      checkVerified={options.checkVerified ?? (() => Promise.resolve(false))}
      storage={storage}
    />,
  );
}

describe("the sign-up's 'Verification email sent!' notice (issue #43, item 4)", () => {
  it('is dismissed with its Dismiss button and stays dismissed when the screen mounts again', async () => {
    const storage = new MemoryStorage();
    const user = userEvent.setup();
    const first = renderNotice(storage);
    const notice = screen.getByRole('region', { name: 'Email verification' });
    expect(notice).toHaveTextContent('Verification email sent!');
    expect(screen.getByRole('status')).toHaveTextContent('Verification email sent!');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Verification email sent!')).not.toBeInTheDocument();
    first.unmount();
    // A reload keeps the navigation state that brought the notice: it must not bring it back.
    renderNotice(storage, { sentNow: true });
    expect(screen.queryByText('Verification email sent!')).not.toBeInTheDocument();
    // What is kept holds no secret: the account's id in the key and one word.
    expect([...storage.items]).toEqual([[verificationNoticeKey(UID), 'dismissed']]);
  });

  it('comes back after a reload that no longer carries the notice, until dismissed or verified', () => {
    const storage = new MemoryStorage();
    renderNotice(storage).unmount();
    renderNotice(storage, { sentNow: false });
    expect(screen.getByText('Verification email sent!')).toBeInTheDocument();
  });

  it('is not shown for an address already verified, and nothing is kept for it', () => {
    const storage = new MemoryStorage();
    storage.setItem(verificationNoticeKey(UID), 'sent');
    renderNotice(storage, { emailVerified: true });
    expect(screen.queryByText('Verification email sent!')).not.toBeInTheDocument();
    expect(storage.items.size).toBe(0);
  });

  it('goes once the address is verified, checked when the user comes back to the tab', async () => {
    const storage = new MemoryStorage();
    let verified = false;
    const checkVerified = vi.fn(() => Promise.resolve(verified));
    renderNotice(storage, { checkVerified });
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => {
      expect(checkVerified).toHaveBeenCalledTimes(1);
    });
    expect(screen.getByText('Verification email sent!')).toBeInTheDocument();
    verified = true;
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => {
      expect(screen.queryByText('Verification email sent!')).not.toBeInTheDocument();
    });
    expect(storage.items.size).toBe(0);
  });

  it('is not shown to an account that never had the email sent in this browser', () => {
    renderNotice(new MemoryStorage(), { sentNow: false });
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });
});
