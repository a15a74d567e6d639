import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { AuthUser } from '../../data/auth/authGateway';
import type { Repositories } from '../../data/repositories';
import { parseNotice, parseOpenTeam } from '@keyloft/contract/navigationNotice';
import { AUTH_MESSAGES, signOutQuietly, VerificationNotice } from '../../features/auth';
import { planOf } from '../../features/billing';
import { offerRemovalAfterSignOut } from '../../features/deviceCopy';
import { useMyInvitationsApi } from '../../features/invitations';
import { ManageMembersDialog, useLiveTeams, usePublishOwnKey, useRotationResume, useTeamAccesses, useTeams, useTeamServices, type TeamSummary } from '../../features/teams';
import { createDetailsCache, ItemFilterContext, itemToShow, totalCount, useSessionStates, vaultCount, VaultSessions, VaultSessionsContext, type ItemCounts, type ItemFilter, type VaultState } from '../../features/vault';
import { useSession, useSessionStore } from '../../session/SessionContext';
import { ServerStateProvider } from '../../session/serverState/ServerStateProvider';
import { useAccountRecord } from '../../session/serverState/useAccountRecord';
import { useAutoLockSettings } from '../../session/useAutoLock';
import { Button } from '../../ui/Button';
import { LayersIcon } from '../../ui/icons';
import { useAppServices } from '../AppServices';
import { DeletedTeamLogs } from '../../features/activity';
import { activityServicesOf } from './activityServices';
import { DashboardHeader } from './DashboardHeader';
import { useOpenVaults } from './openVaults';
import { VaultOfflineBanner } from './VaultOfflineBanner';
import { ALL_ITEMS, sourceKeyOf, teamScope, withoutTeam, type VaultScope } from './scope';
import { VaultSidebar } from './sidebar/VaultSidebar';
import { VaultTools } from './sidebar/VaultTools';
import { useDrawer } from './useDrawer';
import { VaultMain } from './VaultMain';
import { useAccountDialogs } from './useAccountDialogs';
import { useVaultTransfer } from './vaultTransfer';
import { loadEntryStrength } from './entryStrength';
import './dashboard.css';

/**
 * The signed-in home (SPEC.md §2), as one vault screen (issue #21): the header, a sidebar of vaults
 * (All items, Personal Passwords, My Teams, Joined Teams) and the chosen vault's list and item pane.
 */
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

const NO_TEAMS: readonly TeamSummary[] = [];

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
  const { auth, teamFunctions, invitationFunctions, autoLock, deviceCopy, connection } = useAppServices();
  const location = useLocation();
  const arrived = parseNotice(location.state);
  // The sign-up's notice has a place of its own (it arrives after the vault opens); others show here.
  const verificationSent = arrived === AUTH_MESSAGES.verificationSent;
  const notice = verificationSent ? null : arrived;
  const [loggingOut, setLoggingOut] = useState(false);
  // A reopened invitation link of a team the user is in arrives with that team to open (issue #17).
  const [scope, setScope] = useState<VaultScope>(() => {
    const teamId = parseOpenTeam(location.state);
    return teamId === null ? ALL_ITEMS : teamScope(teamId);
  });
  const [managingTeamId, setManagingTeamId] = useState<string | null>(null);
  // An entry the sidebar's health report asked to open, shown on All items (a new object each time)
  // once All items is on screen: a list asked at its first render would take it as already shown.
  const [shownEntry, setShownEntry] = useState<{ readonly id: string } | null>(null);
  // Or the item a link asked for (`/dashboard?item=<id>`, the extension's "Open in the web vault").
  const [entryToShow, setEntryToShow] = useState<string | null>(() => itemToShow(location.search));
  const drawerId = useId();
  const drawerToggle = useRef<HTMLButtonElement>(null);
  const drawer = useDrawer(drawerId, drawerToggle);
  const uid = user.uid;
  // What the last logout left to say about the device copy is over once someone signs in again.
  useEffect(() => {
    deviceCopy.afterLogout.write(null);
  }, [deviceCopy]);

  const dataLayer = useDataLayer();
  const repositories = dataLayer !== null && 'repositories' in dataLayer ? dataLayer.repositories : null;
  const account = useAccountRecord(repositories?.users ?? null, uid);
  usePublishOwnKey(repositories, uid, account.record, () => store.keys() !== null);
  const ready = repositories !== null && account.settled ? repositories : null;
  const plan = planOf(account.record, account.settled, account.readAt);

  const keys = store.keys();
  const services = useTeamServices(
    ready === null ? null : { repositories: ready, functions: teamFunctions, invitationFunctions, userId: uid, record: account.record, keys },
  );
  const teamList = useTeams(services?.teams ?? null);
  useLiveTeams(ready?.teams ?? null, uid);
  const members = services?.members ?? null;
  useRotationResume(teamList, members);
  const refreshIdToken = useCallback(async () => (await auth.gateway()).refreshIdToken(), [auth]);
  const checkVerified = useCallback(async () => (await (await auth.gateway()).reloadUser())?.emailVerified ?? false, [auth]);
  const authVerified = useCallback(async () => (await auth.gateway()).currentUser()?.emailVerified ?? false, [auth]);
  const myInvitations = useMyInvitationsApi(
    ready === null
      ? null
      : { invitations: ready.invitations, users: ready.users, functions: invitationFunctions, user: { uid, email: user.email, emailVerified: user.emailVerified }, refreshIdToken, authVerified },
  );
  // Entry details opened on demand (sealed entries) stay in memory only while the keys do, and so
  // do the open vaults.
  const details = useMemo(() => createDetailsCache(), []);
  const vaults = useMemo(() => new VaultSessions(), []);
  useEffect(() => store.onKeysForgotten(details.clear), [store, details]);
  useEffect(() => {
    const forget = store.onKeysForgotten(vaults.clear);
    return () => {
      forget();
      vaults.clear();
    };
  }, [store, vaults]);
  const vaultDeps = useMemo(
    () => (ready !== null && keys ? { passwords: ready.passwords, groups: ready.groups, vaultKey: keys.vaultKey, userId: uid, details, strength: loadEntryStrength, now: () => Date.now() } : null),
    [ready, keys, uid, details],
  );
  const teams = useMemo(() => teamList?.teams ?? [], [teamList?.teams]);
  const activity = useMemo(() => (ready === null ? null : activityServicesOf(ready)), [ready]);
  const teamIds = useMemo(() => teams.map((team) => team.id), [teams]);
  const deletedTeams = activity === null ? null : <DeletedTeamLogs ownerUid={uid} services={activity} teamIds={teamIds} />;
  // Under the upgrade overlay no team key is opened up front (a joined team's opens with its view).
  const accesses = useTeamAccesses({ teams: ready?.teams ?? null, userId: uid, keys, list: plan.locked ? NO_TEAMS : teams });
  const open = useOpenVaults({ sessions: vaults, personal: vaultDeps, accesses, teams, teamsListed: teamList?.status === 'ready', teamsLoading: teamList === null || teamList.status === 'loading', repositories: ready, userId: uid, details, enabled: !plan.locked });
  const openSessions = useMemo(() => [...(open.personal === null ? [] : [open.personal]), ...open.teams.values()], [open.personal, open.teams]);
  const states = useSessionStates(openSessions);
  const teamStates = useMemo(() => {
    const byTeam = new Map<string, VaultState>();
    [...open.teams.keys()].forEach((teamId, index) => {
      const state = states[index + (open.personal === null ? 0 : 1)];
      if (state !== undefined) byTeam.set(teamId, state);
    });
    return byTeam;
  }, [open.teams, open.personal, states]);
  // Complete or not shown (issue #43): a vault still to open or answer keeps the total a placeholder.
  const total = totalCount(states.map(vaultCount), open.opening);
  // A team that went (left, deleted) leaves the screen on All items.
  const shownScope = teamList?.status === 'ready' ? withoutTeam(scope, new Set(teams.map((team) => team.id))) : scope;

  // All items is on screen once the personal vault can open (VaultMain): not under the plan's overlay.
  const allItemsShown = shownScope.kind === 'all' && repositories !== null && vaultDeps !== null && !plan.locked;
  useEffect(() => {
    if (entryToShow === null || !allItemsShown) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- after All items has rendered its list (see above)
    setShownEntry({ id: entryToShow });
    setEntryToShow(null);
  }, [entryToShow, allItemsShown]);

  const transfer = useVaultTransfer(account.record);
  const autoLockSettings = useAutoLockSettings(autoLock, uid);
  const accountDialogs = useAccountDialogs(user);
  const onManageMembers = members === null ? undefined : setManagingTeamId;
  // The sidebar's Favourites and kinds (issue #44), over whichever list is on screen.
  const [filter, setFilter] = useState<ItemFilter>('all');
  const [itemCounts, setItemCounts] = useState<ItemCounts | null>(null);
  const closeDrawer = drawer.close;
  const itemFilter = useMemo(
    () => ({
      filter,
      onFilter: (next: ItemFilter) => {
        setFilter(next);
        closeDrawer();
      },
      counts: itemCounts,
      onCounts: setItemCounts,
    }),
    [filter, closeDrawer, itemCounts],
  );
  const choose = (next: VaultScope) => {
    setScope(next);
    drawer.close();
  };

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
        vaultsToggle={
          <Button
            ref={drawerToggle}
            variant="ghost"
            size="sm"
            iconOnly
            icon={<LayersIcon />}
            aria-label="Vaults and teams"
            title="Vaults and teams"
            className="vault-screen__drawer-toggle"
            aria-expanded={drawer.open}
            aria-controls={drawerId}
            onClick={drawer.toggle}
          />
        }
        onLogout={() => {
          setLoggingOut(true);
          // The signed-out screen then offers to remove the device copy (once, in this tab).
          offerRemovalAfterSignOut(deviceCopy);
          void signOutQuietly(auth.deps);
        }}
      />
      <VaultSessionsContext.Provider value={vaults}>
        <ItemFilterContext.Provider value={itemFilter}>
          <div className="vault-screen">
            <VaultSidebar
              id={drawerId}
              scope={shownScope}
              onScope={choose}
              personal={open.personal === null ? null : (states[0] ?? null)}
              teamStates={teamStates}
              openingTeams={open.openingTeams}
              total={total}
              teams={teamList}
              planId={plan.planId}
              locked={plan.locked}
              onManageMembers={onManageMembers}
              open={drawer.open}
              deletedTeams={deletedTeams}
              tools={
                <VaultTools
                  sources={open.sources}
                  currentKey={sourceKeyOf(shownScope)}
                  record={account.record}
                  loadStrengthEstimator={loadEntryStrength}
                  onShowEntry={(id) => {
                    choose(ALL_ITEMS);
                    itemFilter.onFilter('all');
                    setEntryToShow(id);
                  }}
                />
              }
            />
            {drawer.open && <button type="button" className="vault-screen__backdrop" aria-label="Close the vaults menu" tabIndex={-1} onClick={drawer.close} />}
            <main id="main" className="dashboard__main vault-screen__main">
              <h1 className="visually-hidden">Dashboard</h1>
              <VaultOfflineBanner connection={connection} deviceCopy={deviceCopy.enabled()} sources={open.sources} />
              {notice !== null && (
                <p role="status" className="notice notice--success">
                  {notice}
                </p>
              )}
              {dataLayer !== null && 'failed' in dataLayer ? (
                <p role="alert" className="notice notice--error">
                  Failed to load teams/passwords
                </p>
              ) : repositories === null ? (
                <p role="status">Opening your vault…</p>
              ) : (
                <VaultMain
                  scope={shownScope}
                  onScope={setScope}
                  locked={plan.locked}
                  personal={vaultDeps}
                  sources={open.sources}
                  opening={open.opening}
                  teams={teams}
                  repositories={repositories}
                  keys={keys}
                  userId={uid}
                  details={details}
                  transfer={transfer}
                  onManageMembers={onManageMembers}
                  shownEntry={shownEntry}
                />
              )}
              <VerificationNotice uid={uid} sentNow={verificationSent} emailVerified={user.emailVerified} checkVerified={checkVerified} storage={window.localStorage} />
            </main>
          </div>
        </ItemFilterContext.Provider>
      </VaultSessionsContext.Provider>
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
