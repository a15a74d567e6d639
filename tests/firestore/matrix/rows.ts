// Every collection the rules know of, and the ones they keep shut. A new collection adds its rows
// file here; the runner (matrix.test.ts) takes it from there.
import { closedTable } from './closed.rows';
import { groupsTable } from './groups.rows';
import { invitationsTable } from './invitations.rows';
import { knownKeyRecordsTable, knownKeysTable } from './knownKeys.rows';
import { memberKeysTable } from './memberKeys.rows';
import { passkeysTable } from './passkeys.rows';
import { passwordsTable } from './passwords.rows';
import { publicKeysTable } from './publicKeys.rows';
import { removalWindowTable } from './removalWindow.rows';
import { sealedPasswordsTable } from './sealedPasswords.rows';
import type { CollectionTable } from './table';
import { teamEventsTable } from './teamEvents.rows';
import { teamGroupsTable } from './teamGroups.rows';
import { teamLogsTable } from './teamLogs.rows';
import { teamPasswordsTable } from './teamPasswords.rows';
import { teamsTable } from './teams.rows';
import { usersTable } from './users.rows';

/**
 * Shut to clients: the rate limits, pending email changes, Stripe customer ids, applied Stripe
 * webhook events and deleted accounts' tombstones are the server's; `anything` stands for every
 * other path.
 */
export const CLOSED = ['rateLimits', 'emailChanges', 'billingCustomers', 'stripeEvents', 'deletedAccounts', 'anything'] as const;

export const TABLES: readonly CollectionTable[] = [
  usersTable,
  passkeysTable,
  passwordsTable,
  groupsTable,
  teamsTable,
  teamPasswordsTable,
  sealedPasswordsTable,
  teamGroupsTable,
  removalWindowTable,
  teamEventsTable,
  publicKeysTable,
  knownKeysTable,
  knownKeyRecordsTable,
  memberKeysTable,
  invitationsTable,
  teamLogsTable,
  ...CLOSED.map(closedTable),
];
