// A one-line message carried in navigation state to the next screen ('Verification email sent!',
// 'Successfully joined the team!'), read back only if it has the right shape.

export interface NavigationNotice {
  readonly notice: string;
}

export function noticeState(notice: string): NavigationNotice {
  return { notice };
}

export function parseNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const notice: unknown = state.notice;
  return typeof notice === 'string' && notice.trim() !== '' ? notice : null;
}

/** A notice, and the team the dashboard opens ('View Passwords') when it arrives. */
export interface OpenTeamNotice extends NavigationNotice {
  readonly openTeamId: string;
}

export function openTeamState(notice: string, teamId: string): OpenTeamNotice {
  return { notice, openTeamId: teamId };
}

/** The team to open from navigation state, or null. */
export function parseOpenTeam(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('openTeamId' in state)) return null;
  const teamId: unknown = state.openTeamId;
  return typeof teamId === 'string' && teamId !== '' ? teamId : null;
}
