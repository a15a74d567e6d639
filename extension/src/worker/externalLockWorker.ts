import { EXTERNAL_LOCK, isWebVaultSender, parseExternalMessage } from './externalLock';
import { followIdleMinutes, lockNow } from './autoLockWorker';

// The worker's side of locking with the web vault (docs/extension.md, "Locking with the web
// vault"). The manifest lets only the web vault's origins connect (externally_connectable); the
// worker checks the sender's origin again, and acts on two exact messages: lock, and the user's
// auto-lock choice. When the extension locks, by whatever way (Lock, auto-lock, the screen locking:
// the key leaves chrome.storage.session), every connected web vault is told to lock.

declare const __WEB_VAULT_ORIGINS__: readonly string[];

const VAULT_KEY = 'keyloft.vaultKey';
const PORT_NAME = 'keyloft/web-vault';
const ports = new Set<chrome.runtime.Port>();

function onPortMessage(raw: unknown): void {
  const message = parseExternalMessage(raw);
  if (message === null) return;
  const done = message.kind === 'keyloft/lock' ? lockNow() : followIdleMinutes(message.idleMinutes, Date.now());
  done.catch((error: unknown) => {
    console.warn('Keyloft: the web vault\'s message could not be applied', error);
  });
}

export function installExternalLock(): void {
  chrome.runtime.onConnectExternal.addListener((port) => {
    if (port.name !== PORT_NAME || port.sender === undefined || !isWebVaultSender(port.sender, __WEB_VAULT_ORIGINS__)) {
      port.disconnect();
      return;
    }
    ports.add(port);
    port.onMessage.addListener(onPortMessage);
    port.onDisconnect.addListener(() => {
      ports.delete(port);
    });
  });
  // No chrome.runtime.onMessageExternal listener: the one-off channel reaches nothing.

  chrome.storage.onChanged.addListener((changes, area) => {
    const change = changes[VAULT_KEY];
    if (area !== 'session' || change === undefined || change.oldValue === undefined || change.newValue !== undefined) return;
    for (const port of ports) {
      try {
        port.postMessage(EXTERNAL_LOCK);
      } catch {
        ports.delete(port);
      }
    }
  });
}
