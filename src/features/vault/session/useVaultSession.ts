import { createContext, startTransition, useContext, useEffect, useMemo, useState } from 'react';
import type { VaultDeps } from '../vaultService';
import { VaultSession, type VaultState } from './vaultSession';
import type { VaultSessions } from './vaultSessions';

/** The unlocked session's open vaults; absent, a screen's vault lives only as long as the screen. */
export const VaultSessionsContext = createContext<VaultSessions | null>(null);

/**
 * The session of `deps`' scope: the shared one when a VaultSessions is provided (kept after the
 * screen goes), else the screen's own (stopped when it goes, as before issue #21).
 */
export function useVaultSession(deps: VaultDeps): VaultSession {
  const sessions = useContext(VaultSessionsContext);
  const session = useMemo(() => sessions?.sessionFor(deps) ?? new VaultSession(deps), [sessions, deps]);
  useEffect(() => {
    session.start();
    if (sessions !== null) return undefined;
    return () => {
      session.stop();
    };
  }, [session, sessions]);
  return session;
}

/**
 * What a session holds, for rendering: a load's pages render as a transition (React renders a
 * large page's rows in slices, giving the page the main thread between them: issue #18's browser
 * bench), everything else at once.
 */
export function useVaultState(session: VaultSession): VaultState {
  const [seen, setSeen] = useState(() => ({ session, state: session.state }));
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- catching up with the external store at subscribe time: a change between the first render and this subscription is not missed (and the same state is kept, so nothing re-renders)
    setSeen((current) => (current.session === session && current.state === session.state ? current : { session, state: session.state }));
    return session.subscribe((state, change) => {
      if (change === 'progress') {
        startTransition(() => {
          setSeen({ session, state });
        });
      } else {
        setSeen({ session, state });
      }
    });
  }, [session]);
  return seen.session === session ? seen.state : session.state;
}
