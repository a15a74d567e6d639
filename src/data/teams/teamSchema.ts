import * as z from 'zod/mini';
import { isTeamRole, type TeamRole } from '@keyloft/contract/teamPermissions';
import { isStoredCiphertext, type SealPurpose, type Sealed } from '../../crypto/sealed';
import type { StoredTeam } from './storedTeams';

/** A stored ciphertext of `P`: base64-shaped here; whether it opens is for the browser holding the key. */
const ciphertext = <P extends SealPurpose>() => z.custom<Sealed<P>>(isStoredCiphertext);

// teams/{teamId} as the team callables write it (docs/teams.md). One schema, read by the browser's
// repository and by the functions' decisions (ENGINEERING.md §9); fields it does not name are
// left out of what it returns.

const memberSchema = z.object({
  userId: z.string(),
  role: z.custom<TeamRole>(isTeamRole),
  joinedAt: z.number(),
  email: z.nullable(z.string()),
  encryptedTeamKey: z.nullable(ciphertext<'team-key-wrap'>()),
  needsTeamKey: z.boolean(),
  previousTeamKey: z.nullish(z.object({ keyVersion: z.int().check(z.minimum(1)), encryptedTeamKey: ciphertext<'team-key-wrap'>() })),
});

const pendingRotationSchema = z.object({
  keyVersion: z.int().check(z.minimum(2)),
  keyCheck: z.string(),
  sealedPreviousKey: ciphertext<'previous-team-key'>(),
  wraps: z.record(z.string(), ciphertext<'team-key-wrap'>()),
  proposedBy: z.string(),
  proposedAt: z.number(),
});

export const storedTeamSchema: z.ZodMiniType<StoredTeam> = z.object({
  name: z.string(),
  description: z.optional(z.string()),
  ownerId: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  memberIds: z.array(z.string()),
  members: z.record(z.string(), memberSchema),
  keyVersion: z.int().check(z.minimum(1)),
  // Teams made before key checks have neither field.
  keyCheck: z.nullish(z.string()),
  pendingRotation: z.nullish(pendingRotationSchema),
  rotationNeeded: z.boolean(),
  // Absent and null both mean that no rotation is under way.
  previousKey: z.pipe(
    z.nullish(z.object({ version: z.int().check(z.minimum(1)), sealed: ciphertext<'previous-team-key'>() })),
    z.transform((key) => key ?? null),
  ),
  deleting: z.boolean(),
  entryFormat: z.optional(z.literal(2)),
});
