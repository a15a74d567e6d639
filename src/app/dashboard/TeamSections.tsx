// The dashboard's two team sections (SPEC.md §2 "Dashboard", "Team list"). Both show one list,
// loaded once by useTeams in DashboardPage: owned teams under 'My Teams', the others under 'Joined Teams'.
export { JoinedTeams as JoinedTeamsSection, MyTeams as MyTeamsSection } from '../../features/teams';
