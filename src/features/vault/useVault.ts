import { useCallback, useEffect, useState } from 'react';
import { validatePasswordDraft } from './form/validatePasswordDraft';
import type { Group, GroupDraft, PasswordDraft, PasswordEntry } from './model';
import {
  createGroup,
  deleteGroup,
  deletePassword,
  loadEntries,
  loadGroups,
  savePassword,
  updateGroup,
  type VaultDeps,
} from './vaultService';

export type LoadState =
  | { readonly status: 'loading'; readonly done: number; readonly total: number }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'ready' };

export const LOAD_FAILED = {
  passwords: 'Failed to load teams/passwords',
  groups: 'Failed to load groups',
} as const;

/** Orders as the repositories do (Firestore compares strings by code point). */
function byTitle(a: PasswordEntry, b: PasswordEntry): number {
  return a.title < b.title ? -1 : a.title > b.title ? 1 : 0;
}

function byName(a: Group, b: Group): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * A vault's state (personal or one team's) for a screen: load once, then keep the lists in step
 * with each change.
 */
export function useVault(deps: VaultDeps) {
  const [entries, setEntries] = useState<readonly PasswordEntry[]>([]);
  const [groups, setGroups] = useState<readonly Group[]>([]);
  const [load, setLoad] = useState<LoadState>({ status: 'loading', done: 0, total: 0 });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const groupsLoaded = loadGroups(deps).catch((error: unknown) => {
      console.error(LOAD_FAILED.groups, error);
      throw new Error(LOAD_FAILED.groups);
    });
    const entriesLoaded = loadEntries(deps, (done, total) => {
      if (current) setLoad({ status: 'loading', done, total });
    }).catch((error: unknown) => {
      console.error(LOAD_FAILED.passwords, error);
      throw new Error(LOAD_FAILED.passwords);
    });
    Promise.all([groupsLoaded, entriesLoaded]).then(
      ([loadedGroups, loadedEntries]) => {
        if (!current) return;
        setGroups(loadedGroups);
        setEntries(loadedEntries);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'failed', message: error instanceof Error ? error.message : LOAD_FAILED.passwords });
      },
    );
    return () => {
      current = false;
    };
  }, [deps, attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading', done: 0, total: 0 });
    setAttempt((count) => count + 1);
  }, []);

  const save = useCallback(
    async (draft: PasswordDraft, existing: PasswordEntry | null) => {
      const checked = validatePasswordDraft(draft);
      if (!checked.ok) throw new Error('The password form is incomplete');
      const saved = await savePassword(deps, checked.value, existing ?? undefined);
      setEntries((list) => [...list.filter((entry) => entry.id !== saved.id), saved].sort(byTitle));
    },
    [deps],
  );

  const remove = useCallback(
    async (entry: PasswordEntry) => {
      await deletePassword(deps, entry.id);
      setEntries((list) => list.filter((candidate) => candidate.id !== entry.id));
    },
    [deps],
  );

  const addGroup = useCallback(
    async (draft: GroupDraft) => {
      const created = await createGroup(deps, draft);
      setGroups((list) => [...list, created].sort(byName));
    },
    [deps],
  );

  const editGroup = useCallback(
    async (group: Group, draft: GroupDraft) => {
      const updated = await updateGroup(deps, group, draft);
      setGroups((list) => list.map((candidate) => (candidate.id === updated.id ? updated : candidate)).sort(byName));
    },
    [deps],
  );

  const removeGroup = useCallback(
    async (group: Group) => {
      await deleteGroup(deps, group.id);
      setGroups((list) => list.filter((candidate) => candidate.id !== group.id));
      setEntries((list) => list.map((entry) => (entry.groupId === group.id ? { ...entry, groupId: null } : entry)));
    },
    [deps],
  );

  return { entries, groups, load, retry, save, remove, addGroup, editGroup, removeGroup };
}

export type VaultController = ReturnType<typeof useVault>;
