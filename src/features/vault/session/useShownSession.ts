import { useEffect, useState } from 'react';
import type { VaultSession, VaultState } from './vaultSession';
import { vaultKey } from './vaultSessions';

/**
 * The session whose list a screen shows. When the screen's session gives way to another of the
 * same vault (a team's key rotated, or the user's role in it changed: sessionKey), the whole list
 * the old one holds stays on screen, and with it what the user opened, revealed, scrolled to or is
 * clicking, until the new one has read the vault through; its entries then replace the old ones
 * in place, and the item pane compares the versions (a password shown stays shown when the new
 * version holds the same one: list/ItemPane.tsx). Issue #42: keyed by key version, the team view
 * started afresh on a rotation and a Show under way was lost.
 */
export function useShownSession(session: VaultSession): VaultSession {
  const [shown, setShown] = useState(session);
  // The old session is stopped: its load stays where it was, so a whole list is kept, never a part.
  const carrying = shown !== session && vaultKey(shown.deps) === vaultKey(session.deps) && shown.state.load.status === 'ready';
  if (shown !== session && !carrying) setShown(session);
  useEffect(() => {
    if (!carrying) return undefined;
    // A failed read shows its failure at once; only a load under way keeps the old list.
    const whenRead = (state: VaultState) => {
      if (state.load.status !== 'loading') setShown(session);
    };
    whenRead(session.state);
    return session.subscribe(whenRead);
  }, [carrying, session]);
  return carrying ? shown : session;
}
