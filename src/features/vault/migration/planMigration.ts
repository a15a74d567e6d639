import { canOnPasswords, type RoleOrNone } from '@keyloft/contract/teamPermissions';

// The sealed-entry migration's plan (issue #18 item 4, docs/crypto.md "Sealed entries"): which
// stored documents a client rewrites into the sealed format, in which batches, and when it must
// wait. Pure: the plan is made again from what is stored at every start, so a run interrupted at
// any write resumes by planning again (a document already sealed is simply not in the next plan).

/** What the planner needs of a stored entry or group. */
export interface StoredForMigration {
  readonly id: string;
  /** The stored format: 1 (or absent) for today's clear title, url and notes; 2 and up sealed. */
  readonly format: number | undefined;
  /** The team key version it is sealed under; null for a personal document or a group. */
  readonly keyVersion: number | null;
}

export type MigrationScope =
  | { readonly kind: 'personal' }
  /** `rotationPending`: the team's key is being rotated (previousKey or rotationNeeded set). */
  | { readonly kind: 'team'; readonly role: RoleOrNone; readonly keyVersion: number; readonly rotationPending: boolean };

export type MigrationPlan =
  | { readonly kind: 'done' }
  /** This user may not rewrite the team's entries (View Only, or not a member): someone who can edit will. */
  | { readonly kind: 'not-mine' }
  /** A rotation is re-encrypting the team: it runs first, the migration after, both on revisions. */
  | { readonly kind: 'wait-for-rotation' }
  | { readonly kind: 'migrate'; readonly batches: readonly (readonly string[])[]; readonly total: number };

/** Documents rewritten per batch: one transaction each, well under Firestore's 500 writes. */
export const MIGRATION_BATCH_SIZE = 100;

const SEALED_FORMAT = 2;

export function isSealed(document: Pick<StoredForMigration, 'format'>): boolean {
  return typeof document.format === 'number' && document.format >= SEALED_FORMAT;
}

/**
 * The plan for one vault (personal) or one team: the documents still in the old format, in their
 * stored order, in batches of MIGRATION_BATCH_SIZE. A team entry below the team's key version is
 * left to the rotation (and planned once the rotation has re-encrypted it).
 */
export function planMigration(scope: MigrationScope, documents: readonly StoredForMigration[], batchSize = MIGRATION_BATCH_SIZE): MigrationPlan {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError('A migration batch holds at least one document.');
  let pending = documents.filter((document) => !isSealed(document));
  if (pending.length === 0) return { kind: 'done' };
  if (scope.kind === 'team') {
    if (!canOnPasswords(scope.role, 'edit')) return { kind: 'not-mine' };
    if (scope.rotationPending) return { kind: 'wait-for-rotation' };
    // An entry below the team's key version is the rotation's to re-encrypt; sealing it here would
    // bind it to a key version it is not under.
    pending = pending.filter((document) => document.keyVersion === null || document.keyVersion === scope.keyVersion);
    if (pending.length === 0) return { kind: 'wait-for-rotation' };
  }
  const ids = pending.map((document) => document.id);
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += batchSize) batches.push(ids.slice(start, start + batchSize));
  return { kind: 'migrate', batches, total: ids.length };
}
