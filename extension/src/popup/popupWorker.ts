import { ACTIVE, type Copied } from '../worker/sessionMessages';

// What the popup tells the worker about the session (docs/extension.md, "Messages"); a component
// test hands in a stand-in.

export interface PopupWorker {
  /** A copy was made: a secret is cleared from the clipboard 30 s later, even after the popup closed. */
  copied(secret: boolean): Promise<void>;
  /** The popup is in use, unlocked: the auto-lock's idle time starts again. */
  active(): Promise<void>;
}

export const chromePopupWorker: PopupWorker = {
  async copied(secret) {
    const message: Copied = { kind: 'keyloft/copied', v: 1, secret };
    await chrome.runtime.sendMessage(message);
  },
  async active() {
    await chrome.runtime.sendMessage(ACTIVE);
  },
};
