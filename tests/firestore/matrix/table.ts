// The shape of the rules matrix (ENGINEERING.md §4, §6): one rows file per collection, one runner
// (matrix.test.ts). A collection the rules open later replaces its closed rows with its own file
// and adds it to TABLES in rows.ts; the runner does not change.
import type { DocumentData, WhereFilterOp } from 'firebase/firestore';
import type { TokenClaims } from '../rulesEnvironment';

export const OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * owner: the user the seeded documents belong to, and the owner of the seeded team; admin, full and
 * view: members of that team with those roles (to personal documents, just other users); other:
 * another signed-in user, in no team of the owner's; squatter: an account that registered the
 * address of an invitee without an account (zoe@example.com) and never verified it; former: the
 * invitee of invitations that were accepted, declined or expired; signedOut: no token.
 */
export const ACTORS = ['owner', 'admin', 'full', 'view', 'other', 'squatter', 'former', 'signedOut'] as const;
export type Actor = (typeof ACTORS)[number];
export type Outcome = 'allow' | 'deny';

/** Who each actor is: uid and ID-token claims. */
export const IDENTITIES: Readonly<Record<Exclude<Actor, 'signedOut'>, { uid: string; claims: TokenClaims }>> = {
  owner: { uid: 'alice', claims: { email: 'alice@example.com', provider: 'password' } },
  admin: { uid: 'carol', claims: { email: 'carol@example.com', provider: 'password' } },
  full: { uid: 'dave', claims: { email: 'dave@example.com', provider: 'google.com' } },
  view: { uid: 'erin', claims: { email: 'erin@example.com', provider: 'password' } },
  other: { uid: 'bob', claims: { email: 'bob@example.com', provider: 'password' } },
  squatter: { uid: 'mallory', claims: { email: 'zoe@example.com', provider: 'password', verified: false } },
  former: { uid: 'frank', claims: { email: 'frank@example.com', provider: 'password' } },
};
export const OWNER = IDENTITIES.owner.uid;
export const ADMIN = IDENTITIES.admin.uid;
export const FULL = IDENTITIES.full.uid;
export const VIEW = IDENTITIES.view.uid;
export const OTHER = IDENTITIES.other.uid;
export const SQUATTER = IDENTITIES.squatter.uid;
export const FORMER = IDENTITIES.former.uid;

/** Documents by path, written with the rules disabled. A function, so timestamps are fresh. */
export type Seed = () => Readonly<Record<string, DocumentData>>;

export interface AccessRow {
  readonly op: Operation;
  /** What the row tries, in words (the test name). */
  readonly what: string;
  /** A document path; for list, a collection path. */
  readonly path: string;
  /** create: the whole document; update: the changed fields (or the whole document with `replace`). */
  readonly data?: () => DocumentData;
  /** update: write the whole document with setDoc instead of changing fields with updateDoc. */
  readonly replace?: boolean;
  /** list: the query's equality and other filters; none lists the whole collection. */
  readonly where?: readonly (readonly [string, WhereFilterOp, unknown])[];
  /** Seeded instead of the table's seed (e.g. nothing at the path a create writes). */
  readonly seed?: Seed;
  /**
   * Written alone, without the activity-log event a client adds to a team document's write
   * (companionEvents.ts): for the rows that the rules must refuse for lacking it, or that need none
   * (a rotation's re-sealing).
   */
  readonly noEvent?: true;
  /** The outcome for each actor. The runner also proves the operation itself works with the rules off. */
  readonly expect: Readonly<Record<Actor, Outcome>>;
}

/**
 * A malformed write, paired with the well-formed write it spoils: the runner asserts the invalid
 * one is denied and then that the valid one, by the same actor on the same state, is allowed.
 */
export interface MalformedRow {
  readonly what: string;
  readonly op: 'create' | 'update';
  readonly path: string;
  readonly valid: () => DocumentData;
  readonly invalid: () => DocumentData;
  /** update: setDoc of the whole document rather than updateDoc of fields. */
  readonly replace?: boolean;
  /** Who writes; the owner unless told. */
  readonly actor?: Exclude<Actor, 'signedOut'>;
  readonly seed?: Seed;
}

export interface CollectionTable {
  readonly collection: string;
  readonly seed: Seed;
  readonly access: readonly AccessRow[];
  readonly malformed: readonly MalformedRow[];
}

export const ALLOW_OWNER_ONLY = { owner: 'allow', admin: 'deny', full: 'deny', view: 'deny', other: 'deny', squatter: 'deny', former: 'deny', signedOut: 'deny' } as const;
export const DENY_ALL = { owner: 'deny', admin: 'deny', full: 'deny', view: 'deny', other: 'deny', squatter: 'deny', former: 'deny', signedOut: 'deny' } as const;
export const ALLOW_SIGNED_IN = { owner: 'allow', admin: 'allow', full: 'allow', view: 'allow', other: 'allow', squatter: 'allow', former: 'allow', signedOut: 'deny' } as const;

/** Only `actor` is allowed. */
export function allowOnly(actor: Actor): Readonly<Record<Actor, Outcome>> {
  return Object.fromEntries(ACTORS.map((each) => [each, each === actor ? 'allow' : 'deny'])) as Record<Actor, Outcome>;
}

/** `base` with some fields replaced or (value undefined) removed. */
export function changed(base: DocumentData, changes: Readonly<Record<string, unknown>>): DocumentData {
  const kept = Object.entries(base).filter(([key]) => !(key in changes));
  const replaced = Object.entries(changes).filter(([, value]) => value !== undefined);
  return Object.fromEntries([...kept, ...replaced]);
}
