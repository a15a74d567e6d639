import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The open activity log's rows as [who, what], newest first (the When column left out). The
 * dialog's chunk loads on first open, and the first import is slow under test.
 */
export async function activityRows(): Promise<(string | null)[][]> {
  const table = await screen.findByRole('table', { name: 'Team activity, newest first' }, { timeout: 20_000 });
  expect(screen.getByRole('dialog', { name: 'Activity log' })).toContainElement(table);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
}
