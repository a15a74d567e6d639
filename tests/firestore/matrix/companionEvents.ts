// Issue #24: a team entry's, group's or details' write is allowed only beside its activity-log
// event, in the same batch (firestore.rules, "Team activity log"). The matrix writes each such row
// with the event a well-behaved client would add, so a row still tests what it names (a role, a
// field, a revision); rows marked `noEvent` test the write alone, and auditEventRules.test.ts the
// events themselves.
import { deleteDoc, deleteField, doc, serverTimestamp, setDoc, updateDoc, writeBatch, type DocumentData, type Firestore } from 'firebase/firestore';
import { writeEventId } from '../../../src/domain/auditEvents';
import { IDENTITIES, type Actor, type Seed } from './table';

export interface CompanionEvent {
  readonly path: string;
  readonly data: DocumentData;
}

export interface Writer {
  readonly uid: string;
  readonly email: string;
}

const isId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value);

/** What a field becomes after an updateDoc of `change` (deleteField() removes it). */
function after(change: DocumentData, field: string, before: DocumentData | undefined, replace: boolean): unknown {
  if (field in change) return change[field] === deleteField() || isDeleteSentinel(change[field]) ? undefined : change[field];
  return replace ? undefined : before?.[field];
}

function isDeleteSentinel(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'isEqual' in value && (value as { isEqual: (other: unknown) => boolean }).isEqual(deleteField());
}

function teamDetailsEvents(teamId: string, change: DocumentData, before: DocumentData | undefined, replace: boolean, writer: Writer): CompanionEvent[] {
  const updatedAt: unknown = change.updatedAt;
  if (typeof updatedAt !== 'number' || before === undefined) return [];
  const events: CompanionEvent[] = [];
  const base = { teamId, actor: { uid: writer.uid, email: writer.email }, at: serverTimestamp() };
  if (after(change, 'name', before, replace) !== before.name) {
    events.push({ path: `teams/${teamId}/events/team-${updatedAt}-name`, data: { kind: 'team.renamed', ...base } });
  }
  if (after(change, 'description', before, replace) !== before.description) {
    events.push({ path: `teams/${teamId}/events/team-${updatedAt}-description`, data: { kind: 'team.descriptionChanged', ...base } });
  }
  return events;
}

/**
 * The events a client adds to a write of `op` on `path` (`data`: what it writes; `before`: the
 * seeded document there). None for personal documents, or when the write gives no revision or team
 * to name the event by (such a write is refused anyway).
 */
export function companionEvents(
  op: 'create' | 'update' | 'delete',
  path: string,
  data: DocumentData | undefined,
  before: DocumentData | undefined,
  writer: Writer | null,
  replace = false,
): CompanionEvent[] {
  const [collectionName, id, ...rest] = path.split('/');
  if (writer === null || rest.length > 0 || id === undefined) return [];
  if (collectionName === 'teams') return op === 'update' && data !== undefined ? teamDetailsEvents(id, data, before, replace, writer) : [];
  if (collectionName !== 'passwords' && collectionName !== 'groups') return [];
  const teamId: unknown = op === 'create' ? data?.teamId : before?.teamId;
  if (!isId(teamId)) return [];
  const kind = collectionName === 'passwords' ? 'entry' : 'group';
  const named = kind === 'entry' ? { entryId: id } : { groupId: id };
  const base = { teamId, actor: { uid: writer.uid, email: writer.email }, at: serverTimestamp(), ...named };
  if (op === 'delete') return [{ path: `teams/${teamId}/events/${writeEventId(kind, id, 'deleted')}`, data: { kind: `${kind}.deleted`, ...base } }];
  const revision: unknown = data?.revision;
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 1) return [];
  const eventKind = op === 'create' ? `${kind}.created` : `${kind}.edited`;
  // Every part: never fewer than the write changed (the rules refuse an edit's event that leaves out a sealed part it changed).
  const parts = kind === 'entry' && op === 'update' ? { parts: ['overview', 'password', 'notes', 'details'] } : {};
  return [{ path: `teams/${teamId}/events/${writeEventId(kind, id, revision)}`, data: { kind: eventKind, ...base, ...parts } }];
}

/** A create of `path` with the events a client adds to it, in one batch (for rules tests outside the matrix). */
export function createWithEvents(db: Firestore, writer: Writer, path: string, data: DocumentData): Promise<void> {
  const batch = writeBatch(db);
  batch.set(doc(db, path), data);
  for (const event of companionEvents('create', path, data, undefined, writer)) batch.set(doc(db, event.path), event.data);
  return batch.commit();
}

/** The write, with the activity-log events a client adds to it (companionEvents.ts) in one batch when there are any. */
export function writeWithEvents(
  db: Firestore,
  op: 'create' | 'update' | 'delete',
  row: { readonly path: string; readonly replace?: boolean; readonly noEvent?: true },
  data: DocumentData | undefined,
  seed: Seed,
  actor: Actor,
): Promise<void> {
  const writer = actor === 'signedOut' || row.noEvent === true ? null : { uid: IDENTITIES[actor].uid, email: IDENTITIES[actor].claims.email ?? '' };
  const events = companionEvents(op, row.path, data, seed()[row.path], writer, row.replace === true);
  const ref = doc(db, row.path);
  if (events.length === 0) {
    if (op === 'delete') return deleteDoc(ref);
    if (data === undefined) throw new Error('a create or update row needs data');
    return op === 'create' || row.replace ? setDoc(ref, data) : updateDoc(ref, data);
  }
  const batch = writeBatch(db);
  if (op === 'delete') batch.delete(ref);
  else if (data === undefined) throw new Error('a create or update row needs data');
  else if (op === 'create' || row.replace) batch.set(ref, data);
  else batch.update(ref, data);
  for (const event of events) batch.set(doc(db, event.path), event.data);
  return batch.commit();
}
