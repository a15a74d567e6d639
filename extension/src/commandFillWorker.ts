// The fill shortcut and the context menu in the worker (docs/extension.md, "Filling by the shortcut
// and the context menu"): it reads the vault itself, as the popup does (the session's vault key in
// chrome.storage.session, the app's item service over Firestore Lite: ./session/), decides with
// ./commandFill.ts, and fills the one matching login through the same path as the popup's Fill
// (./startFill.ts, then the guard when the content script asks). Otherwise it fills nothing, sets
// the tab's badge and opens the popup where Chrome allows it. Team logins count as personal ones do.
import { appConfig } from '../../src/data/appConfig';
import { extensionFirebase } from '../../src/data/extension/extensionFirebase';
import { COMMAND_BADGES, decideCommandFill, type CommandAskReason, type CommandFillInput } from './commandFill';
import { firebaseSession } from './session/firebaseSession';
import type { ReadOnlyVault } from './session/readOnlyVault';
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

/** The session's state and, unlocked, the whole vault (personal and team) the decision is made on, which then opens the item. */
async function input(current: ExtensionSession): Promise<{ input: CommandFillInput; vault: ReadOnlyVault | null }> {
  const state = await current.state();
  if (state.screen !== 'unlocked') return { input: { screen: state.screen }, vault: null };
  const vault = await current.vault();
  return vault === null ? { input: { screen: 'locked' }, vault } : { input: { screen: 'unlocked', items: await vault.items() }, vault };
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
    const { input: read, vault } = await input(current);
    const decision = decideCommandFill(read, tab.url);
    if (decision.kind === 'ask') {
      await ask(tabId, decision.reason);
      return;
    }
    // The same vault that listed it: a team item opens with its team's key, read there.
    const opened = vault === null ? null : await vault.open(decision.item);
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
