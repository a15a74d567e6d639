import { defaultMailer, type Mailer } from '../email';
import { appUrl } from '../params';
import { defaultTeamDeps, type TeamCallableDeps } from '../teams/deps';

// The I/O the invitation callables use, replaceable in tests.

export interface InvitationDeps extends Pick<TeamCallableDeps, 'db' | 'now' | 'accountByEmail'> {
  readonly mailer: () => Mailer;
  /** The APP_URL param (docs/email.md): where the email's link points. */
  readonly appUrl: () => string;
}

export function defaultInvitationDeps(): InvitationDeps {
  const { db, now, accountByEmail } = defaultTeamDeps();
  return { db, now, accountByEmail, mailer: defaultMailer, appUrl: () => appUrl.value() };
}
