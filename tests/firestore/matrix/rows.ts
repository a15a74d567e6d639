// Every collection the rules know of, and the ones they keep shut. A new collection adds its rows
// file here; the runner (matrix.test.ts) takes it from there.
import { closedTable } from './closed.rows';
import { groupsTable } from './groups.rows';
import { passwordsTable } from './passwords.rows';
import type { CollectionTable } from './table';
import { usersTable } from './users.rows';

/** Still closed: teams and invitations open with their issues; `anything` stands for every other path. */
export const CLOSED = ['teams', 'invitations', 'anything'] as const;

export const TABLES: readonly CollectionTable[] = [usersTable, passwordsTable, groupsTable, ...CLOSED.map(closedTable)];
