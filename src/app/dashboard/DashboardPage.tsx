import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { AuthUser } from '../../data/auth/authGateway';
import type { Repositories } from '../../data/repositories';
import { parseNotice, parseOpenTeam } from '@keyloft/contract/navigationNotice';
import { signOutQuietly } from '../../features/auth';
import { planOf } from '../../features/billing';
import { useMyInvitationsApi } from '../../features/invitations';
import { ManageMembersDialog, usePublishOwnKey, useRotationResume, useTeams, useTeamServices, viewPasswordsButtonId } from '../../features/teams';
import { PersonalPasswordsSection, createDetailsCache } from '../../features/vault';
import { useSession, useSessionStore } from '../../session/SessionContext';
import { ServerStateProvider } from '../../session/serverState/ServerStateProvider';
import { useAccountRecord } from '../../session/serverState/useAccountRecord';
import { useAutoLockSettings } from '../../session/useAutoLock';
import { UpgradeOverlay } from '../../ui/UpgradeOverlay';
import { useAppServices } from '../AppServices';
import { DashboardHeader } from './DashboardHeader';
import { JoinedTeamsSection, MyTeamsSection } from './TeamSections';
import { TeamVaultHost } from './TeamVaultHost';
import { useAccountDialogs } from './useAccountDialogs';
import { useVaultTransfer } from './vaultTransfer';
import './dashboard.css';

/** The signed-in home: header, Personal Passwords, My Teams, Joined Teams (SPEC.md §2). */
export default function DashboardPage() {
  const session = useSession();
  const store = useSessionStore();
  if (session.status !== 'unlocked') return null;
  // One cache of server state per signed-in user, emptied when the keys are forgotten.
  return (
    <ServerStateProvider key={session.user.uid} clearOn={store.onKeysForgotten}>
      <Dashboard user={session.user} />
    </ServerStateProvider>
  );
}

type DataLayer = { readonly repositories: Repositories } | { readonly failed: true } | null;

/** The data layer, loaded on demand (null while it loads). */
function useDataLayer(): DataLayer {
  const { repositories: loadRepositories } = useAppServices();
  const [loaded, setLoaded] = useState<DataLayer>(null);
  useEffect(() => {
    let current = true;
    loadRepositories().then(
      (repositories) => {
        if (current) setLoaded({ repositories });
      },
      (error: unknown) => {
        console.error('The data layer could not be loaded', error);
        if (current) setLoaded({ failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [loadRepositories]);
  return loaded;
}

function Dashboard({ user }: { user: AuthUser }) {
  const store = useSessionStore();
  const { auth, teamFunctions, invitationFunctions, autoLock } = useAppServices();
  const location = useLocation();
  const notice = parseNotice(location.state);
  const [loggingOut, setLoggingOut] = useState(false);
  /** The team whose passwords are shown in place of the sections ('View Passwords'). */
  // A reopened invitation link of a team the user is in arrives with that team to open (issue #17).
  const [openTeamId, setOpenTeamId] = useState<string | null>(() => parseOpenTeam(location.state));
  const [managingTeamId, setManagingTeamId] = useState<string | null>(null);
  /** Back from a team's view, focus returns to that team's 'View Passwords' once it is shown again. */
  const returnFocusTo = useRef<string | null>(null);
  useEffect(() => {
    const teamId = returnFocusTo.current;
    if (openTeamId !== null || teamId === null) return;
    const button = document.getElementById(viewPasswordsButtonId(teamId));
    if (button === null) return;
    returnFocusTo.current = null;
    button.focus();
  });
  const uid = user.uid;

  const dataLayer = useDataLayer();
  const repositories = dataLayer !== null && 'repositories' in dataLayer ? dataLayer.repositories : null;
  const account = useAccountRecord(repositories?.users ?? null, uid);
  usePublishOwnKey(repositories, uid, account.record);
  const ready = repositories !== null && account.settled ? repositories : null;
  const plan = planOf(account.record, account.settled, account.readAt);

  const keys = store.keys();
  const services = useTeamServices(
    ready === null ? null : { repositories: ready, functions: teamFunctions, invitationFunctions, userId: uid, record: account.record, keys },
  );
  const teamList = useTeams(services?.teams ?? null);
  const members = services?.members ?? null;
  useRotationResume(teamList, members);
  const refreshIdToken = useCallback(async () => (await auth.gateway()).refreshIdToken(), [auth]);
  const myInvitations = useMyInvitationsApi(
    ready === null
      ? null
      : { invitations: ready.invitations, users: ready.users, functions: invitationFunctions, user: { uid, email: user.email, emailVerified: user.emailVerified }, refreshIdToken },
  );
  // Entry details opened on demand (sealed entries) stay in memory only while the keys do.
  const details = useMemo(() => createDetailsCache(), []);
  useEffect(() => store.onKeysForgotten(details.clear), [store, details]);
  const vaultDeps = useMemo(
    () => (ready !== null && keys ? { passwords: ready.passwords, groups: ready.groups, vaultKey: keys.vaultKey, userId: uid, details, now: () => Date.now() } : null),
    [ready, keys, uid, details],
  );

  const transfer = useVaultTransfer(account.record);
  const autoLockSettings = useAutoLockSettings(autoLock, uid);
  const accountDialogs = useAccountDialogs(user);
  const onManageMembers = members === null ? undefined : setManagingTeamId;

  return (
    <div className="dashboard">
      <DashboardHeader
        user={user}
        loggingOut={loggingOut}
        invitations={myInvitations}
        planName={plan.planName}
        autoLock={autoLockSettings}
        onAutoLockChange={(settings) => {
          autoLock.set(uid, settings);
        }}
        accountActions={accountDialogs.actions}
        onLogout={() => {
          setLoggingOut(true);
          void signOutQuietly(auth.deps);
        }}
      />
      <main id="main" className="dashboard__main">
        <h1 className="visually-hidden">Dashboard</h1>
        {notice !== null && (
          <p role="status" className="notice notice--success">
            {notice}
          </p>
        )}
        {openTeamId !== null && repositories !== null ? (
          <TeamVaultHost
            teamId={openTeamId}
            details={details}
            summary={teamList?.teams.find((team) => team.id === openTeamId)}
            repositories={repositories}
            keys={keys}
            userId={uid}
            transfer={transfer}
            onBack={() => {
              returnFocusTo.current = openTeamId;
              setOpenTeamId(null);
            }}
          />
        ) : dataLayer !== null && 'failed' in dataLayer ? (
          <p role="alert" className="notice notice--error">
            Failed to load teams/passwords
          </p>
        ) : vaultDeps === null ? (
          <p role="status">Opening your vault…</p>
        ) : (
          <UpgradeOverlay locked={plan.locked}>
            {/* Under the overlay nothing is decrypted: the sections are replaced, not hidden. */}
            {plan.locked ? (
              <LockedPlaceholder />
            ) : (
              <>
                <PersonalPasswordsSection deps={vaultDeps} transfer={transfer} />
                <MyTeamsSection teams={teamList} planId={plan.planId} onOpenTeam={setOpenTeamId} onManageMembers={onManageMembers} />
              </>
            )}
          </UpgradeOverlay>
        )}
        {openTeamId === null && <JoinedTeamsSection teams={teamList} onOpenTeam={setOpenTeamId} onManageMembers={onManageMembers} />}
      </main>
      {members !== null && managingTeamId !== null && (
        <ManageMembersDialog
          api={members}
          teamId={managingTeamId}
          onClose={() => {
            setManagingTeamId(null);
          }}
          onLeft={() => {
            setManagingTeamId(null);
          }}
        />
      )}
      {accountDialogs.dialogs}
    </div>
  );
}

function LockedPlaceholder() {
  return (
    <div className="dashboard__locked">
      <h2>Personal Passwords</h2>
      <p>Your passwords stay encrypted and safe while your plan is inactive.</p>
      <h2>My Teams</h2>
    </div>
  );
}
