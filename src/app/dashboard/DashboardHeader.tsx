import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { AuthUser } from '../../data/auth/authGateway';
import { PendingInvitationsButton, type MyInvitationsApi } from '../../features/invitations';
import { AccountSettingsDialog, type AccountActions } from '../../features/settings';
import type { AutoLockSettings } from '../../session/autoLock';
import { Button } from '../../ui/Button';
import { LinkButton } from '../../ui/LinkButton';

export interface DashboardHeaderProps {
  readonly user: AuthUser;
  readonly onLogout: () => void;
  readonly loggingOut: boolean;
  /** The user's pending invitations; null until the data layer is there. */
  readonly invitations: MyInvitationsApi | null;
  readonly planName: string | null;
  readonly autoLock: AutoLockSettings;
  readonly onAutoLockChange: (settings: AutoLockSettings) => void;
  readonly accountActions?: AccountActions;
}

/**
 * The signed-in header (SPEC.md §2 "Dashboard"): dashboard, pending invitations, billing, account
 * settings (the account information until the settings issue adds its actions), logout.
 */
export function DashboardHeader({
  user,
  onLogout,
  loggingOut,
  invitations,
  planName,
  autoLock,
  onAutoLockChange,
  accountActions,
}: DashboardHeaderProps) {
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
        {invitations !== null && <PendingInvitationsButton api={invitations} />}
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
      <AccountSettingsDialog
        open={settingsOpen}
        onClose={() => {
          setSettingsOpen(false);
        }}
        user={user}
        planName={planName}
        autoLock={autoLock}
        onAutoLockChange={onAutoLockChange}
        actions={accountActions}
      />
    </header>
  );
}
