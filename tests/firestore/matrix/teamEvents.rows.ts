// teams/{teamId}/events/{eventId}: a team's activity log (issue #24, docs/audit-log.md). Owners and
// admins read it; an event is created only beside the write it records (companionEvents.ts adds
// one to each team write of the other tables; alone it is refused, whoever writes it); nobody
// changes or deletes one. A deleted team's log is the teamLogs table's.
import { serverTimestamp } from 'firebase/firestore';
import { writeEventId } from '../../../src/domain/auditEvents';
import { DENY_ALL, FULL, OWNER, type CollectionTable } from './table';
import { byRole, DELETING_TEAM, TEAM, teamEntry, teams } from './teamSeed';

const ENTRY = 'logged-entry';
const EVENT = `teams/${TEAM}/events/${writeEventId('entry', ENTRY, 1)}`;
const DELETING_EVENT = `teams/${DELETING_TEAM}/events/${writeEventId('entry', ENTRY, 1)}`;
const MANAGERS = byRole((role) => role === 'owner' || role === 'admin');

const event = (teamId: string, uid: string, overrides: Record<string, unknown> = {}) => ({
  kind: 'entry.created',
  teamId,
  actor: { uid, email: `${uid}@example.com` },
  at: new Date(1_000),
  entryId: ENTRY,
  ...overrides,
});

export const teamEventsTable: CollectionTable = {
  collection: 'team events',
  seed: () => ({
    ...teams(),
    [`passwords/${ENTRY}`]: teamEntry(TEAM, OWNER, 'Logged'),
    [EVENT]: event(TEAM, OWNER),
    [DELETING_EVENT]: event(DELETING_TEAM, OWNER),
  }),
  access: [
    { op: 'get', what: 'an event of the team', path: EVENT, expect: MANAGERS },
    { op: 'get', what: 'an event of a deleting team', path: DELETING_EVENT, expect: DENY_ALL },
    { op: 'list', what: 'the team’s log', path: `teams/${TEAM}/events`, expect: MANAGERS },
    { op: 'list', what: 'a deleting team’s log', path: `teams/${DELETING_TEAM}/events`, expect: DENY_ALL },
    {
      op: 'create',
      what: 'an event alone, naming an entry the batch does not write',
      path: `teams/${TEAM}/events/${writeEventId('entry', ENTRY, 2)}`,
      data: () => event(TEAM, FULL, { kind: 'entry.edited', parts: ['password'], at: serverTimestamp() }),
      expect: DENY_ALL,
    },
    {
      op: 'create',
      what: 'an event of a created entry that does not exist',
      path: `teams/${TEAM}/events/${writeEventId('entry', 'never-written', 1)}`,
      data: () => event(TEAM, OWNER, { entryId: 'never-written', at: serverTimestamp() }),
      expect: DENY_ALL,
    },
    { op: 'update', what: 'an event’s actor', path: EVENT, data: () => ({ actor: { uid: FULL, email: `${FULL}@example.com` } }), expect: DENY_ALL },
    { op: 'update', what: 'an event, replaced whole', path: EVENT, replace: true, data: () => event(TEAM, OWNER, { kind: 'entry.deleted' }), expect: DENY_ALL },
    { op: 'delete', what: 'an event of the team', path: EVENT, expect: DENY_ALL },
    { op: 'delete', what: 'an event of a deleting team', path: DELETING_EVENT, expect: DENY_ALL },
  ],
  malformed: [],
};
