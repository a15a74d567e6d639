import { storedInvitationSchema } from '../invitations/invitationSchema';
import type { StoredInvitation } from '../invitations/storedInvitations';
import type { StoredTeam } from '../teams/storedTeams';
import { storedTeamSchema } from '../teams/teamSchema';
import { storedPasskeySchema } from '../passkeys/passkeySchema';
import type { StoredPasskey } from '../passkeys/storedPasskeys';
import type { StoredUserRecord } from '../users/userRecord';
import { storedUserRecordSchema } from '../users/userRecordSchema';
import { storedGroupSchema, storedPasswordEntrySchema } from '../vault/entrySchemas';
import type { StoredGroup, StoredPasswordEntry } from '../vault/storedEntries';
import { readStored, type Data } from './fieldChecks';

// Each stored document as its repository reads it: through its schema, or a MalformedRecordError.

export { MalformedRecordError } from './fieldChecks';

export const passkeyFrom = (path: string, data: Data): StoredPasskey => readStored(path, storedPasskeySchema, data);
export const teamFrom = (path: string, data: Data): StoredTeam => readStored(path, storedTeamSchema, data);
export const invitationFrom = (path: string, data: Data): StoredInvitation => readStored(path, storedInvitationSchema, data);
export const userRecordFrom = (path: string, data: Data): StoredUserRecord => readStored(path, storedUserRecordSchema, data);
export const passwordEntryFrom = (path: string, data: Data): StoredPasswordEntry => readStored(path, storedPasswordEntrySchema, data);
export const groupFrom = (path: string, data: Data): StoredGroup => readStored(path, storedGroupSchema, data);
