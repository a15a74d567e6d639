import { MalformedRecordError } from '../malformedRecord';
import { readStored } from '../firestore/fieldChecks';
import type { LogEntry } from './auditLog';
import { auditEventSchema } from './auditEventSchema';

// One stored event as the viewer lists it. Nothing untyped leaves the data layer, and one event of
// the wrong shape (an older writer, a hand edit in the console) is listed as malformed rather than
// failing the page it is on.

/** A Firestore Timestamp of either SDK (full or lite): what `at` holds once the server wrote it. */
interface TimestampLike {
  toMillis(): number;
}

function isTimestamp(value: unknown): value is TimestampLike {
  return typeof value === 'object' && value !== null && typeof (value as Partial<TimestampLike>).toMillis === 'function';
}

/** The event `id` of team `teamId` as stored at `path`, with `at` in epoch ms; or what is wrong with it. */
export function auditEventFrom(path: string, teamId: string, id: string, data: unknown): LogEntry {
  const stamp = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).at : undefined;
  const at = isTimestamp(stamp) ? stamp.toMillis() : null;
  try {
    if (at === null) throw new MalformedRecordError(path, 'at');
    const event = readStored(path, auditEventSchema, data);
    // An event filed under another team's log is not this team's to show.
    if (event.teamId !== teamId) throw new MalformedRecordError(path, 'teamId');
    return { ...event, id, at };
  } catch (error) {
    if (!(error instanceof MalformedRecordError)) throw error;
    console.warn(error.message);
    return { id, malformed: error.problem, at };
  }
}
