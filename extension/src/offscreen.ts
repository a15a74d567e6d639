import { parseClearClipboard } from './worker/sessionMessages';

// The offscreen document (reason CLIPBOARD): the worker opens it only to clear the clipboard after
// a copied password's 30 s, and closes it at once (docs/extension.md, "Copying"). It acts only on
// the worker's one message. An offscreen document is never focused, so navigator.clipboard (which
// needs focus) does not work here: execCommand('copy') does, writing '' through the copy event.

function clearClipboard(): boolean {
  // Chrome copies only with a selection: a one-character textarea is selected, and the copy event
  // puts '' on the clipboard in its place.
  const area = document.createElement('textarea');
  area.value = ' ';
  document.body.append(area);
  const onCopy = (event: ClipboardEvent) => {
    event.clipboardData?.setData('text/plain', '');
    event.preventDefault();
  };
  document.addEventListener('copy', onCopy);
  try {
    area.select();
    // Deprecated, and the one clipboard write Chrome allows a page that never has focus.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    return document.execCommand('copy');
  } finally {
    document.removeEventListener('copy', onCopy);
    area.remove();
  }
}

chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
  // Only the worker: its URL is the extension's own background.js.
  if (sender.id !== chrome.runtime.id || sender.url !== chrome.runtime.getURL('background.js')) return false;
  if (parseClearClipboard(raw) === null) return false;
  sendResponse(clearClipboard());
  return false;
});
