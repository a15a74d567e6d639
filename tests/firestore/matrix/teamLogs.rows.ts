// teamLogs/{teamId}: { teamId, ownerUid, deletedAt }, written by deleteTeam with the Admin SDK in
// the transaction that deletes the team (docs/audit-log.md, "A deleted team's log"). Its former
// owner alone gets it; nobody lists, creates, changes or deletes one.
import { ADMIN, DENY_ALL, OWNER, allowOnly, type CollectionTable } from './table';

const GONE = 'team-deleted';
const LOG = `teamLogs/${GONE}`;

const teamLog = (ownerUid: string = OWNER) => ({ teamId: GONE, ownerUid, deletedAt: new Date(1_000) });

export const teamLogsTable: CollectionTable = {
  collection: 'teamLogs',
  seed: () => ({ [LOG]: teamLog() }),
  access: [
    { op: 'get', what: 'the log of a team the owner deleted', path: LOG, expect: allowOnly('owner') },
    { op: 'list', what: 'every deleted team’s log', path: 'teamLogs', expect: DENY_ALL },
    { op: 'list', what: 'the logs naming the owner', path: 'teamLogs', where: [['ownerUid', '==', OWNER]], expect: allowOnly('owner') },
    { op: 'create', what: 'a log naming oneself the former owner', path: `teamLogs/other-team`, data: () => teamLog(OWNER), expect: DENY_ALL },
    { op: 'update', what: 'the former owner named', path: LOG, data: () => ({ ownerUid: ADMIN }), expect: DENY_ALL },
    { op: 'delete', what: 'a deleted team’s log', path: LOG, expect: DENY_ALL },
  ],
  malformed: [],
};
