import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { pendingInvitationsLabel } from '@keyloft/contract/invitations';
import type { AuthUser } from '../../data/auth/authGateway';
import { PendingInvitationsButton, usePendingInvitations, type MyInvitationsApi } from '../../features/invitations';
import { Logo } from '../../ui/Logo';
import { AccountSettingsDialog, type AccountActions } from '../../features/settings';
import type { AutoLockSettings } from '../../session/autoLock';
import { Button } from '../../ui/Button';
import { MenuIcon, XIcon } from '../../ui/icons';
import { LinkButton } from '../../ui/LinkButton';

export const HEADER_TEXTS = { menu: 'Menu' } as const;

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
  /** Before the logo: the vault screen's drawer toggle, shown on a phone only (dashboard.css). */
  readonly vaultsToggle?: ReactNode;
}

/**
 * The signed-in header (SPEC.md §2 "Dashboard"): the logo, then dashboard, pending invitations,
 * billing, account settings and logout. On a phone (issue #43) it is one row: the logo and a Menu
 * button that discloses the same buttons (dashboard.css), the invitations' count on the button;
 * on the vault screen the drawer's toggle sits before the logo, so the list starts right below.
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
  vaultsToggle,
}: DashboardHeaderProps) {
  const { pathname } = useLocation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { open: menuOpen, headerRef, toggleRef, toggle, onKeyDown, onNavClick } = useHeaderMenu(pathname);
  const navId = useId();
  const toggleProps = { open: menuOpen, toggleRef, onToggle: toggle, controls: navId };
  return (
    <header ref={headerRef} className={menuOpen ? 'dashboard-header dashboard-header--menu-open' : 'dashboard-header'} onKeyDown={onKeyDown}>
      <div className="dashboard-header__start">
        {vaultsToggle}
        <Link to="/dashboard" className="dashboard-header__brand">
          <Logo />
          Keyloft
        </Link>
      </div>
      {invitations === null ? (
        <MenuToggle {...toggleProps} pending={0} />
      ) : (
        <MenuToggleWithCount {...toggleProps} api={invitations} />
      )}
      <nav id={navId} aria-label="Account" className="dashboard-header__nav" onClick={onNavClick}>
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

interface MenuToggleProps {
  readonly open: boolean;
  readonly toggleRef: RefObject<HTMLButtonElement | null>;
  readonly onToggle: () => void;
  readonly controls: string;
  readonly pending: number;
}

/**
 * The phone's Menu button. It carries the pending invitations' count, so it is seen without
 * opening the menu: the Invitations button's badge, and its tooltip as the description.
 */
function MenuToggle({ open, toggleRef, onToggle, controls, pending }: MenuToggleProps) {
  const label = pending > 0 ? pendingInvitationsLabel(pending) : undefined;
  return (
    <Button
      ref={toggleRef}
      variant="secondary"
      size="sm"
      icon={open ? <XIcon /> : <MenuIcon />}
      className="dashboard-header__menu"
      title={label}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {HEADER_TEXTS.menu}
      {pending > 0 && (
        <span className="invitations-button__badge" aria-hidden="true">
          {pending}
        </span>
      )}
    </Button>
  );
}

/** The Menu button with the count of the same cached list the Invitations button shows. */
function MenuToggleWithCount({ api, ...props }: Omit<MenuToggleProps, 'pending'> & { readonly api: MyInvitationsApi }) {
  return <MenuToggle {...props} pending={usePendingInvitations(api).invitations.length} />;
}

/**
 * The phone's header menu, a disclosure: Menu opens it; Escape, Menu again, a click outside it or
 * a link followed close it. A button that opens a dialog (Invitations, Account Settings) leaves it
 * open, so the dialog gives focus back to that button when it closes.
 */
function useHeaderMenu(pathname: string) {
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      // A dialog opened from the menu sits outside the header: using it is not leaving the menu.
      if (target === null || headerRef.current?.contains(target) === true || target.closest('.dialog-overlay') !== null) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  return {
    open,
    headerRef,
    toggleRef,
    toggle: () => {
      setOpen((shown) => !shown);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // An Escape in a dialog stops there (ui/Dialog); one that reaches here is the menu's.
      if (!open || event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
    },
    onNavClick: (event: MouseEvent<HTMLElement>) => {
      if (event.target instanceof Element && event.target.closest('a') !== null) setOpen(false);
    },
  };
}
