// The deployed callable functions (SPEC.md §7), region us-central1. Each lives in its own module
// under src/ and is exported here by its spec name; the sign-in issue adds the first ones.
import { setGlobalOptions } from 'firebase-functions/v2';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

export { sendCustomEmailVerification } from './verification/sendCustomEmailVerification';
export { createTeam } from './teams/createTeam';
export { changeMemberRole } from './teams/changeMemberRole';
export { removeTeamMember } from './teams/removeTeamMember';
export { leaveTeam } from './teams/leaveTeam';
export { grantTeamKey } from './teams/grantTeamKey';
export { rotateTeamKey } from './teams/rotateTeamKey';
export { finishKeyRotation } from './teams/finishKeyRotation';
export { deleteTeam } from './teams/deleteTeam';
export { inviteTeamMember } from './invitations/inviteTeamMember';
export { sendInvitationEmailWithSecret } from './invitations/sendInvitationEmailWithSecret';
export { lookupInvitation } from './invitations/lookupInvitation';
export { acceptInvitation } from './invitations/acceptInvitation';
export { declineInvitation } from './invitations/declineInvitation';
export { deleteAccount } from './account/deleteAccount';
