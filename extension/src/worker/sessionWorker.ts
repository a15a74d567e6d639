import { classifySender } from '../fillGuard';
import { CLIPBOARD_ALARM } from './clipboardClear';
import { clearClipboardNow, onCopied } from './clipboardWorker';
import { installAutoLock, noteActivity } from './autoLockWorker';
import { installExternalLock } from './externalLockWorker';
import { parseActive, parseCopied } from './sessionMessages';

// The worker's session duties (docs/extension.md, "Session", "Copying"), apart from the fill path
// in background.ts: clearing the clipboard after the popup closed, the auto-lock, locking with the
// web vault.

export function installSessionWorker(): void {
  chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
    if (classifySender(sender, chrome.runtime.id)?.kind !== 'extension-page') return false;
    if (parseActive(raw) !== null) {
      noteActivity(Date.now()).then(
        () => { sendResponse(true); },
        (error: unknown) => {
          console.warn('Keyloft: could not move the auto-lock on', error);
          sendResponse(false);
        },
      );
      return true;
    }
    const copied = parseCopied(raw);
    if (copied === null) return false;
    // A copy is a use of the popup too.
    Promise.all([onCopied(copied), noteActivity(Date.now())]).then(
      () => { sendResponse(true); },
      (error: unknown) => {
        console.warn('Keyloft: could not plan the clipboard clear', error);
        sendResponse(false);
      },
    );
    return true;
  });

  installAutoLock();
  installExternalLock();
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === CLIPBOARD_ALARM) {
      clearClipboardNow().catch((error: unknown) => {
        console.warn('Keyloft: the clipboard could not be cleared', error);
      });
    }
  });
}
