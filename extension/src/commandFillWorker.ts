// The fill shortcut and the context menu in the worker (docs/extension.md, "Filling by the shortcut
// and the context menu"): it reads the vault itself, as the popup does (the session's vault key in
// chrome.storage.session, the app's item service over Firestore Lite: ./session/), decides with
// ./commandFill.ts, and fills the one matching login through the same path as the popup's Fill
// (./startFill.ts, then the guard when the content script asks). Otherwise it fills nothing, sets
// the tab's badge and opens the popup where Chrome allows it.
import { appConfig } from '../../src/data/appConfig';
import { extensionFirebase } from '../../src/data/extension/extensionFirebase';
import { COMMAND_BADGES, decideCommandFill, type CommandAskReason, type CommandFillInput } from './commandFill';
import { firebaseSession } from './session/firebaseSession';
import type { ExtensionSession } from './session/session';
import { sessionArea } from './session/vaultKeyStore';
import { startFill } from './startFill';

export const FILL_MENU_ID = 'keyloft-fill-login';
export const FILL_MENU_TITLE = 'Fill login with Keyloft';

let session: ExtensionSession | null = null;
// Made on first use: a worker woken for a message from the popup never starts Firebase.
function workerSession(): ExtensionSession {
  session ??= firebaseSession(extensionFirebase(appConfig()), sessionArea());
  return session;
}

async function ask(tabId: number, reason: CommandAskReason | 'failed'): Promise<void> {
  const badge = COMMAND_BADGES[reason];
  await chrome.action.setBadgeText({ tabId, text: badge.text });
  await chrome.action.setTitle({ tabId, title: badge.title });
  // Chrome 127 and later open the popup on the user's gesture; older ones, or a window without a
  // toolbar, refuse, and the badge stays the answer.
  try {
    await chrome.action.openPopup();
  } catch {
    // the badge says it
  }
}

async function input(current: ExtensionSession): Promise<CommandFillInput> {
  const state = await current.state();
  if (state.screen !== 'unlocked') return { screen: state.screen };
  const vault = await current.vault();
  return vault === null ? { screen: 'locked' } : { screen: 'unlocked', items: await vault.items() };
}

/**
 * The user pressed the shortcut or chose the menu item on `tab`: Chrome has just granted
 * `activeTab` for it, so its URL is known and its frames of that origin can be scripted.
 */
export async function fillByCommand(tab: chrome.tabs.Tab): Promise<void> {
  const tabId = tab.id;
  if (tabId === undefined) return;
  try {
    const current = workerSession();
    const decision = decideCommandFill(await input(current), tab.url);
    if (decision.kind === 'ask') {
      await ask(tabId, decision.reason);
      return;
    }
    const vault = await current.vault();
    const opened = vault === null ? null : await vault.open(decision.item.entry);
    if (opened?.kind !== 'login') {
      await ask(tabId, 'locked');
      return;
    }
    const { urls, username, password, otp } = opened.fields;
    const answer = await startFill({ tabId, itemId: decision.item.entry.id, urls, username, password, otp });
    if (answer.kind === 'keyloft/fill-started') await chrome.action.setBadgeText({ tabId, text: '' });
    else await ask(tabId, 'failed');
  } catch (error) {
    console.warn('Keyloft: the fill by shortcut or menu failed', error);
    await ask(tabId, 'failed').catch(() => undefined);
  }
}
