// The keys of the server state the signed-in screens share (docs/architecture.md, "Server state").
// One client holds one session's cache (ServerStateProvider), so keys name resources, not users.
// Keys nest: invalidating `teams()` marks the list, every team read and their invitations stale,
// which is what a membership change needs.

export const resourceKeys = {
  /** Everything read about teams: the list, each team and its pending invitations. */
  teams: () => ['teams'] as const,
  /** The signed-in user's teams, as both dashboard sections show them. */
  teamList: () => ['teams', 'list'] as const,
  /** One team as Manage Team Members shows it: members, roles, key holders, a pending rotation. */
  team: (teamId: string) => ['teams', 'one', teamId] as const,
  /** One team's pending invitations (owners and admins). */
  teamInvitations: (teamId: string) => ['teams', 'one', teamId, 'invitations'] as const,
  /** The team opened for its passwords: its key (and previous key) and the user's role in it. */
  teamAccess: (teamId: string) => ['teams', 'one', teamId, 'access'] as const,
  /** The teams the signed-in user deleted whose activity logs are kept (teamLogs; issue #24). */
  deletedTeamLogs: () => ['teams', 'deletedLogs'] as const,
  /** The invitations addressed to the signed-in user. */
  myInvitations: () => ['invitations', 'mine'] as const,
  /** The second factors enrolled on the signed-in account. */
  mfaFactors: () => ['mfa', 'factors'] as const,
  /** The signed-in user's record as the dashboard needs it: plan and public key. */
  account: () => ['account'] as const,
};

/** Writes whose progress more than one screen may show (useMutationState). */
export const mutationKeys = {
  /** An accept or decline of one of the signed-in user's invitations (Team Invitations). */
  answerInvitation: () => ['invitations', 'answer'] as const,
};
