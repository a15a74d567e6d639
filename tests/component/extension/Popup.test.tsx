import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATE_REQUEST } from '../../../extension/src/messages';
import { Popup } from '../../../extension/src/popup/Popup';

// The popup asks the worker for its screen; here `chrome.runtime.sendMessage` answers as the
// worker would (the worker's own answer is checked in Chromium by tests/browser/extension/).
function worker(answer: () => Promise<unknown>) {
  const sendMessage = vi.fn(answer);
  vi.stubGlobal('chrome', { runtime: { sendMessage } });
  return sendMessage;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the extension popup', () => {
  it('asks the worker for the session and shows the signed-out screen, naming the project', async () => {
    const sendMessage = worker(() => Promise.resolve({ screen: 'signed-out' }));
    render(<Popup />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Keyloft' })).toBeInTheDocument();
    expect(screen.getByText(/^Project demo-keyloft on the local emulators/)).toBeInTheDocument();
    expect(sendMessage).toHaveBeenCalledExactlyOnceWith(STATE_REQUEST);
  });

  it('shows the locked screen with the account’s address', async () => {
    worker(() => Promise.resolve({ screen: 'locked', email: 'ana@example.test' }));
    render(<Popup />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Keyloft is locked' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.test')).toBeInTheDocument();
  });

  it('says so when the worker does not answer, rather than showing a screen', async () => {
    worker(() => Promise.resolve(undefined));
    render(<Popup />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not reach its background worker');
  });

  it('says so when the message fails', async () => {
    worker(() => Promise.reject(new Error('Could not establish connection. Receiving end does not exist.')));
    render(<Popup />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not reach its background worker');
  });
});
