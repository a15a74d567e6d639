// For screens that make no invitation call: every invitation callable rejects, so a test that
// reaches one by accident fails loudly instead of passing on a made-up reply.
import type { InvitationFunctions } from '../../src/data/invitations/storedInvitations';

export function unavailableInvitationFunctions(): InvitationFunctions {
  const unavailable = (name: string) => () => Promise.reject(new Error(`${name}: no invitation callables in this test`));
  return {
    inviteTeamMember: unavailable('inviteTeamMember'),
    sendInvitationEmailWithSecret: unavailable('sendInvitationEmailWithSecret'),
    lookupInvitation: unavailable('lookupInvitation'),
    acceptInvitation: unavailable('acceptInvitation'),
    declineInvitation: unavailable('declineInvitation'),
    cancelInvitation: unavailable('cancelInvitation'),
  };
}
