// Acting on an entry of the password list: its row selects it, and its fields, copy, show, Edit
// and Delete are in the item pane beside the list (src/features/vault/list).
import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The item pane showing `title` (its heading), for `within`. */
export function paneOf(title: string): HTMLElement {
  const pane = screen.getByRole('heading', { name: title }).closest('section');
  if (pane === null) throw new Error(`No item pane shows ${title}`);
  return pane;
}

/**
 * Selects the entry `title` by its row (with `user`, or a plain click under fake timers) and
 * returns its pane.
 */
export async function openItem(title: string, user?: UserEvent): Promise<HTMLElement> {
  const row = await screen.findByRole('button', { name: title });
  if (user === undefined) fireEvent.click(row);
  else await user.click(row);
  return paneOf(title);
}

/** openItem without waiting, for tests on fake timers: the row must be on screen. */
export function openItemNow(title: string): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: title }));
  return paneOf(title);
}
