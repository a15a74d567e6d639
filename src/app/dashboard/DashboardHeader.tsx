import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { AuthUser } from '../../data/auth/authGateway';
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

/**
 * The signed-in header (SPEC.md §2 "Dashboard"). Pending invitations join it with the invitations
 * issue; account settings show the account information until the settings issue adds its actions.
 */
export function DashboardHeader({ user, onLogout, loggingOut }: { user: AuthUser; onLogout: () => void; loggingOut: boolean }) {
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
