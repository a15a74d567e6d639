// The content script. It is never declared in the manifest, so it runs on no page by itself:
// the service worker injects it into a frame only after the user asks for a fill there
// (docs/extension.md). It draws nothing in the page and reads no field before that.
import { FILL_REQUEST } from './messages';

// The answer names the chosen item or no fill. Filling the fields arrives with the item model
// (issue #45, Build 4); until then the worker has no chosen item and always answers no-fill.
void chrome.runtime.sendMessage(FILL_REQUEST);
