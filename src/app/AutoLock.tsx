import { useEffect } from 'react';
import { extensionId, openExtensionConnection } from '../data/extensionConnection';
import { linkExtension } from '../session/extensionLink';
import { useSessionStore } from '../session/SessionContext';
import type { TabChannel } from '../session/tabChannel';
import { useAutoLock } from '../session/useAutoLock';
import { useTabLink } from '../session/useTabLink';
import { useAppServices } from './AppServices';

/**
 * Locks an open vault after the user's idle limit (and on hide, if chosen), and every tab of this
 * browser with it: a lock or logout in one tab locks the others (unlocking stays per tab), and the
 * extension locks with them.
 * `openChannel` is the line between tabs: the origin's BroadcastChannel unless a test hands in
 * another (keep it stable: a new function opens a new channel).
 */
export function AutoLock({ openChannel }: { openChannel?: () => TabChannel }) {
  const { autoLock } = useAppServices();
  const store = useSessionStore();
  const tabs = useTabLink(store, openChannel);
  useAutoLock(store, autoLock, tabs);
  // And the browser extension, when it is installed (docs/extension.md, "Locking with the web vault").
  useEffect(() => {
    const id = extensionId(import.meta.env);
    return linkExtension(store, autoLock, (handlers) => openExtensionConnection(id, handlers));
  }, [store, autoLock]);
  return null;
}
