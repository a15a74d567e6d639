import * as z from 'zod/mini';
import type { AuditEvent, EntryPart } from '@keyloft/contract/auditEvents';
import { TEAM_ROLES } from '@keyloft/contract/teamPermissions';

// teams/{teamId}/events/{eventId} as the entry writes and the callables store it
// (src/domain/auditEvents.ts), without `at`: its type differs between the SDKs, so the repository
// reads it apart (auditEventFrom). Fields the schema does not name are left out of what it returns.

const ENTRY_PARTS = ['overview', 'password', 'notes', 'details'] as const satisfies readonly EntryPart[];

const base = {
  teamId: z.string(),
  actor: z.object({ uid: z.string(), email: z.string() }),
};
const id = z.string().check(z.minLength(1));
const member = { memberUid: id, memberEmail: z.string() };

export const auditEventSchema: z.ZodMiniType<AuditEvent> = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.enum(['entry.created', 'entry.deleted']), entryId: id }),
  z.object({ ...base, kind: z.literal('entry.edited'), entryId: id, parts: z.array(z.enum(ENTRY_PARTS)) }),
  z.object({ ...base, kind: z.literal('entry.moved'), entryId: id, fromGroupId: z.nullable(z.string()), toGroupId: z.nullable(z.string()) }),
  z.object({ ...base, kind: z.enum(['group.created', 'group.edited', 'group.deleted']), groupId: id }),
  z.object({
    ...base,
    kind: z.enum(['invitation.sent', 'invitation.cancelled', 'invitation.accepted', 'invitation.declined', 'invitation.expired']),
    invitationId: id,
    email: z.string(),
  }),
  z.object({ ...base, kind: z.enum(['member.added', 'member.removed', 'member.left', 'member.keyGranted']), ...member }),
  z.object({ ...base, kind: z.literal('member.roleChanged'), ...member, from: z.enum(TEAM_ROLES), to: z.enum(TEAM_ROLES) }),
  z.object({ ...base, kind: z.enum(['rotation.started', 'rotation.finished']), keyVersion: z.int().check(z.minimum(1)) }),
  z.object({ ...base, kind: z.enum(['team.created', 'team.renamed', 'team.descriptionChanged', 'team.deleted']) }),
]);
