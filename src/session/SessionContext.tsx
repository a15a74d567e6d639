import { createContext, useContext, type ReactNode } from 'react';
import { SIGNED_OUT, type SessionState } from './sessionState';

const SessionContext = createContext<SessionState>(SIGNED_OUT);

/**
 * Provides the session to the tree. Until sign-in is wired to the auth service nobody can be
 * signed in, so the app mounts it with the signed-out state; tests mount it with any state.
 */
export function SessionProvider({ state, children }: { state: SessionState; children: ReactNode }) {
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
