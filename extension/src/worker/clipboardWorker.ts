import { CLIPBOARD_ALARM, planClear } from './clipboardClear';
import { CLEAR_CLIPBOARD, type Copied } from './sessionMessages';

// The worker's part of clearing the clipboard after the popup closed (docs/extension.md,
// "Copying"): a worker has no DOM and no clipboard, so when the alarm rings it opens the offscreen
// document (reason CLIPBOARD), asks it to clear, and closes it. The document exists only for that.

const OFFSCREEN_URL = 'offscreen.html';

export async function onCopied(copied: Copied): Promise<void> {
  const plan = planClear(copied, Date.now());
  if (plan.kind === 'cancel') await chrome.alarms.clear(CLIPBOARD_ALARM);
  else await chrome.alarms.create(CLIPBOARD_ALARM, { when: plan.when });
}

let clearing: Promise<void> | null = null;

async function clearThroughOffscreen(): Promise<void> {
  if (!(await chrome.offscreen.hasDocument())) {
    await chrome.offscreen.createDocument({
      url: OFFSCREEN_URL,
      reasons: [chrome.offscreen.Reason.CLIPBOARD],
      justification: 'Clear a password Keyloft copied, 30 seconds later, after its popup has closed.',
    });
  }
  try {
    const answer: unknown = await chrome.runtime.sendMessage(CLEAR_CLIPBOARD);
    if (answer !== true) console.warn('Keyloft: the clipboard could not be cleared');
  } finally {
    await chrome.offscreen.closeDocument();
  }
}

export function clearClipboardNow(): Promise<void> {
  // One at a time: a second ring while the document is open would try to create it again.
  clearing ??= clearThroughOffscreen().finally(() => {
    clearing = null;
  });
  return clearing;
}
