import { render } from '@testing-library/react';
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
    revision: 1,
    undecryptable: false,
    ...fields,
  };
}

export function makeEntries(count: number): PasswordEntry[] {
  return Array.from({ length: count }, (_, n) => makeEntry(String(n + 1), { title: `Account ${n + 1}` }));
}

export const GROUPS: readonly Group[] = [
  { id: 'g-work', name: 'Work', description: null, createdAt: CREATED, updatedAt: CREATED, revision: 1 },
  { id: 'g-home', name: 'Home', description: 'Family things', createdAt: CREATED, updatedAt: CREATED, revision: 1 },
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

export { deferred, settle, elapse } from '../../../support/async';
