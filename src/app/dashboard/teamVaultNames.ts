import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { VaultNames } from '../../features/activity';
import { VaultSessionsContext, type VaultState } from '../../features/vault';

// What the activity log may name (issue #24): the titles of the entries and the names of the groups
// this user has decrypted in the team's open vault session, nothing it does not hold. An entry
// whose secret parts could not be opened is not named: its title may be a ciphertext.

const NO_NAMES: VaultNames = { entryTitle: () => null, groupName: () => null };

export function namesOf(state: VaultState | null): VaultNames {
  if (state === null) return NO_NAMES;
  const titles = new Map(state.entries.filter((entry) => !entry.undecryptable).map((entry) => [entry.id, entry.title]));
  const groups = new Map(state.groups.map((group) => [group.id, group.name]));
  return { entryTitle: (id) => titles.get(id) ?? null, groupName: (id) => groups.get(id) ?? null };
}

const ignore = () => () => undefined;

/** The names of team `teamId`'s open vault, kept up to date as it loads and changes. */
export function useTeamVaultNames(teamId: string): VaultNames {
  const sessions = useContext(VaultSessionsContext);
  // The registry tells of a session opened while a screen renders (useVaultSession makes it in
  // render): heard after that render, never as an update of this component during another's.
  const subscribeSessions = useCallback(
    (changed: () => void) => {
      if (sessions === null) return () => undefined;
      let active = true;
      const stop = sessions.subscribe(() => {
        queueMicrotask(() => {
          if (active) changed();
        });
      });
      return () => {
        active = false;
        stop();
      };
    },
    [sessions],
  );
  const session = useSyncExternalStore(subscribeSessions, () => sessions?.teamSession(teamId) ?? null);
  const subscribeSession = useCallback((changed: () => void) => session?.subscribe(changed) ?? (() => undefined), [session]);
  const state = useSyncExternalStore(session === null ? ignore : subscribeSession, () => session?.state ?? null);
  return useMemo(() => namesOf(state), [state]);
}
