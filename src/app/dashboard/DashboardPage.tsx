import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Repositories } from '../../data/repositories';
import { parseNotice, parseOpenTeam } from '@keyloft/contract/navigationNotice';
import { effectivePlanId, FREE_PLAN_ID, showsUpgradeOverlay, subscriptionOrFallback } from '@keyloft/contract/subscription';
import { signOutQuietly } from '../../features/auth/flows/signIn';
import { createMyInvitationsApi } from '../../features/invitations/invitationService';
import {
  createTeamMembersApi,
  createTeamsApi,
  ManageMembersDialog,
  useRotationResume,
  useTeams,
  viewPasswordsButtonId,
  type TeamInvitationDeps,
  type TeamMembersApi,
  type TeamsApi,
} from '../../features/teams';
import { createDetailsCache } from '../../features/vault/detailsCache';
import { PersonalPasswordsSection } from '../../features/vault/PersonalPasswordsSection';
import { useSession, useSessionStore } from '../../session/SessionContext';
import { useAutoLockSettings } from '../../session/useAutoLock';
import { UpgradeOverlay } from '../../ui/UpgradeOverlay';
import { useAppServices } from '../AppServices';
import { DashboardHeader } from './DashboardHeader';
import { JoinedTeamsSection, MyTeamsSection } from './TeamSections';
import { TeamVaultHost } from './TeamVaultHost';
import { useAccountDialogs } from './useAccountDialogs';
import './dashboard.css';

const clock = () => Date.now();

type Loaded =
  | {
      readonly repositories: Repositories;
      readonly locked: boolean;
      readonly planId: string;
      /** The subscription's plan name, shown in Account Settings. */
      readonly planName: string;
      /** The user's own public key, from their record: teams they create are wrapped for it. */
      readonly ownPublicKey: string | null;
    }
  | { readonly failed: true };

export interface DashboardPageProps {
  /**
   * Replaces the team service built from the app services (screen tests of the team sections);
   * null shows the team sections' empty states.
   */
  readonly teams?: TeamsApi | null;
  /** Replaces the service of the 'Manage Team Members' modal; without it, a replaced `teams` leaves 'Manage Members' off. */
  readonly members?: TeamMembersApi | null;
}

/** The signed-in home: header, Personal Passwords, My Teams, Joined Teams (SPEC.md §2). */
export default function DashboardPage({ teams, members }: DashboardPageProps) {
  const session = useSession();
  const store = useSessionStore();
  const { auth, repositories: loadRepositories, teamFunctions, invitationFunctions, autoLock } = useAppServices();
  const location = useLocation();
  const notice = parseNotice(location.state);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
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
  const uid = session.status === 'unlocked' ? session.user.uid : null;

  useEffect(() => {
    if (uid === null) return;
    const controller = new AbortController();
    void (async () => {
      const repositories = await loadRepositories().catch((error: unknown) => {
        console.error('The data layer could not be loaded', error);
        return null;
      });
      if (repositories === null) {
        if (!controller.signal.aborted) setLoaded({ failed: true });
        return;
      }
      // SPEC.md §4: if the subscription cannot be read, the free plan (active) is assumed.
      const record = await repositories.users.get(uid).catch((error: unknown) => {
        console.error('Could not read the subscription', error);
        return null;
      });
      const subscription = subscriptionOrFallback(record?.subscription);
      // Teammates wrap team keys for the key published here; accounts made before publicKeys
      // existed publish at their next unlock. It is created once and never changed.
      if (record !== null) {
        repositories.publicKeys.publish(uid, record.publicKey, Date.now()).catch((error: unknown) => {
          console.error('Could not publish the public key', error);
        });
      }
      if (!controller.signal.aborted) {
        const now = Date.now();
        setLoaded({
          repositories,
          locked: showsUpgradeOverlay(subscription, now),
          planId: effectivePlanId(subscription, now),
          planName: subscription.planName,
          ownPublicKey: record?.publicKey ?? null,
        });
      }
    })();
    return () => {
      controller.abort();
    };
  }, [uid, loadRepositories]);

  const keys = store.keys();
  const teamDeps = useMemo(
    (): TeamInvitationDeps | null =>
      loaded && !('failed' in loaded) && loaded.ownPublicKey !== null && keys && uid !== null
        ? {
            teams: loaded.repositories.teams,
            publicKeys: loaded.repositories.publicKeys,
            knownKeys: loaded.repositories.knownKeys,
            passwords: loaded.repositories.passwords,
            // A rotation re-seals sealed team groups too (a finish waits for them).
            groups: loaded.repositories.groups,
            functions: teamFunctions,
            invitations: loaded.repositories.invitations,
            invitationFunctions,
            appOrigin: window.location.origin,
            userId: uid,
            ownPublicKey: loaded.ownPublicKey,
            keys,
            now: clock,
          }
        : null,
    [loaded, keys, uid, teamFunctions, invitationFunctions],
  );
  const builtTeams = useMemo(() => (teamDeps === null ? null : createTeamsApi(teamDeps)), [teamDeps]);
  const builtMembers = useMemo(() => (teamDeps === null ? null : createTeamMembersApi(teamDeps)), [teamDeps]);
  const teamList = useTeams(teams === undefined ? builtTeams : teams);
  // A replaced team list is not mixed with the real members service: its ids mean nothing there.
  const membersApi = members !== undefined ? members : teams === undefined ? builtMembers : null;
  const onManageMembers = membersApi === null ? undefined : setManagingTeamId;
  useRotationResume(teamList, membersApi);
  const email = session.status === 'unlocked' ? session.user.email : null;
  const emailVerified = session.status === 'unlocked' && session.user.emailVerified;
  const myInvitations = useMemo(
    () =>
      loaded && !('failed' in loaded) && uid !== null
        ? createMyInvitationsApi({
            invitations: loaded.repositories.invitations,
            users: loaded.repositories.users,
            functions: invitationFunctions,
            currentUser: () => ({ uid, email, emailVerified }),
            refreshIdToken: async () => (await auth.gateway()).refreshIdToken(),
            now: clock,
          })
        : null,
    [loaded, uid, email, emailVerified, invitationFunctions, auth],
  );
  // Entry details opened on demand (sealed entries) stay in memory only while the keys do.
  const details = useMemo(() => createDetailsCache(), []);
  useEffect(() => store.onKeysForgotten(details.clear), [store, details]);
  const vaultDeps = useMemo(
    () =>
      loaded && !('failed' in loaded) && keys && uid !== null
        ? { passwords: loaded.repositories.passwords, groups: loaded.repositories.groups, vaultKey: keys.vaultKey, userId: uid, details, now: () => Date.now() }
        : null,
    [loaded, keys, uid, details],
  );

  const autoLockSettings = useAutoLockSettings(autoLock, uid);
  const account = useAccountDialogs(session.status === 'unlocked' ? session.user : null);

  if (session.status !== 'unlocked') return null;
  const repositories = loaded !== null && 'repositories' in loaded ? loaded.repositories : null;
  const locked = loaded !== null && 'locked' in loaded && loaded.locked;
  const planId = loaded !== null && 'planId' in loaded ? loaded.planId : FREE_PLAN_ID;
  const planName = loaded !== null && 'planName' in loaded ? loaded.planName : null;

  return (
    <div className="dashboard">
      <DashboardHeader
        user={session.user}
        loggingOut={loggingOut}
        invitations={myInvitations}
        planName={planName}
        autoLock={autoLockSettings}
        onAutoLockChange={(settings) => {
          autoLock.set(session.user.uid, settings);
        }}
        accountActions={account.actions}
        onJoined={() => {
          void teamList?.refresh();
        }}
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
            userId={session.user.uid}
            onBack={() => {
              returnFocusTo.current = openTeamId;
              setOpenTeamId(null);
            }}
          />
        ) : loaded !== null && 'failed' in loaded ? (
          <p role="alert" className="notice notice--error">
            Failed to load teams/passwords
          </p>
        ) : vaultDeps === null ? (
          <p role="status">Opening your vault…</p>
        ) : (
          <UpgradeOverlay locked={locked}>
            {/* Under the overlay nothing is decrypted: the sections are replaced, not hidden. */}
            {locked ? (
              <LockedPlaceholder />
            ) : (
              <>
                <PersonalPasswordsSection deps={vaultDeps} />
                <MyTeamsSection teams={teamList} planId={planId} onOpenTeam={setOpenTeamId} onManageMembers={onManageMembers} />
              </>
            )}
          </UpgradeOverlay>
        )}
        {openTeamId === null && <JoinedTeamsSection teams={teamList} onOpenTeam={setOpenTeamId} onManageMembers={onManageMembers} />}
      </main>
      {membersApi !== null && managingTeamId !== null && (
        <ManageMembersDialog
          api={membersApi}
          teamId={managingTeamId}
          onClose={() => {
            setManagingTeamId(null);
          }}
          onChanged={() => {
            void teamList?.refresh();
          }}
          onLeft={() => {
            setManagingTeamId(null);
          }}
        />
      )}
      {account.dialogs}
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
