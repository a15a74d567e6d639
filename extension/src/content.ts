// The content script. It is never declared in the manifest, so it runs on no page by itself:
// the service worker injects it into the one frame the user chose, only after they asked for a
// fill there (docs/extension.md). It draws nothing in the page, and reads no field value.
import { fillField } from './fillFields';
import { findLoginFields } from './loginFields';
import { FILL_REQUEST, type FillAnswer } from './messages';

void chrome.runtime.sendMessage(FILL_REQUEST).then((answer: FillAnswer | undefined) => {
  if (answer?.kind !== 'keyloft/fill') return;
  const { username, password, otp } = findLoginFields(document, window);
  // Each field is checked again as it is filled: filling one may make the page change the next.
  if (username !== null) fillField(username, answer.username, window, document);
  if (password !== null) fillField(password, answer.password, window, document);
  if (otp !== null && answer.otp !== null) fillField(otp, answer.otp, window, document);
});
