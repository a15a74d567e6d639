import { startTransition, useEffect, useState } from 'react';
import type { VaultSession, VaultState } from './vaultSession';

/**
 * What several vault sessions hold, for the sidebar's counts and the All items list: one state per
 * session, in order, followed as they change, rendered as a transition (a large list in slices,
 * as useVaultState does).
 */
export function useSessionStates(sessions: readonly VaultSession[]): readonly VaultState[] {
  const [states, setStates] = useState(() => sessions.map((session) => session.state));
  useEffect(() => {
    const update = () => {
      setStates((current) => {
        const next = sessions.map((session) => session.state);
        return next.length === current.length && next.every((state, index) => state === current[index]) ? current : next;
      });
    };
    const read = () => {
      startTransition(update);
    };
    update();
    const stops = sessions.map((session) => session.subscribe(read));
    return () => {
      for (const stop of stops) stop();
    };
  }, [sessions]);
  return states.length === sessions.length ? states : sessions.map((session) => session.state);
}

