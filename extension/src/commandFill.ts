import { itemsForTab } from './tabItems';
import type { VaultItem } from './vaultItems';

// What the fill shortcut (Ctrl+Shift+L) and the context menu's "Fill login with Keyloft" do
// (docs/extension.md, "Filling by the shortcut and the context menu"), decided apart from Chrome
// and Firebase. The user asked for a fill on this tab without choosing a login: exactly one login,
// personal or of a team, whose URL matches the page by its own rule is filled; in every other case nothing is filled and
// the popup (or the badge) asks the user to choose.

export type CommandFillInput =
  | { readonly screen: 'signed-out' | 'locked' }
  | { readonly screen: 'unlocked'; readonly items: readonly VaultItem[] };

export type CommandAskReason = 'signed-out' | 'locked' | 'no-page' | 'no-login' | 'several-logins';

export type CommandFillDecision =
  | { readonly kind: 'fill'; readonly item: VaultItem }
  | { readonly kind: 'ask'; readonly reason: CommandAskReason };

/** `pageUrl` is the tab's URL as Chrome gives it under the user's grant (undefined without one). */
export function decideCommandFill(input: CommandFillInput, pageUrl: string | undefined): CommandFillDecision {
  if (input.screen !== 'unlocked') return { kind: 'ask', reason: input.screen };
  if (pageUrl === undefined || !/^https?:/i.test(pageUrl)) return { kind: 'ask', reason: 'no-page' };
  const { matching } = itemsForTab(input.items, pageUrl);
  const [only] = matching;
  if (only === undefined) return { kind: 'ask', reason: 'no-login' };
  if (matching.length > 1) return { kind: 'ask', reason: 'several-logins' };
  return { kind: 'fill', item: only };
}

/** The toolbar badge for a request that filled nothing: short text, and the reason as its tooltip. */
export const COMMAND_BADGES: Readonly<Record<CommandAskReason | 'failed', { readonly text: string; readonly title: string }>> = {
  'signed-out': { text: '!', title: 'Keyloft: sign in to fill this page.' },
  locked: { text: '!', title: 'Keyloft is locked: unlock it to fill this page.' },
  'no-page': { text: '!', title: 'Keyloft cannot fill this page.' },
  'no-login': { text: '0', title: 'Keyloft: no login saved for this page.' },
  'several-logins': { text: '?', title: 'Keyloft: several logins match this page. Open Keyloft to choose one.' },
  failed: { text: '!', title: 'Keyloft could not fill this page.' },
};
