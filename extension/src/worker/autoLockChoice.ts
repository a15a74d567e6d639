import { DEFAULT_AUTO_LOCK } from '../../../src/session/autoLock';
import type { SessionArea } from '../session/vaultKeyStore';
import { isIdleMinuteChoice } from './externalLock';

// The idle time the extension's auto-lock follows (docs/extension.md, "Auto-lock"): the web vault's
// user's choice, as the web vault last sent it (./externalLockWorker.ts), kept in
// chrome.storage.session beside the key (a setting, not a secret; cleared with the browser's
// session, as the key is), or the web vault's default until it has sent one.

const IDLE_MINUTES_KEY = 'keyloft.autoLockMinutes';

export async function keepIdleMinutes(area: SessionArea, idleMinutes: number): Promise<void> {
  if (!isIdleMinuteChoice(idleMinutes)) throw new Error(`Not an auto-lock choice: ${String(idleMinutes)}`);
  await area.set({ [IDLE_MINUTES_KEY]: idleMinutes });
}

/** The kept choice, or the default for none or anything that is not one of the choices. */
export async function keptIdleMinutes(area: SessionArea): Promise<number> {
  const found: unknown = (await area.get(IDLE_MINUTES_KEY))[IDLE_MINUTES_KEY];
  return isIdleMinuteChoice(found) ? found : DEFAULT_AUTO_LOCK.idleMinutes;
}
