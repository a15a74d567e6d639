import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { AuthUser } from '../../data/auth/authGateway';
import { PendingInvitationsButton, type MyInvitationsApi } from '../../features/invitations';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LinkButton } from '../../ui/LinkButton';

const PROVIDER_LABELS: Readonly<Record<AuthUser['provider'], string>> = {
  password: 'Email and password',
  google: 'Google',
  microsoft: 'Microsoft',
  github: 'GitHub',
  unknown: 'Unknown',
};

export interface DashboardHeaderProps {
  readonly user: AuthUser;
  readonly onLogout: () => void;
  readonly loggingOut: boolean;
  /** The user's pending invitations; null until the data layer is there. */
  readonly invitations: MyInvitationsApi | null;
  /** An invitation was accepted from the Team Invitations modal. */
  readonly onJoined: () => void;
}

/**
 * The signed-in header (SPEC.md §2 "Dashboard"): dashboard, pending invitations, billing, account
 * settings (the account information until the settings issue adds its actions), logout.
 */
export function DashboardHeader({ user, onLogout, loggingOut, invitations, onJoined }: DashboardHeaderProps) {
  const { pathname } = useLocation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <header className="dashboard-header">
      <Link to="/dashboard" className="dashboard-header__brand">
        Keyloft
      </Link>
      <nav aria-label="Account" className="dashboard-header__nav">
        <LinkButton to="/dashboard" variant="ghost" size="sm" aria-current={pathname === '/dashboard' ? 'page' : undefined}>
          Dashboard
        </LinkButton>
        {invitations !== null && <PendingInvitationsButton api={invitations} onJoined={onJoined} />}
        {pathname !== '/billing' && (
          <LinkButton to="/billing" variant="ghost" size="sm">
            Billing
          </LinkButton>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setSettingsOpen(true);
          }}
        >
          Account Settings
        </Button>
        <Button variant="secondary" size="sm" onClick={onLogout} disabled={loggingOut}>
          {loggingOut ? 'Logging out…' : 'Log out'}
        </Button>
      </nav>
      <Dialog
        open={settingsOpen}
        onClose={() => {
          setSettingsOpen(false);
        }}
        title="Account Settings"
        size="sm"
      >
        <dl className="account-info">
          <dt>Email</dt>
          <dd>{user.email ?? '—'}</dd>
          <dt>Sign-in method</dt>
          <dd>{PROVIDER_LABELS[user.provider]}</dd>
          <dt>Email verified</dt>
          <dd>{user.emailVerified ? 'Yes' : 'Not yet'}</dd>
        </dl>
      </Dialog>
    </header>
  );
}
