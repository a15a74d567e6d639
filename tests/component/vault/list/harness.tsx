import { act, render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { PasswordList, type PasswordListProps } from '../../../../src/features/vault/list';
import type { Group, PasswordEntry } from '../../../../src/features/vault/model';

export const CREATED = Date.UTC(2025, 0, 15, 9, 30);
export const UPDATED = Date.UTC(2025, 5, 1, 17, 45);

export function makeEntry(id: string, fields: Partial<PasswordEntry> = {}): PasswordEntry {
  return {
    id,
    title: `Entry ${id}`,
    url: null,
    notes: null,
    username: `user${id}@example.com`,
    password: `pw-${id}`,
    groupId: null,
    createdAt: CREATED,
    updatedAt: UPDATED,
    undecryptable: false,
    ...fields,
  };
}

export function makeEntries(count: number): PasswordEntry[] {
  return Array.from({ length: count }, (_, n) => makeEntry(String(n + 1), { title: `Account ${n + 1}` }));
}

export const GROUPS: readonly Group[] = [
  { id: 'g-work', name: 'Work', description: null, createdAt: CREATED, updatedAt: CREATED },
  { id: 'g-home', name: 'Home', description: 'Family things', createdAt: CREATED, updatedAt: CREATED },
];

export interface ListHarness {
  onEdit: Mock<(entry: PasswordEntry) => void>;
  onDelete: Mock<(entry: PasswordEntry) => Promise<void>>;
  rerender: (props?: Partial<PasswordListProps>) => void;
  unmount: () => void;
}

export function renderList(props: Partial<PasswordListProps> = {}): ListHarness {
  const onEdit = vi.fn<(entry: PasswordEntry) => void>();
  const onDelete = vi.fn<(entry: PasswordEntry) => Promise<void>>(() => Promise.resolve());
  const base: PasswordListProps = {
    entries: [],
    groups: GROUPS,
    canEdit: true,
    canDelete: true,
    onEdit,
    onDelete,
    label: 'Personal passwords',
    ...props,
  };
  const view = render(<PasswordList {...base} />);
  return {
    onEdit,
    onDelete,
    rerender: (next = {}) => {
      view.rerender(<PasswordList {...base} {...next} />);
    },
    unmount: view.unmount,
  };
}

/** Replaces navigator.clipboard with a stub whose writeText the test controls. */
export function stubClipboard(writeText: Mock<(text: string) => Promise<void>> = vi.fn(() => Promise.resolve())) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/** A promise the test settles by hand, to hold a row in its deleting state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// Timing tests install vi.useFakeTimers() with nothing advancing on its own; Testing Library's
// async helpers wait on a real setTimeout and would hang then, so those tests use fireEvent with
// settle() and elapse().

/** Lets pending promises settle and React commit, without fake time passing. */
export async function settle() {
  await act(async () => {});
}

/** Moves fake time on by `ms`, committing what the timers cause. */
export function elapse(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
